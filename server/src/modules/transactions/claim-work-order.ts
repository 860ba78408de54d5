import { CLAIM_CATEGORIES, type SaleState } from '@contracts/after-sale';
import type { Transaction } from '../../db/client';
import type { transactions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { createWorkOrder } from '../recon/create-work-order';

/** Business days the shop is promised for a bought-back car's claimed item. */
const BUYBACK_REPAIR_DAYS = 5;

/**
 * A car bought back on a claim and sent to reconditioning first (docs/decisions/0043-claim-coverage-and-deductible.md):
 * a work order for the claimed item — one task, the claim's category and description — made by the
 * work-order module's own creation function, promised from today; the car waits in the completion
 * queue until an admin lists it again.
 */
export function createClaimWorkOrder(
  tx: Transaction,
  {
    sale,
    claim,
    actor,
  }: { sale: typeof transactions.$inferSelect; claim: SaleState['claims'][number]; actor: Actor },
) {
  const title = `${CLAIM_CATEGORIES[claim.category]}: ${claim.description}`.slice(0, 200);
  return createWorkOrder(tx, {
    transactionId: sale.id,
    vehicleId: sale.vehicleId,
    dealerId: sale.dealerId,
    package: {
      id: null,
      name: 'Guarantee claim buyback',
      price: '0.00',
      checklist: [title],
      promisedDays: BUYBACK_REPAIR_DAYS,
    },
    actor,
    claim: { id: claim.id, tasks: [{ source: 'claim', title }], from: new Date() },
  });
}
