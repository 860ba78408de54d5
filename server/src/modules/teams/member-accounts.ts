import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { dealers, dealerUsers } from '../../db/schema';
import { AppError, CredentialRejected } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { createSession, revokeMemberSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';
import { toDealerInfo } from '../auth/login-dealer';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { passwordResetMessage } from '../notifications/team-messages';
import { issueMemberToken, memberOfToken } from './member-tokens';
import { passkeyRegistrationOptions, type RelyingParty, registerPasskey } from './passkeys';
import { reauthenticationRequired } from './reauthenticate';

type MemberRow = typeof dealerUsers.$inferSelect;

/** How a member proved who they are: what the session may do follows (docs/decisions/0031-session-strength.md). */
export type MemberProof = { proof: 'password' | 'invitation' } | { proof: 'passkey'; passkeyId: number };

/**
 * A dealer session for a named member (same cookie and lifetime as the dealer portal's). Only an
 * enabled member who accepted the invitation, of an active dealership, gets one.
 */
export async function startMemberSession(db: Database, member: MemberRow, how: MemberProof) {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.id, member.dealerId));
  if (!dealer?.active || member.disabledAt || !member.acceptedAt)
    throw new CredentialRejected(ERROR_CODES.unauthorized, TEAM_TEXT.invalidSignIn);
  const session = await createSession(db, {
    role: 'dealer',
    subjectId: dealer.id,
    dealerUserId: member.id,
    ...how,
  });
  return { info: toDealerInfo(dealer, member, how.proof), session };
}

/**
 * The one member an address signs in as: accepted and enabled (a unique index keeps it to one;
 * invitations from other dealerships may wait for the same address).
 */
const activeMemberWithEmail = (email: string) =>
  and(
    eq(sql`lower(${dealerUsers.email})`, email),
    isNotNull(dealerUsers.acceptedAt),
    isNull(dealerUsers.disabledAt),
  );

/** E-mail (case-insensitive) and password of an enabled member of an active dealership. */
export async function signInMember(db: Database, input: { email: string; password: string }) {
  const [member] = await db.select().from(dealerUsers).where(activeMemberWithEmail(input.email));
  const ok = await verifyPassword(member?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!ok || !member?.passwordHash)
    throw new CredentialRejected(ERROR_CODES.unauthorized, TEAM_TEXT.invalidSignIn);
  return startMemberSession(db, member, { proof: 'password' });
}

/** Audits what a member did from an e-mailed link: the dealership acts, no member is signed in yet. */
const auditFromLink = (tx: Executor, member: MemberRow, action: string, after?: unknown) =>
  writeAudit(
    tx,
    { type: 'dealer', id: member.dealerId, member: null },
    {
      entity: 'dealer_user',
      entityId: member.id,
      action,
      after,
    },
  );

/** What the accept page shows before anything is done: whose invitation it is. */
export async function readInvitation(db: Database, token: string) {
  const { member, dealer } = await memberOfToken(db, token, 'invitation', { consume: false });
  return { email: member.email, name: member.name, role: member.role, dealerName: dealer.dealerName };
}

/** The accept page asks for passkey options with the invitation's token (not signed in yet). */
export async function invitationPasskeyOptions(db: Database, rp: RelyingParty, token: string) {
  const { member } = await memberOfToken(db, token, 'invitation', { consume: false });
  return passkeyRegistrationOptions(db, rp, member);
}

/**
 * Accepting an invitation: the link is used up, a password and/or a passkey set, and the member
 * signed in, in one DB transaction (a refused passkey leaves the link usable).
 */
export async function acceptInvitation(
  db: Database,
  rp: RelyingParty,
  input: { token: string; password?: string; passkey?: Record<string, unknown> },
) {
  if (!input.password && !input.passkey)
    throw new AppError(ERROR_CODES.badRequest, TEAM_TEXT.needPasswordOrPasskey);
  // The link first: a made-up token costs one indexed lookup, never an argon2 hash.
  await memberOfToken(db, input.token, 'invitation', { consume: false });
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const member = await db
    .transaction(async (tx) => {
      const { member } = await memberOfToken(tx, input.token, 'invitation', { consume: true });
      if (input.passkey)
        await registerPasskey(
          tx,
          rp,
          member.id,
          input.passkey as unknown as RegistrationResponseJSON,
          'Passkey',
        );
      const [accepted] = await tx
        .update(dealerUsers)
        .set({ acceptedAt: sql`now()`, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(dealerUsers.id, member.id))
        .returning();
      await auditFromLink(tx, member, 'accepted', { password: !!passwordHash, passkey: !!input.passkey });
      return accepted!;
    })
    .catch((error: unknown) => {
      // The address is already an active member of another dealership: the link stays usable.
      if (pgErrorCode(error) === UNIQUE_VIOLATION)
        throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.emailActiveElsewhere);
      throw error;
    });
  return startMemberSession(db, member, { proof: 'invitation' });
}

/**
 * "Forgot password": a 15-minute single-use link to an enabled member's address, through the
 * outbox. The answer is the same whether or not the e-mail belongs to anyone.
 */
export async function requestPasswordReset(db: Database, email: string) {
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(dealerUsers).where(activeMemberWithEmail(email));
    if (!member) return;
    const { token, id } = await issueMemberToken(tx, member.id, 'password_reset');
    await enqueueNotifications(tx, [
      {
        event: 'password_reset',
        entityId: id,
        to: [{ email: member.email }],
        message: passwordResetMessage({ name: member.name, token }),
      },
    ]);
  });
}

/** A new password from a reset link; every session of the member ends (whoever had it is out). */
export async function resetPassword(db: Database, input: { token: string; password: string }) {
  // The link first: a made-up token costs one indexed lookup, never an argon2 hash.
  await memberOfToken(db, input.token, 'password_reset', { consume: false });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const { member } = await memberOfToken(tx, input.token, 'password_reset', { consume: true });
    await tx.update(dealerUsers).set({ passwordHash }).where(eq(dealerUsers.id, member.id));
    await revokeMemberSessions(tx, member.id);
    await auditFromLink(tx, member, 'password_reset');
  });
}

/**
 * A signed-in member sets a password: the current one is required when there is one; a first
 * password (a member who had only passkeys) is a new credential, so it needs the session's proof
 * asked again (`reauthenticated`). Every other session of theirs ends (whoever else had one is out);
 * the one making the change stays.
 */
export async function changeMemberPassword(
  db: Database,
  memberId: number,
  input: { currentPassword?: string; newPassword: string },
  keepTokens: string[],
  reauthenticated: boolean,
) {
  const [member] = await db.select().from(dealerUsers).where(eq(dealerUsers.id, memberId));
  if (member?.passwordHash && !(await verifyPassword(member.passwordHash, input.currentPassword ?? '')))
    throw new CredentialRejected(ERROR_CODES.unauthorized, TEAM_TEXT.currentPasswordWrong);
  if (!member?.passwordHash && !reauthenticated) throw reauthenticationRequired();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(dealerUsers).set({ passwordHash }).where(eq(dealerUsers.id, memberId));
    await revokeMemberSessions(tx, memberId, keepTokens);
  });
}
