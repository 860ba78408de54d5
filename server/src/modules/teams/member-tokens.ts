import type { MemberTokenPurpose } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import { INVITATION_HOURS, PASSWORD_RESET_MINUTES, TEAM_TEXT } from '@contracts/teams';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, dealerUsers, dealerUserTokens } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/sessions';

export type TokenPurpose = MemberTokenPurpose;

/** How long a mailed link works: an invitation 72 hours, a password reset 15 minutes. */
const LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  invitation: INVITATION_HOURS * 60,
  password_reset: PASSWORD_RESET_MINUTES,
};

const linkRefused = () => new AppError(ERROR_CODES.badRequest, TEAM_TEXT.linkInvalid);

/**
 * A new single-use link token for a member; earlier open links of the same purpose stop working
 * (a resent invitation replaces the first). Only the token's SHA-256 is stored.
 */
export async function issueMemberToken(tx: Executor, dealerUserId: number, purpose: TokenPurpose) {
  await revokeMemberTokens(tx, dealerUserId, purpose);
  const token = newToken();
  const [row] = await tx
    .insert(dealerUserTokens)
    .values({
      dealerUserId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + ${LIFETIME_MINUTES[purpose]} * interval '1 minute'`,
    })
    .returning();
  return { token, id: row!.id, expiresAt: row!.expiresAt };
}

export async function revokeMemberTokens(tx: Executor, dealerUserId: number, purpose?: TokenPurpose) {
  await tx
    .update(dealerUserTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(dealerUserTokens.dealerUserId, dealerUserId),
        purpose ? eq(dealerUserTokens.purpose, purpose) : undefined,
        isNull(dealerUserTokens.usedAt),
        isNull(dealerUserTokens.revokedAt),
      ),
    );
}

/**
 * The member a live link belongs to (not used, not revoked, not expired, member enabled, dealer
 * active), with its dealer; `consume` locks the token and marks it used in the caller's
 * transaction, so a link works once even when two requests race. Every failure says the same.
 */
export async function memberOfToken(
  tx: Executor,
  token: string,
  purpose: TokenPurpose,
  options: { consume: boolean },
) {
  const query = tx
    .select({ tokenId: dealerUserTokens.id, member: dealerUsers, dealer: dealers })
    .from(dealerUserTokens)
    .innerJoin(dealerUsers, eq(dealerUsers.id, dealerUserTokens.dealerUserId))
    .innerJoin(dealers, eq(dealers.id, dealerUsers.dealerId))
    .where(
      and(
        eq(dealerUserTokens.tokenHash, hashToken(token)),
        eq(dealerUserTokens.purpose, purpose),
        isNull(dealerUserTokens.usedAt),
        isNull(dealerUserTokens.revokedAt),
        gt(dealerUserTokens.expiresAt, sql`now()`),
        isNull(dealerUsers.disabledAt),
        eq(dealers.active, true),
      ),
    );
  const [row] = options.consume ? await query.for('update', { of: dealerUserTokens }) : await query;
  if (!row) throw linkRefused();
  if (options.consume) {
    const used = await tx
      .update(dealerUserTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(dealerUserTokens.id, row.tokenId), isNull(dealerUserTokens.usedAt)))
      .returning({ id: dealerUserTokens.id });
    if (used.length === 0) throw linkRefused();
  }
  return row;
}
