import { REAUTH_WINDOW_MS, SESSION_REFUSALS, SESSION_TEXT } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealerUsers } from '../../db/schema';
import { AppError, CredentialRejected } from '../../lib/app-error';
import { markReauthenticated, type Viewer } from '../../lib/sessions';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { type RelyingParty, verifyPasskeySignIn } from './passkeys';

/**
 * Adding a credential (a passkey, a first password) asks for the proof again (docs/decisions/0031-session-strength.md): a
 * session, even a strong one, left open on a shared computer must not plant a way back in.
 */
export const reauthenticationRequired = () =>
  new AppError(
    ERROR_CODES.forbidden,
    SESSION_TEXT.reauthenticate,
    {},
    SESSION_REFUSALS.reauthenticationRequired,
  );

/** Whether the session proved it again within the last REAUTH_WINDOW_MS. */
export const isRecentlyReauthenticated = (dealer: NonNullable<Viewer['dealer']>, now = Date.now()) =>
  dealer.reauthenticatedAt !== null && now - dealer.reauthenticatedAt.getTime() < REAUTH_WINDOW_MS;

/**
 * The member proves it again with their password or one of their own passkeys (answered to the
 * passkey sign-in options); the session presenting `tokens` may then add a credential for a while.
 */
export async function reauthenticate(
  db: Database,
  rp: RelyingParty,
  memberId: number,
  input: { password?: string | undefined; passkey?: Record<string, unknown> | undefined },
  tokens: string[],
) {
  if (input.passkey) {
    const { member } = await verifyPasskeySignIn(
      db,
      rp,
      input.passkey as unknown as AuthenticationResponseJSON,
    );
    if (member.id !== memberId)
      throw new CredentialRejected(ERROR_CODES.unauthorized, TEAM_TEXT.passkeyFailed);
  } else {
    const [member] = await db.select().from(dealerUsers).where(eq(dealerUsers.id, memberId));
    const ok = await verifyPassword(
      member?.passwordHash ?? (await decoyPasswordHash()),
      input.password ?? '',
    );
    if (!ok || !member?.passwordHash)
      throw new CredentialRejected(ERROR_CODES.unauthorized, TEAM_TEXT.currentPasswordWrong);
  }
  await markReauthenticated(db, memberId, tokens);
  return { until: new Date(Date.now() + REAUTH_WINDOW_MS).toISOString() };
}
