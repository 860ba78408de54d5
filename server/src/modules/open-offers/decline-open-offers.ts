import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { offerActivities, offers } from '../../db/schema';

/**
 * Declines every open (pending or countered) offer matching `where`, logging `message` on each —
 * when a car sells or is removed, or a dealer is deactivated. Inside the caller's DB transaction.
 * A leaf module of its own: the sale (vehicles) and dealers need it, and offers sits above both.
 */
export async function declineOpenOffers(tx: Transaction, where: SQL | undefined, message: string) {
  const closed = await tx
    .update(offers)
    .set({ status: 'declined', updatedAt: sql`now()` })
    .where(and(inArray(offers.status, ['pending', 'countered']), where))
    .returning({ id: offers.id, amount: offers.amount });
  if (closed.length > 0) {
    await tx.insert(offerActivities).values(
      closed.map((o) => ({
        offerId: o.id,
        actorType: 'system',
        actorId: null,
        actionType: 'declined',
        amount: o.amount,
        message,
      })),
    );
  }
  return closed.length;
}
