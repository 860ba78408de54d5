import { PURCHASE_REFUSALS } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { centsToDecimal } from '@contracts/money';
import { BUYING_ROLES, limitText, TEAM_TEXT, type TeamRole } from '@contracts/teams';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { dealers, dealerUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { SALE_TERMS_SETTING } from '../../lib/sale-terms-setting';

/** Refuses a signed-in viewer before anything is looked up (DESIGN.md §10: viewers only look). */
export function assertMayBuy(member: { role: TeamRole } | null | undefined) {
  if (member && !BUYING_ROLES.includes(member.role))
    throw new AppError(
      ERROR_CODES.forbidden,
      TEAM_TEXT.viewerCannotBuy,
      {},
      PURCHASE_REFUSALS.viewerCannotBuy,
    );
}

/** A non-negative numeric(…,2) string from the database as integer cents ("0", "1234.5"). */
/** A viewer sees the dashboard and documents; the dealership's other steps are for buyers and owners. */
export function assertMayAct(member: { role: TeamRole } | null | undefined) {
  if (member && !BUYING_ROLES.includes(member.role))
    throw new AppError(ERROR_CODES.forbidden, TEAM_TEXT.viewerReadOnly);
}

const dbCents = (decimal: string) => {
  const [whole, fraction = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/**
 * A team member's spending limits, checked inside the sale's DB transaction: the dealership's row
 * is locked (SELECT … FOR UPDATE), so two purchases by the same dealership's people run one after
 * the other here and the second sees the first one's sale. The day is the calendar day in the sale
 * time zone (SALE_TIME_ZONE, kept with the sale terms), read from the database's clock.
 * `daily: false` checks only the per-vehicle limit (an offer is not a purchase yet).
 */
export async function checkBuyerLimits(
  tx: Transaction,
  buyerUserId: number,
  amount: string,
  options: { daily: boolean } = { daily: true },
) {
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
  const cents = dbCents(amount);
  if (fresh.perVehicleLimit !== null && cents > dbCents(fresh.perVehicleLimit))
    throw new AppError(
      ERROR_CODES.forbidden,
      limitText.perVehicle(fresh.perVehicleLimit),
      {},
      PURCHASE_REFUSALS.overLimit,
    );
  if (!options.daily || fresh.perDayLimit === null) return;
  const zone = sql`coalesce((select value::jsonb ->> 'timeZone' from app_settings where key = ${SALE_TERMS_SETTING}), 'America/New_York')`;
  const result = (await tx.execute(sql`
    select coalesce(sum(amount), 0)::text as spent from transactions
    where buyer_user_id = ${buyerUserId} and not cancelled
      and (created_at at time zone ${zone})::date = (now() at time zone ${zone})::date
  `)) as unknown as { rows: { spent: string }[] };
  const spent = dbCents(result.rows[0]!.spent);
  const limit = dbCents(fresh.perDayLimit);
  if (spent + cents > limit)
    throw new AppError(
      ERROR_CODES.forbidden,
      limitText.perDay(fresh.perDayLimit, centsToDecimal(Math.max(0, limit - spent))),
      {},
      PURCHASE_REFUSALS.overLimit,
    );
}
