import { BUYING_TEXT, type OfferReceipt, offerAtAskingText, PURCHASE_REFUSALS } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { OFFER_WINDOW_HOURS } from '@contracts/limits';
import { formatAmount, formatCents, toCents } from '@contracts/money';
import { OPEN_OFFER_STATUSES } from '@contracts/statuses';
import { TEAM_TEXT } from '@contracts/teams';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { offerActivities, offers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, CredentialRejected, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { claimIdempotencyKey, type IdempotentRequest } from '../../lib/idempotency';
import { writeAudit } from '../audit/write-audit';
import { memberBehindCode, toSessionMember } from '../buy-codes/code-holder';
import { findDealerActiveCode, findUsableBuyCode, markCodeUsed } from '../buy-codes/find-usable-buy-code';
import { assertMayBuy, checkOfferLimits } from '../buyer-limits/check-buyer-limits';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { offerReceivedMessage } from '../notifications/offer-messages';
import { offeredPackage } from '../recon/recon-packages';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { isHeld, isHeldFor } from '../vehicles/first-look';
import { isPublished } from '../vehicles/vehicle-projection';
import { expireOffers } from './expire-offers';

/** What the dealer did to its offer, in the offer's activity log and the audit log; the activity row's id. */
async function recordDealerStep(
  tx: Executor,
  actor: Actor & { type: 'dealer'; id: number },
  offerId: number,
  activity: { actionType: string; amount: string; message: string },
  audit: { action: string; before?: unknown; after: unknown },
) {
  const [row] = await tx
    .insert(offerActivities)
    .values({ offerId, actorType: 'dealer', actorId: actor.id, ...activity })
    .returning({ id: offerActivities.id });
  await writeAudit(tx, actor, { entity: 'offer', entityId: offerId, ...audit });
  return row!.id;
}

/**
 * Make Offer (POST /api/vehicles/:id/offers): a typed buy code must be usable (a wrong one gets
 * the spec's message whatever the car's state), then the vehicle published (an offer does not use
 * the code up); the offer runs 48 h. A dealer's open offer on the same vehicle is replaced in
 * place, and the log says so. One DB transaction, with the vehicle row locked. The answer is a
 * receipt without the dealer's name: name + code is a portal sign-in.
 */
export async function createOffer(
  db: Database,
  input: { vehicleId: number; amount: string; reconPackageId?: number | null | undefined } & (
    | { buyCode: string }
    | { dealer: Actor }
  ),
  idempotency?: IdempotentRequest,
): Promise<OfferReceipt> {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const claim = idempotency ? await claimIdempotencyKey<OfferReceipt>(tx, 'offer', idempotency) : null;
      if (claim?.replay) return claim.replay;

      const sessionMember = 'dealer' in input ? (input.dealer.member ?? null) : null;
      assertMayBuy(sessionMember);
      // The vehicle row is locked first (the one lock order of every sale path); what is told
      // comes in another order: a wrong code gets the spec's message whatever the car's state, and
      // the car's own message comes only once the code matched (issue #44).
      const vehicle = await lockVehicle(tx, input.vehicleId);
      const usable =
        'dealer' in input
          ? await findDealerActiveCode(tx, input.dealer.id!, {
              forUpdate: false,
              memberId: sessionMember?.id ?? null,
            })
          : await findUsableBuyCode(tx, input.buyCode, { forUpdate: false });
      // Any code that cannot make an offer, a wrong one or an inactive dealership's, answers what a
      // wrong code gets on Buy Now, byte for byte (issue #43): the spec's buy-code failure text.
      if (!usable && !('dealer' in input))
        throw new CredentialRejected(
          ERROR_CODES.badRequest,
          BUYING_TEXT.buyFailure,
          {},
          PURCHASE_REFUSALS.invalidCode,
        );
      if (!vehicle) throw notFound('Vehicle not found');
      // Held for a first look: open to the dealerships it is held for (checked once the code names one).
      if (!isPublished(vehicle) && !isHeld(vehicle))
        throw new AppError(ERROR_CODES.conflict, BUYING_TEXT.vehicleUnavailable);
      // At or above the asking price an offer is a purchase: Buy Now (issue #27).
      const asking = toCents(vehicle.price ?? '');
      if (asking !== null && toCents(input.amount)! >= asking)
        throw new AppError(ERROR_CODES.conflict, offerAtAskingText(formatCents(asking)));
      if (!usable)
        throw new AppError(
          ERROR_CODES.conflict,
          sessionMember ? TEAM_TEXT.noOwnCode : TEAM_TEXT.noActiveCode,
        );
      // A typed code carries its holder's role and limits (docs/design.md §11); a session its own member's.
      const holder = 'dealer' in input ? null : await memberBehindCode(tx, usable.buyCode);
      assertMayBuy(holder);
      const member = holder ? toSessionMember(holder) : sessionMember;
      // An offer is not a purchase yet: only the per-vehicle limit applies now, to the deal it would
      // make (the amount + the package asked for); the day's limit when it sells.
      const recon = input.reconPackageId ? await offeredPackage(tx, input.reconPackageId) : null;
      if (member)
        await checkOfferLimits(tx, member.id, toCents(input.amount)! + (toCents(recon?.price ?? '0') ?? 0));

      const dealer = usable.dealer;
      await markCodeUsed(tx, usable.buyCode.id);
      if (!isPublished(vehicle) && !(await isHeldFor(tx, vehicle, dealer.id)))
        throw new AppError(ERROR_CODES.conflict, BUYING_TEXT.vehicleUnavailable);
      const actor = { type: 'dealer' as const, id: dealer.id, member };
      const by = member ? `${member.name} (${dealer.dealerName})` : dealer.dealerName;
      const expiresAt = sql`now() + ${OFFER_WINDOW_HOURS} * interval '1 hour'`;
      const [open] = await tx
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.vehicleId, vehicle.id),
            eq(offers.dealerId, dealer.id),
            inArray(offers.status, [...OPEN_OFFER_STATUSES]),
          ),
        )
        .for('update');
      if (open) await expireOffers(tx, { offerId: open.id });
      const [current] = open
        ? await tx.select({ status: offers.status }).from(offers).where(eq(offers.id, open.id))
        : [];
      const stillOpen = open && (current?.status === 'pending' || current?.status === 'countered');

      let offerId: number;
      let activityId: number;
      if (stillOpen) {
        await tx
          .update(offers)
          .set({
            amount: input.amount,
            buyCodeId: usable.buyCode.id,
            buyerUserId: member?.id ?? null,
            status: 'pending',
            counterAmount: null,
            counterMessage: null,
            expiresAt,
            updatedAt: sql`now()`,
          })
          .where(eq(offers.id, open.id));
        offerId = open.id;
        activityId = await recordDealerStep(
          tx,
          actor,
          offerId,
          {
            actionType: 'replaced',
            amount: input.amount,
            message: `Offer replaced with ${formatAmount(input.amount)} by ${by}`,
          },
          { action: 'replaced', before: open, after: { amount: input.amount } },
        );
      } else {
        const [created] = await tx
          .insert(offers)
          .values({
            vehicleId: vehicle.id,
            dealerId: dealer.id,
            buyCodeId: usable.buyCode.id,
            buyerUserId: member?.id ?? null,
            amount: input.amount,
            reconPackageId: input.reconPackageId ?? null,
            expiresAt,
          })
          .returning();
        offerId = created!.id;
        activityId = await recordDealerStep(
          tx,
          actor,
          offerId,
          {
            actionType: 'submitted',
            amount: input.amount,
            message: `Offer of ${formatAmount(input.amount)} submitted by ${by}`,
          },
          { action: 'created', after: created },
        );
      }

      // A replaced offer is news too: one message per activity row, to every admin.
      const [row] = await tx.select().from(offers).where(eq(offers.id, offerId));
      await enqueueNotifications(tx, [
        {
          event: 'offer_received',
          entityId: activityId,
          to: [{ admins: true }],
          message: offerReceivedMessage({
            vehicle,
            dealerName: by,
            amount: input.amount,
            deadline: { expiresAt: row!.expiresAt, now: row!.updatedAt },
          }),
        },
      ]);

      const receipt: OfferReceipt = {
        id: row!.id,
        vehicleId: row!.vehicleId,
        amount: row!.amount,
        status: 'pending',
        expiresAt: row!.expiresAt.toISOString(),
        createdAt: row!.createdAt.toISOString(),
      };
      await claim?.remember(receipt);
      return receipt;
    }),
  );
}
