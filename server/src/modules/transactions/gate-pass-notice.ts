import type { SaleState } from '@contracts/after-sale';
import type { Executor } from '../../db/client';
import type { transactions } from '../../db/schema';
import { gatePassChangedMessage } from '../notifications/delivery-messages';
import type { Notification } from '../notifications/enqueue-notifications';
import { saleFactsOf } from './transaction-views';

/**
 * A gate pass exists only while the car may leave (issue #44): when a step withdraws it (a later
 * charge left money owed) or brings it back (settled), the dealer's main contact is told, under the
 * pickup preference. `entityId`: the step that changed it (one message per step).
 */
export async function gatePassNotices(
  tx: Executor,
  sale: typeof transactions.$inferSelect,
  before: Pick<SaleState, 'gatePassCode' | 'gatePassWithdrawn'>,
  after: Pick<SaleState, 'gatePassCode' | 'gatePassWithdrawn'>,
  entityId: number,
): Promise<Notification[]> {
  const withdrawn = before.gatePassCode !== null && after.gatePassWithdrawn !== null;
  const reissued = before.gatePassWithdrawn !== null && after.gatePassCode !== null;
  if (!withdrawn && !reissued) return [];
  const facts = await saleFactsOf(tx, sale);
  return [
    {
      event: 'pickup_ready',
      entityId,
      to: [{ dealerId: sale.dealerId, contact: 'main' }],
      message: gatePassChangedMessage({
        vehicle: facts.vehicle,
        transactionId: sale.id,
        dealerName: facts.dealerName,
        withdrawn: withdrawn ? after.gatePassWithdrawn : null,
        gatePassCode: reissued ? after.gatePassCode : null,
      }),
    },
  ];
}
