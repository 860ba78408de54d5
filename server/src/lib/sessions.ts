import { createHash, randomBytes } from 'node:crypto';
import { type Member, SESSION_TTL_MS, type SessionRole, type TeamRole } from '@contracts/auth';
import { and, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { adminUsers, dealers, dealerUsers, sessions } from '../db/schema';

/** SHA-256 of the token: the only form in which a session token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random 256-bit token, e.g. for a session or an e-mailed link; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * A random 256-bit token; returned to the client once, never stored. A dealer session of a named
 * team member carries the member's id (DESIGN.md §10).
 */
export async function createSession(
  db: Executor,
  role: SessionRole,
  subjectId: number | null,
  dealerUserId: number | null = null,
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS[role]);
  await db.insert(sessions).values({ tokenHash: hashToken(token), role, subjectId, expiresAt, dealerUserId });
  return { token, expiresAt };
}

/** Ends every session of one team member at once (removed, disabled, or a new password). */
export async function revokeMemberSessions(db: Executor, dealerUserId: number, keepTokens: string[] = []) {
  const kept = keepTokens.map(hashToken);
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.dealerUserId, dealerUserId),
        isNull(sessions.revokedAt),
        kept.length > 0 ? notInArray(sessions.tokenHash, kept) : undefined,
      ),
    );
}

export async function revokeSessions(db: Database, role: SessionRole, tokens: string[]) {
  if (tokens.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(sessions.tokenHash, tokens.map(hashToken)),
        eq(sessions.role, role),
        isNull(sessions.revokedAt),
      ),
    );
}

/** Ends every session of one admin or dealer (e.g. a deactivated dealer). */
export async function revokeSubjectSessions(db: Executor, role: SessionRole, subjectId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.role, role), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)));
}

export interface Viewer {
  admin: { id: number; email: string; sessionExpiresAt: Date } | null;
  dealer: {
    id: number;
    dealerName: string;
    sessionExpiresAt: Date;
    /** The named team member behind the session; null for the spec's name + code sign-in. */
    member: SessionMember | null;
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
  const rows = await db
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
      // Once a dealership has a team, every session names a member (DESIGN.md §11).
      dealerHasTeam: sql<boolean>`exists (select 1 from ${dealerUsers} team where team.dealer_id = ${dealers.id} and team.disabled_at is null)`,
    })
    .from(sessions)
    .leftJoin(adminUsers, and(eq(sessions.role, 'admin'), eq(adminUsers.id, sessions.subjectId)))
    .leftJoin(dealers, and(eq(sessions.role, 'dealer'), eq(dealers.id, sessions.subjectId)))
    // A member's session lives only while the member is enabled and belongs to that dealership.
    .leftJoin(
      dealerUsers,
      and(
        eq(dealerUsers.id, sessions.dealerUserId),
        eq(dealerUsers.dealerId, sessions.subjectId),
        isNull(dealerUsers.disabledAt),
      ),
    )
    .where(
      and(
        inArray(sessions.tokenHash, tokens.map(hashToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  const viewer: Viewer = { admin: null, dealer: null, staff: null };
  for (const row of rows) {
    if (row.role === 'admin' && row.adminId !== null && row.adminEmail !== null) {
      viewer.admin = { id: row.adminId, email: row.adminEmail, sessionExpiresAt: row.expiresAt };
    } else if (
      row.role === 'dealer' &&
      row.dealerId !== null &&
      row.dealerName !== null &&
      row.dealerActive &&
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
      };
    } else if (row.role === 'staff') {
      viewer.staff = { sessionExpiresAt: row.expiresAt };
    }
  }
  return viewer;
}
