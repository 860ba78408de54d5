import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { toTeamMember } from './member-views';

/** Only an owner (a named member with the owner role) manages the team; the use cases check it. */
export function assertOwner(actor: Actor) {
  if (actor.type !== 'dealer' || actor.member?.role !== 'owner')
    throw new AppError(ERROR_CODES.forbidden, TEAM_TEXT.ownersOnly);
}

/** Whether invitations go out by e-mail (SMTP_URL set); else the link is handed to the inviter. */
export interface InvitationDelivery {
  mailed: boolean;
  /** Where the handed-over link points: PUBLIC_ORIGIN (or http://HOST:PORT), as the e-mail's would. */
  origin: string;
}

/** A dealership's team, owners first, with each member's passkey count and open invitation. */
export async function findTeam(db: Executor, dealerId: number, memberId?: number) {
  const rows = await db
    .select({
      member: dealerUsers,
      // Spelled out in full: drizzle writes a lone table's columns unqualified, and inside these
      // subqueries "id" would then be the subquery's own row (it counted a passkey whose id matched).
      passkeys: sql<number>`(select count(*)::int from webauthn_credentials wc where wc.dealer_user_id = "dealer_users"."id")`,
      invitationExpiresAt: sql<string | null>`(select max(t.expires_at) from dealer_user_tokens t
        where t.dealer_user_id = "dealer_users"."id" and t.purpose = 'invitation'
          and t.used_at is null and t.revoked_at is null and t.expires_at > now())`.mapWith((v) =>
        v === null ? null : new Date(v),
      ),
    })
    .from(dealerUsers)
    .where(
      and(
        eq(dealerUsers.dealerId, dealerId),
        memberId === undefined ? undefined : eq(dealerUsers.id, memberId),
      ),
    )
    .orderBy(
      sql`case ${dealerUsers.role} when 'owner' then 0 when 'buyer' then 1 else 2 end`,
      asc(dealerUsers.name),
    );
  return rows.map((r) =>
    toTeamMember(r.member, { passkeys: Number(r.passkeys), invitationExpiresAt: r.invitationExpiresAt }),
  );
}

export async function teamMemberOf(db: Executor, dealerId: number, memberId: number) {
  const [member] = await findTeam(db, dealerId, memberId);
  if (!member) throw notFound('Team member not found');
  return member;
}

/** A member row of this dealership (any dealership when `dealerId` is null: the admin), locked. */
export async function lockMember(tx: Executor, memberId: number, dealerId: number | null) {
  const [row] = await tx
    .select({ member: dealerUsers, dealerName: dealers.dealerName })
    .from(dealerUsers)
    .innerJoin(dealers, eq(dealers.id, dealerUsers.dealerId))
    .where(
      and(eq(dealerUsers.id, memberId), dealerId === null ? undefined : eq(dealerUsers.dealerId, dealerId)),
    )
    .for('update', { of: dealerUsers });
  if (!row) throw notFound('Team member not found');
  return row;
}
