import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, offers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { revokeSubjectSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { dealerDeactivatedMessage } from '../notifications/sale-messages';
import { declineOpenOffers } from '../open-offers/decline-open-offers';
import { toDealer } from './dealer-views';

/**
 * Activates or deactivates a dealer. Deactivating ends its sessions, and its codes stop working at
 * once (every code check joins the dealer); its open offers are declined, and its main contact is
 * told in the same DB transaction.
 */
export async function setDealerActive(db: Database, dealerId: number, active: boolean, actor: Actor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dealers).where(eq(dealers.id, dealerId)).for('update');
    if (!before) throw notFound('Dealer not found');
    const [after] = await tx.update(dealers).set({ active }).where(eq(dealers.id, dealerId)).returning();
    let declinedOffers = 0;
    if (!active) {
      await revokeSubjectSessions(tx, 'dealer', dealerId);
      // The deactivation message names the declined offers: one message, not one per offer.
      declinedOffers = await declineOpenOffers(tx, eq(offers.dealerId, dealerId), 'Dealer deactivated', {
        tellDealers: false,
      });
    }
    if (before.active !== active) {
      const auditId = await writeAudit(tx, actor, {
        entity: 'dealer',
        entityId: dealerId,
        action: active ? 'activated' : 'deactivated',
        before: { active: before.active },
        after: { active },
      });
      if (!active) {
        // Keyed by the audit row: each deactivation is told once, a later one again.
        await enqueueNotifications(tx, [
          {
            event: 'dealer_deactivated',
            entityId: auditId,
            to: [{ dealerId, contact: 'main' }],
            message: dealerDeactivatedMessage({ dealerName: before.dealerName, declinedOffers }),
          },
        ]);
      }
    }
    return toDealer(after!);
  });
}
