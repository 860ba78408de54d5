import { BUYING_TEXT, PURCHASE_REFUSALS } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { buyCodes, dealers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { isHeldBy } from './code-holder';

/**
 * The one definition of a usable buy code (docs/design.md §3), over `buy_codes` joined with its dealer:
 * the code is active, not expired, under maxUses (null = unlimited), and its dealer is active.
 * Dealer sign-in, Buy Now, offers, sales from offers and the portal's Active label all use it.
 */
export const usableBuyCode: SQL = and(
  eq(buyCodes.active, true),
  eq(dealers.active, true),
  or(isNull(buyCodes.expiresAt), gt(buyCodes.expiresAt, sql`now()`)),
  or(isNull(buyCodes.maxUses), sql`${buyCodes.usageCount} < ${buyCodes.maxUses}`),
)!;

/** Codes are matched case-insensitively and without surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * A usable code by its text, with its dealer; null when any check fails. Locks the code row when
 * `forUpdate`, so concurrent purchases count uses correctly.
 */
export async function findUsableBuyCode(db: Executor, code: string, options: { forUpdate: boolean }) {
  const query = db
    .select({ buyCode: buyCodes, dealer: dealers })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .where(and(eq(buyCodes.code, normalizeCode(code)), usableBuyCode));
  const [row] = options.forUpdate ? await query.for('update', { of: buyCodes }) : await query;
  return row ?? null;
}

/**
 * A code by its text whatever its state, with its dealer and whether it is usable now; null when no
 * code has this text. Locks the code row when `forUpdate`. Buy Now uses it to say why a code that
 * matched cannot buy (docs/decisions/0018-codes-belong-to-people.md).
 */
export async function findBuyCodeByText(db: Executor, code: string, options: { forUpdate: boolean }) {
  const query = db
    .select({ buyCode: buyCodes, dealer: dealers, usable: sql<boolean>`${usableBuyCode}` })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .where(eq(buyCodes.code, normalizeCode(code)));
  const [row] = options.forUpdate ? await query.for('update', { of: buyCodes }) : await query;
  return row ?? null;
}

/**
 * Why a code of an active dealership that matched cannot buy, told only to someone who typed it
 * right (docs/design.md §11). An inactive dealership's code is answered as a wrong code by the caller
 * (issue #43), never here.
 */
export function unusableCodeRefusal(row: {
  buyCode: typeof buyCodes.$inferSelect;
  dealer: typeof dealers.$inferSelect;
}) {
  const refuse = (message: string, reason: string) =>
    new AppError(ERROR_CODES.forbidden, message, {}, reason);
  if (!row.buyCode.active) return refuse(BUYING_TEXT.codeDeactivated, PURCHASE_REFUSALS.codeDeactivated);
  if (row.buyCode.expiresAt && row.buyCode.expiresAt <= new Date())
    return refuse(BUYING_TEXT.codeExpired, PURCHASE_REFUSALS.codeExpired);
  return refuse(BUYING_TEXT.codeUsedUp, PURCHASE_REFUSALS.codeUsedUp);
}

/**
 * The code a signed-in dealer's purchase or offer uses (docs/design.md §10, §11): a team member's own
 * newest usable code (held by them, or inherited as the owner), or, for the spec's session of a
 * dealership without a team (`memberId` null), the dealership's newest usable code. Locked when
 * `forUpdate`; null when there is none.
 */
export async function findDealerActiveCode(
  db: Executor,
  dealerId: number,
  options: { forUpdate: boolean; memberId: number | null },
) {
  const query = db
    .select({ buyCode: buyCodes, dealer: dealers })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .where(and(eq(buyCodes.dealerId, dealerId), usableBuyCode))
    .orderBy(desc(buyCodes.createdAt), desc(buyCodes.id));
  const rows = options.forUpdate ? await query.for('update', { of: buyCodes }) : await query;
  for (const row of rows) {
    if (
      options.memberId === null
        ? row.buyCode.dealerUserId === null
        : await isHeldBy(db, row.buyCode, options.memberId)
    )
      return row;
  }
  return null;
}

/** Why an offer's code can't make a sale now; said plainly, since only its dealer or an admin asks. */
function unusableReason(row: { buyCode: typeof buyCodes.$inferSelect; dealer: typeof dealers.$inferSelect }) {
  if (!row.dealer.active) return 'the dealer is no longer active';
  if (!row.buyCode.active) return `buy code ${row.buyCode.code} has been deactivated`;
  if (row.buyCode.expiresAt && row.buyCode.expiresAt <= new Date())
    return `buy code ${row.buyCode.code} has expired`;
  return `buy code ${row.buyCode.code} has no uses left`;
}

/**
 * A sale that comes from an offer: locks the offer's code and checks, at the moment of the sale, that
 * it is still usable; refuses with a message naming what changed. Returns the locked code.
 */
export async function lockUsableCodeForSale(tx: Transaction, buyCodeId: number | null, dealerId: number) {
  const [row] =
    buyCodeId === null
      ? []
      : await tx
          .select({ buyCode: buyCodes, dealer: dealers, usable: sql<boolean>`${usableBuyCode}` })
          .from(buyCodes)
          .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
          .where(and(eq(buyCodes.id, buyCodeId), eq(buyCodes.dealerId, dealerId)))
          .for('update', { of: buyCodes });
  if (!row)
    throw new AppError(
      ERROR_CODES.conflict,
      'This offer has no buy code that can be used, so it cannot be accepted',
    );
  if (!row.usable) {
    throw new AppError(ERROR_CODES.conflict, `This offer cannot be accepted: ${unusableReason(row)}`);
  }
  return row.buyCode;
}

/** Counts one use of a (locked) code for a sale, with its audit row. */
export async function countBuyCodeUse(
  tx: Transaction,
  buyCode: typeof buyCodes.$inferSelect,
  actor: Actor,
  transactionId: number,
) {
  await tx
    .update(buyCodes)
    .set({ usageCount: sql`${buyCodes.usageCount} + 1`, lastUsedAt: sql`now()` })
    .where(eq(buyCodes.id, buyCode.id));
  await writeAudit(tx, actor, {
    entity: 'buy_code',
    entityId: buyCode.id,
    action: 'used',
    before: { usageCount: buyCode.usageCount },
    after: { usageCount: buyCode.usageCount + 1, transactionId },
  });
}

/** The code was just used (a sign-in or an offer): the owner sees when, beside its holder. */
export async function markCodeUsed(tx: Executor, buyCodeId: number) {
  await tx.update(buyCodes).set({ lastUsedAt: sql`now()` }).where(eq(buyCodes.id, buyCodeId));
}
