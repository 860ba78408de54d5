import type { PasskeyChallengePurpose } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT, type WebAuthnOptions } from '@contracts/teams';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { dealerUsers, webauthnChallenges, webauthnCredentials } from '../../db/schema';
import { AppError, CredentialRejected, notFound } from '../../lib/app-error';

/**
 * The relying party: PUBLIC_ORIGIN's host, or without it (a local start) the host the browser
 * asked for, as the cross-site check takes it too. Browsers refuse an IP address as a relying
 * party id, so 127.0.0.1 is taken as localhost: passkeys work at http://localhost:PORT.
 */
/**
 * The WebAuthn library, loaded on the first passkey ceremony rather than at every start (it took
 * ~0.35 s of a server's start, and most sessions never touch a passkey).
 */
const webauthn = () => import('@simplewebauthn/server');

export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}
export function relyingPartyOf(brandName: string, origin: string): RelyingParty {
  const url = new URL(origin);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { name: brandName, id: url.hostname, origin: url.origin };
}

const CHALLENGE_MINUTES = 5;
const refused = () => new CredentialRejected(ERROR_CODES.unauthorized, TEAM_TEXT.passkeyFailed);

async function rememberChallenge(
  db: Executor,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  dealerUserId: number | null,
) {
  // Expired challenges are swept on the way (they are tiny, and only this table's writers care).
  await db.delete(webauthnChallenges).where(sql`${webauthnChallenges.expiresAt} < now()`);
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    dealerUserId,
    expiresAt: sql`now() + ${CHALLENGE_MINUTES} * interval '1 minute'`,
  });
}

/** Takes a challenge out (once): the one the response signed, if this server issued it and it is fresh. */
async function takeChallenge(db: Executor, clientDataJSON: string, purpose: PasskeyChallengePurpose) {
  let challenge: string;
  try {
    challenge = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')).challenge;
  } catch {
    throw refused();
  }
  if (typeof challenge !== 'string') throw refused();
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) throw refused();
  return row;
}

/** What a response must have been made for: this challenge, this origin and relying party. */
const expected = (challenge: string, rp: RelyingParty) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: false,
});

/** The library's verification, refused alike whether it throws or answers not verified. */
async function verified<V extends { verified: boolean }>(verify: () => Promise<V>) {
  let verification: V;
  try {
    verification = await verify();
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  return verification as V extends { verified: false } ? never : V;
}

/** Options to create a passkey for a member (signed in, or accepting an invitation). */
export async function passkeyRegistrationOptions(
  db: Executor,
  rp: RelyingParty,
  member: { id: number; email: string; name: string },
) {
  const existing = await db
    .select({ id: webauthnCredentials.credentialId })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.dealerUserId, member.id));
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: member.name,
    userID: Uint8Array.from(Buffer.from(`dealer-user-${member.id}`)),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await rememberChallenge(db, options.challenge, 'register', member.id);
  return options as unknown as WebAuthnOptions;
}

/** Verifies a new passkey's response and stores the credential for the member. */
export async function registerPasskey(
  tx: Executor,
  rp: RelyingParty,
  memberId: number,
  response: RegistrationResponseJSON,
  name: string,
) {
  const challenge = await takeChallenge(tx, response.response?.clientDataJSON ?? '', 'register');
  if (challenge.dealerUserId !== memberId) throw refused();
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verified(() =>
    verifyRegistrationResponse({ response, ...expected(challenge.challenge, rp) }),
  );
  const { credential } = verification.registrationInfo;
  const [row] = await tx
    .insert(webauthnCredentials)
    .values({
      dealerUserId: memberId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(ERROR_CODES.conflict, 'This passkey is already registered');
  return row;
}

/** Options for "Sign in with a passkey": a discoverable credential, any member. */
export async function passkeySignInOptions(db: Executor, rp: RelyingParty) {
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
  });
  await rememberChallenge(db, options.challenge, 'sign_in', null);
  return options as unknown as WebAuthnOptions;
}

/**
 * Verifies a passkey sign-in; returns the enabled member who accepted their invitation it belongs
 * to, and which passkey it was (the session rests on it).
 */
export async function verifyPasskeySignIn(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
) {
  const challenge = await takeChallenge(db, response.response?.clientDataJSON ?? '', 'sign_in');
  const [row] = await db
    .select({ credential: webauthnCredentials, member: dealerUsers })
    .from(webauthnCredentials)
    .innerJoin(dealerUsers, eq(dealerUsers.id, webauthnCredentials.dealerUserId))
    .where(eq(webauthnCredentials.credentialId, response.id));
  if (!row || row.member.disabledAt || !row.member.acceptedAt) throw refused();
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verified(() =>
    verifyAuthenticationResponse({
      response,
      ...expected(challenge.challenge, rp),
      credential: {
        id: row.credential.credentialId,
        publicKey: Uint8Array.from(row.credential.publicKey),
        counter: row.credential.counter,
      },
    }),
  );
  await db
    .update(webauthnCredentials)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(webauthnCredentials.id, row.credential.id));
  return { member: row.member, passkeyId: row.credential.id };
}

export async function findPasskeys(db: Executor, memberId: number) {
  const rows = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.dealerUserId, memberId))
    .orderBy(desc(webauthnCredentials.createdAt), desc(webauthnCredentials.id));
  return rows.map(toPasskey);
}

export const toPasskey = (row: typeof webauthnCredentials.$inferSelect) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Removes one of the member's own passkeys; never the last way in (a password or another passkey stays). */
export async function deletePasskey(db: Database, memberId: number, passkeyId: number) {
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(dealerUsers).where(eq(dealerUsers.id, memberId)).for('update');
    const keys = await tx
      .select({ id: webauthnCredentials.id })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.dealerUserId, memberId));
    if (!keys.some((k) => k.id === passkeyId)) throw notFound('Passkey not found');
    if (keys.length === 1 && !member?.passwordHash)
      throw new AppError(
        ERROR_CODES.conflict,
        'Set a password or add another passkey before removing your last one',
      );
    await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.id, passkeyId));
  });
}
