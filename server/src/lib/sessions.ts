import { createHash, randomBytes } from 'node:crypto';
import {
  type Member,
  SESSION_TTL_MS,
  type SessionProof,
  type SessionRole,
  type TeamRole,
} from '@contracts/auth';
import { and, eq, gt, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { adminUsers, buyCodes, dealers, dealerUsers, sessions } from '../db/schema';

/** SHA-256 of the token: the only form in which a session token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random 256-bit token, e.g. for a session or an e-mailed link; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What a new session rests on (docs/decisions/0031-session-strength.md): who it is, and how that was proven. */
export type SessionProofOf =
  | { role: 'admin'; subjectId: number; proof: 'password' }
  | { role: 'staff'; subjectId?: null; proof: 'staff_password' }
  | {
      role: 'dealer';
      subjectId: number;
      /** The named team member (docs/design.md §10); null for a dealership without a team. */
      dealerUserId: number | null;
      proof: 'code';
      buyCodeId: number;
    }
  | { role: 'dealer'; subjectId: number; dealerUserId: number; proof: 'password' | 'invitation' }
  | { role: 'dealer'; subjectId: number; dealerUserId: number; proof: 'passkey'; passkeyId: number };

/**
 * A random 256-bit token; returned to the client once, never stored. The row records how the
 * session was proven and what it rests on (a buy code, a passkey), so ending that ends the session.
 */
export async function createSession(db: Executor, of: SessionProofOf) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS[of.role]);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    role: of.role,
    subjectId: of.subjectId ?? null,
    expiresAt,
    proof: of.proof,
    dealerUserId: 'dealerUserId' in of ? of.dealerUserId : null,
    buyCodeId: 'buyCodeId' in of ? of.buyCodeId : null,
    passkeyId: 'passkeyId' in of ? of.passkeyId : null,
  });
  return { token, expiresAt };
}

/** The sessions presenting one of these tokens. */
const presenting = (tokens: string[]) => inArray(sessions.tokenHash, tokens.map(hashToken));

/** Ends the sessions not ended yet that match every condition. */
async function revokeWhere(db: Executor, ...conditions: (SQL | undefined)[]) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions, isNull(sessions.revokedAt)));
}

/** All sessions but the ones presenting `keepTokens` (the session making the change). */
const allBut = (keepTokens: string[]) =>
  keepTokens.length > 0 ? notInArray(sessions.tokenHash, keepTokens.map(hashToken)) : undefined;

/** Ends the sessions opened with one buy code (deactivated or rotated; docs/decisions/0031-session-strength.md). */
export async function revokeCodeSessions(db: Executor, buyCodeId: number) {
  await revokeWhere(db, eq(sessions.buyCodeId, buyCodeId));
}

/** A fresh proof (password or passkey asked again) on the session presenting these tokens. */
export async function markReauthenticated(db: Executor, dealerUserId: number, tokens: string[]) {
  if (tokens.length === 0) return;
  await db
    .update(sessions)
    .set({ reauthenticatedAt: sql`now()` })
    .where(and(presenting(tokens), eq(sessions.dealerUserId, dealerUserId), isNull(sessions.revokedAt)));
}

/** Ends every session of one team member at once (removed, disabled, or a new password). */
export async function revokeMemberSessions(db: Executor, dealerUserId: number, keepTokens: string[] = []) {
  await revokeWhere(db, eq(sessions.dealerUserId, dealerUserId), allBut(keepTokens));
}

export async function revokeSessions(db: Database, role: SessionRole, tokens: string[]) {
  if (tokens.length === 0) return;
  await revokeWhere(db, presenting(tokens), eq(sessions.role, role));
}

/**
 * Ends every session of one admin or dealer (e.g. a deactivated dealer, an admin's new password),
 * but the ones presenting `keepTokens` (the session making the change).
 */
export async function revokeSubjectSessions(
  db: Executor,
  role: SessionRole,
  subjectId: number,
  keepTokens: string[] = [],
) {
  await revokeWhere(db, eq(sessions.role, role), eq(sessions.subjectId, subjectId), allBut(keepTokens));
}

export interface Viewer {
  admin: { id: number; email: string; sessionExpiresAt: Date } | null;
  dealer: {
    id: number;
    dealerName: string;
    sessionExpiresAt: Date;
    /** The named team member behind the session; null for the spec's name + code sign-in. */
    member: SessionMember | null;
    /** How the session was proven: a 'code' session may not manage identity (docs/decisions/0031-session-strength.md). */
    proof: SessionProof;
    /** When the holder last proved it again (a password or passkey asked for again). */
    reauthenticatedAt: Date | null;
  } | null;
  staff: { sessionExpiresAt: Date } | null;
}

export type SessionMember = Pick<Member, 'id' | 'name' | 'email'> & { role: TeamRole };

export const ANONYMOUS: Viewer = { admin: null, dealer: null, staff: null };

/**
 * Resolves the presented tokens to live sessions: not revoked, not expired, and for dealers an
 * active dealer, for admins an admin still on the allow-list.
 */
export async function resolveViewer(db: Database, tokens: string[]): Promise<Viewer> {
  if (tokens.length === 0) return ANONYMOUS;
  let query = viewerQueries.get(db);
  if (!query) {
    query = viewerQuery(db);
    viewerQueries.set(db, query);
  }
  const rows = await query.execute({ hashes: tokens.map(hashToken) });
  return viewerOf(rows);
}

/**
 * Every signed-in request asks who it is: the statement is built once per database and prepared
 * (a CPU profile of an admin list under load spent a third of the server's time in the query
 * builder, issue #47), the token hashes its one parameter.
 */
const viewerQueries = new WeakMap<Database, ReturnType<typeof viewerQuery>>();

function viewerQuery(db: Database) {
  return (
    db
      .select({
        role: sessions.role,
        expiresAt: sessions.expiresAt,
        adminId: adminUsers.id,
        adminEmail: adminUsers.email,
        dealerId: dealers.id,
        dealerName: dealers.dealerName,
        dealerActive: dealers.active,
        sessionMemberId: sessions.dealerUserId,
        memberId: dealerUsers.id,
        memberName: dealerUsers.name,
        memberEmail: dealerUsers.email,
        memberRole: dealerUsers.role,
        proof: sessions.proof,
        reauthenticatedAt: sessions.reauthenticatedAt,
        // A 'code' session rests on its code: it lives while the code is active and unexpired.
        codeHolds: sql<boolean>`${sessions.buyCodeId} is null or exists (select 1 from ${buyCodes} c where c.id = ${sessions.buyCodeId} and c.active and (c.expires_at is null or c.expires_at > now()))`,
        // Once a dealership has a team, every session names a member (docs/design.md §11).
        dealerHasTeam: sql<boolean>`exists (select 1 from ${dealerUsers} team where team.dealer_id = ${dealers.id} and team.disabled_at is null)`,
      })
      .from(sessions)
      .leftJoin(adminUsers, and(eq(sessions.role, 'admin'), eq(adminUsers.id, sessions.subjectId)))
      .leftJoin(dealers, and(eq(sessions.role, 'dealer'), eq(dealers.id, sessions.subjectId)))
      // A member's session lives only while the member is enabled, has accepted the invitation, and
      // belongs to that dealership (an invited member who never accepted has no session of any kind).
      .leftJoin(
        dealerUsers,
        and(
          eq(dealerUsers.id, sessions.dealerUserId),
          eq(dealerUsers.dealerId, sessions.subjectId),
          isNull(dealerUsers.disabledAt),
          isNotNull(dealerUsers.acceptedAt),
        ),
      )
      .where(
        and(
          sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .prepare('resolve_viewer')
  );
}

function viewerOf(rows: Awaited<ReturnType<ReturnType<typeof viewerQuery>['execute']>>): Viewer {
  const viewer: Viewer = { admin: null, dealer: null, staff: null };
  for (const row of rows) {
    if (row.role === 'admin' && row.adminId !== null && row.adminEmail !== null) {
      viewer.admin = { id: row.adminId, email: row.adminEmail, sessionExpiresAt: row.expiresAt };
    } else if (
      row.role === 'dealer' &&
      row.dealerId !== null &&
      row.dealerName !== null &&
      row.dealerActive &&
      row.codeHolds &&
      (row.sessionMemberId === null ? !row.dealerHasTeam : row.memberId !== null)
    ) {
      const member =
        row.memberId === null
          ? null
          : { id: row.memberId, name: row.memberName!, email: row.memberEmail!, role: row.memberRole! };
      viewer.dealer = {
        id: row.dealerId,
        dealerName: row.dealerName,
        sessionExpiresAt: row.expiresAt,
        member,
        proof: row.proof as SessionProof,
        reauthenticatedAt: row.reauthenticatedAt,
      };
    } else if (row.role === 'staff') {
      viewer.staff = { sessionExpiresAt: row.expiresAt };
    }
  }
  return viewer;
}
