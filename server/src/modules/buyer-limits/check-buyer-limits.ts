import { PURCHASE_REFUSALS } from '@contracts/buying';
import { limitRefusal } from '@contracts/deal-total';
import { ERROR_CODES } from '@contracts/errors';
import { BUYING_ROLES, TEAM_TEXT, type TeamRole } from '@contracts/teams';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { dealers, dealerUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Refuses a signed-in viewer before anything is looked up (docs/design.md §10: viewers only look). */
export function assertMayBuy(member: { role: TeamRole } | null | undefined) {
  if (member && !BUYING_ROLES.includes(member.role))
    throw new AppError(
      ERROR_CODES.forbidden,
      TEAM_TEXT.viewerCannotBuy,
      {},
      PURCHASE_REFUSALS.viewerCannotBuy,
    );
}

/** A viewer sees the dashboard and documents; the dealership's other steps are for buyers and owners. */
export function assertMayAct(member: { role: TeamRole } | null | undefined) {
  if (member && !BUYING_ROLES.includes(member.role))
    throw new AppError(ERROR_CODES.forbidden, TEAM_TEXT.viewerReadOnly);
}

type MemberRow = typeof dealerUsers.$inferSelect;

/**
 * The buyer, read again under a lock on their dealership's row (SELECT … FOR UPDATE), so two
 * purchases or charges by the same dealership's people run one after the other and the second sees
 * the first one's sale. Refuses a removed member and one who is no longer a buyer or owner.
 */
export async function lockBuyer(tx: Transaction, buyerUserId: number): Promise<MemberRow> {
  const [member] = await tx.select().from(dealerUsers).where(eq(dealerUsers.id, buyerUserId));
  if (!member || member.disabledAt) throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.buyerGone);
  await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, member.dealerId)).for('update');
  // Read again under the lock: an owner may have just changed the limits or the role.
  const [fresh] = await tx
    .select()
    .from(dealerUsers)
    .where(and(eq(dealerUsers.id, buyerUserId), isNull(dealerUsers.disabledAt)));
  if (!fresh) throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.buyerGone);
  assertMayBuy(fresh);
  return fresh;
}

const overLimit = (message: string) =>
  new AppError(ERROR_CODES.forbidden, message, {}, PURCHASE_REFUSALS.overLimit);

/**
 * A team member's spending limits on what a deal commits the dealership to (price or accepted
 * amount + reconditioning + delivery; docs/decisions/0033-one-deal-total.md): `dealCents` is the
 * deal's commitment, `dayCents` everything the member committed today (the sale time zone's day)
 * including it, `thisDealTodayCents` the part of that from this deal (for the "left today" text).
 */
export function assertWithinLimits(
  member: Pick<MemberRow, 'perVehicleLimit' | 'perDayLimit'>,
  figures: { dealCents: number; dayCents?: number; thisDealTodayCents?: number },
) {
  const refusal = limitRefusal(member, figures);
  if (refusal) throw overLimit(refusal);
}

/**
 * An offer is not a purchase yet: only the per-vehicle limit applies, to the amount offered plus
 * the package asked for; the day's limit when it sells (then on the whole deal).
 */
export async function checkOfferLimits(tx: Transaction, buyerUserId: number, dealCents: number) {
  assertWithinLimits(await lockBuyer(tx, buyerUserId), { dealCents });
}
