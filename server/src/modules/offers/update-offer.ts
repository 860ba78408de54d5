import { counterBandText, OFFER_TEXT, type OfferView } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { OFFER_WINDOW_HOURS } from '@contracts/limits';
import { formatAmount, formatCents, toCents } from '@contracts/money';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import {
  counterSentMessage,
  counterWithdrawnMessage,
  offerAnsweredMessage,
} from '../notifications/offer-messages';
import { decideOnOffer, recordOfferStep, sellOnOffer } from './decide-on-offer';

export type OfferDecision =
  | { status: 'accepted' }
  | { status: 'declined' }
  | { status: 'countered'; counterAmount: string; counterMessage: string | null };

/**
 * An admin answers a pending offer (docs/product.md §4, docs/design.md §3): accept (sells the vehicle at the offer
 * amount), decline, or counter (a new 48 h window). Only a pending offer can be answered, so a
 * second admin acting on a stale screen gets 409 instead of overwriting the first answer.
 */
export async function updateOffer(
  db: Database,
  input: { offerId: number; admin: Actor; decision: OfferDecision },
): Promise<OfferView> {
  return decideOnOffer(db, input.offerId, {}, async (tx, locked) => {
    const { offer, vehicle } = locked;
    if (offer.status !== 'pending' || offer.expiresAt <= new Date()) {
      throw new AppError(
        ERROR_CODES.conflict,
        offer.status === 'expired' ? 'This offer has expired' : OFFER_TEXT.stale,
      );
    }
    const actor = input.admin;
    const { decision } = input;
    if (decision.status === 'countered') {
      // A counter lies strictly between the dealer's offer and the asking price (issue #27).
      const counter = toCents(decision.counterAmount)!;
      const offered = toCents(offer.amount)!;
      const asking = toCents(vehicle?.price ?? '');
      if (counter <= offered || (asking !== null && counter >= asking))
        throw new AppError(
          ERROR_CODES.badRequest,
          counterBandText(formatCents(offered), asking === null ? null : formatCents(asking)),
        );
    }
    const transactionId =
      decision.status === 'accepted'
        ? await sellOnOffer(tx, locked, { amount: offer.amount, buyerUserId: offer.buyerUserId }, actor)
        : null;

    const countered = decision.status === 'countered';
    const { activityId, updated } = await recordOfferStep(tx, offer, actor, {
      set: {
        status: decision.status,
        counterAmount: countered ? decision.counterAmount : offer.counterAmount,
        counterMessage: countered ? decision.counterMessage : offer.counterMessage,
      },
      newWindowHours: countered ? OFFER_WINDOW_HOURS : undefined,
      activity: {
        actionType: decision.status,
        amount: countered ? decision.counterAmount : offer.amount,
        message: countered
          ? `Countered at ${formatAmount(decision.counterAmount)}${decision.counterMessage ? `: ${decision.counterMessage}` : ''}`
          : decision.status === 'accepted'
            ? 'Offer accepted'
            : 'Offer declined',
      },
      audit: { action: decision.status, before: { status: offer.status }, after: decision },
    });
    // The dealer's main contact hears every answer (docs/design.md §6).
    if (!vehicle) return;
    await enqueueNotifications(tx, [
      {
        event: countered
          ? 'counter_sent'
          : decision.status === 'accepted'
            ? 'offer_accepted'
            : 'offer_declined',
        entityId: activityId,
        to: [{ dealerId: offer.dealerId, contact: 'main' }],
        message: countered
          ? counterSentMessage({
              offerId: offer.id,
              vehicle,
              amount: offer.amount,
              counterAmount: decision.counterAmount,
              counterMessage: decision.counterMessage,
              deadline: { expiresAt: updated.expiresAt, now: updated.updatedAt },
            })
          : offerAnsweredMessage({
              offerId: offer.id,
              transactionId,
              vehicle,
              amount: offer.amount,
              accepted: decision.status === 'accepted',
            }),
      },
    ]);
  });
}

/**
 * The admin takes back a counter the dealer has not answered (issue #27): the offer is pending
 * again at the dealer's own amount, with a new 48 h window for the admin's answer; the dealer is
 * told. One DB transaction, the vehicle locked first like every offer change.
 */
export async function withdrawCounter(
  db: Database,
  input: { offerId: number; admin: Actor },
): Promise<OfferView> {
  return decideOnOffer(db, input.offerId, {}, async (tx, { offer, vehicle }) => {
    if (offer.status !== 'countered' || !offer.counterAmount)
      throw new AppError(ERROR_CODES.conflict, OFFER_TEXT.noCounterToWithdraw);
    const { activityId } = await recordOfferStep(tx, offer, input.admin, {
      set: { status: 'pending', counterAmount: null, counterMessage: null },
      newWindowHours: OFFER_WINDOW_HOURS,
      activity: {
        actionType: 'counter_withdrawn',
        amount: offer.counterAmount,
        message: `Counter of ${formatAmount(offer.counterAmount)} withdrawn; the offer of ${formatAmount(offer.amount)} is open again`,
      },
      audit: {
        action: 'counter_withdrawn',
        before: { status: 'countered', counterAmount: offer.counterAmount },
        after: { status: 'pending' },
      },
    });
    if (vehicle)
      await enqueueNotifications(tx, [
        {
          // The same preference as the counter it takes back.
          event: 'counter_sent',
          entityId: activityId,
          to: [{ dealerId: offer.dealerId, contact: 'main' }],
          message: counterWithdrawnMessage({
            offerId: offer.id,
            vehicle,
            amount: offer.amount,
            counterAmount: offer.counterAmount,
          }),
        },
      ]);
  });
}
