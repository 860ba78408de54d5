import type { OfferView } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { formatAmount } from '@contracts/money';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { assertMayBuy } from '../buyer-limits/check-buyer-limits';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { counterAnsweredMessage } from '../notifications/offer-messages';
import { decideOnOffer, recordOfferStep, sellOnOffer } from './decide-on-offer';

/**
 * A dealer answers the admin's counter (beyond the spec, docs/design.md §3): only its own countered,
 * unexpired offer. Accepting sells the vehicle at the counter amount, exactly like Buy Now.
 * Locks the vehicle before the offer, the same order as every other sale, so no deadlock.
 */
export async function respondToCounter(
  db: Database,
  input: { offerId: number; dealer: Actor; action: 'accept' | 'decline' },
): Promise<OfferView> {
  return decideOnOffer(db, input.offerId, { dealerId: input.dealer.id! }, async (tx, locked) => {
    const { offer, vehicle } = locked;
    if (offer.status === 'expired' || offer.expiresAt <= new Date())
      throw new AppError(ERROR_CODES.conflict, 'This offer has expired');
    if (offer.status !== 'countered' || !offer.counterAmount)
      throw new AppError(ERROR_CODES.conflict, 'This offer is not waiting for your answer');
    const actor = input.dealer;
    // A viewer may look at offers, not answer them; a member who accepts buys in their own name.
    assertMayBuy(actor.member);
    if (input.action === 'accept')
      await sellOnOffer(
        tx,
        locked,
        { amount: offer.counterAmount, buyerUserId: actor.member?.id ?? offer.buyerUserId },
        actor,
      );
    const status = input.action === 'accept' ? 'accepted' : 'declined';
    const { activityId } = await recordOfferStep(tx, offer, actor, {
      set: { status },
      activity: {
        actionType: input.action === 'accept' ? 'counter_accepted' : 'counter_declined',
        amount: offer.counterAmount,
        message: `Counter offer of ${formatAmount(offer.counterAmount)} ${status}`,
      },
      audit: { action: `counter_${status}`, before: { status: 'countered' }, after: { status } },
    });
    const [dealer] = await tx
      .select({ name: dealers.dealerName })
      .from(dealers)
      .where(eq(dealers.id, offer.dealerId));
    if (!vehicle || !dealer) return;
    await enqueueNotifications(tx, [
      {
        event: status === 'accepted' ? 'counter_accepted' : 'counter_declined',
        entityId: activityId,
        to: [{ admins: true }],
        message: counterAnsweredMessage({
          vehicle,
          dealerName: dealer.name,
          amount: offer.amount,
          counterAmount: offer.counterAmount,
          accepted: status === 'accepted',
        }),
      },
    ]);
  });
}
