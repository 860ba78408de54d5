import { type DealerInfo, IDENTITY_PROOFS, SESSION_REFUSALS } from '@contracts/auth';
import { ApiError } from '@/lib/api/api-client';

/**
 * What a dealer session may do follows from how it was proven (docs/decisions/0031-session-strength.md):
 * a named member signed in with dealer name + buy code ('code') buys, offers and reads the
 * dashboard, and manages no identity (account, passkeys, password, team, codes).
 */
export const isCodeSession = (me: Pick<DealerInfo, 'member' | 'proof'> | null | undefined) =>
  !!me?.member && me.proof === 'code';

/** A named member whose session may manage identity: signed in by password, passkey or invitation. */
export const mayManageIdentity = (me: Pick<DealerInfo, 'member' | 'proof'> | null | undefined) =>
  !!me?.member && me.proof !== undefined && IDENTITY_PROOFS.includes(me.proof);

export type SessionRefusal = (typeof SESSION_REFUSALS)[keyof typeof SESSION_REFUSALS];

/**
 * The server's 403 that more proof would lift (SESSION_REFUSALS), or null for any other outcome:
 * the account page then asks for the password or a passkey instead of failing.
 */
export function sessionRefusalOf(error: unknown): SessionRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const reason = (error.body as { reason?: unknown } | null)?.reason;
  return Object.values(SESSION_REFUSALS).find((known) => known === reason) ?? null;
}
