import { ERROR_CODES } from '@contracts/errors';
import { type InvitedMember, type InviteMember, TEAM_TEXT, type UpdateMember } from '@contracts/teams';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { buyCodes, dealers, dealerUsers, offers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { revokeMemberSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';
import { deactivateMemberCodes, giveUnheldCodesToOwner } from '../buy-codes/member-codes';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import type { MessageContext } from '../notifications/notification-messages';
import { declineOpenOffers } from '../open-offers/decline-open-offers';
import { issueMemberToken, revokeMemberTokens } from './member-tokens';
import { toTeamMember } from './member-views';
import { invitationLinkOf, invitationMessage } from './team-messages';

/** Only an owner (a named member with the owner role) manages the team; the use cases check it. */
export function assertOwner(actor: Actor) {
  if (actor.type !== 'dealer' || actor.member?.role !== 'owner')
    throw new AppError(ERROR_CODES.forbidden, TEAM_TEXT.ownersOnly);
}

/** Whether invitations go out by e-mail (SMTP_URL set); else the link is handed to the inviter. */
export interface InvitationDelivery {
  mailed: boolean;
}

/** Who invited, as the invitation names them: the owner by name, or the marketplace's team. */
const inviterName = (actor: Actor, brandName: string) =>
  actor.member ? actor.member.name : `The ${brandName} team`;

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

async function teamMemberOf(db: Executor, dealerId: number, memberId: number) {
  const [member] = await findTeam(db, dealerId, memberId);
  if (!member) throw notFound('Team member not found');
  return member;
}

/**
 * Invites a person to a dealership's team: the member row (no password yet), a 72-hour single-use
 * link, and the e-mail in the outbox, all in one DB transaction (DESIGN.md §6, §10).
 */
export async function inviteMember(
  db: Database,
  dealerId: number,
  input: InviteMember,
  actor: Actor,
  messages: MessageContext,
  delivery: InvitationDelivery,
): Promise<InvitedMember> {
  try {
    return await db.transaction(async (tx) => {
      const [dealer] = await tx.select().from(dealers).where(eq(dealers.id, dealerId));
      if (!dealer) throw notFound('Dealer not found');
      const [member] = await tx
        .insert(dealerUsers)
        .values({
          dealerId,
          email: input.email,
          name: input.name,
          role: input.role,
          perVehicleLimit: input.perVehicleLimit ?? null,
          perDayLimit: input.perDayLimit ?? null,
        })
        .returning();
      await giveUnheldCodesToOwner(tx, dealerId);
      const link = await sendInvitation(tx, member!, dealer.dealerName, actor, messages);
      await writeAudit(tx, actor, {
        entity: 'dealer_user',
        entityId: member!.id,
        action: 'invited',
        after: { dealerId, email: member!.email, role: member!.role },
      });
      return {
        ...(await teamMemberOf(tx, dealerId, member!.id)),
        invitationLink: delivery.mailed ? null : link,
      };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.emailTaken);
    throw error;
  }
}

async function sendInvitation(
  tx: Executor,
  member: typeof dealerUsers.$inferSelect,
  dealerName: string,
  actor: Actor,
  messages: MessageContext,
) {
  const { token, id } = await issueMemberToken(tx, member.id, 'invitation');
  const payload = invitationMessage(messages, {
    dealerName,
    name: member.name,
    role: member.role,
    invitedBy: inviterName(actor, messages.brandName),
    token,
  });
  await enqueueNotifications(tx, [
    {
      event: 'team_invitation',
      entityId: id,
      to: [{ email: member.email }],
      payload,
    },
  ]);
  return invitationLinkOf(messages, token);
}

/** A member row of this dealership (any dealership when `dealerId` is null: the admin), locked. */
async function lockMember(tx: Executor, memberId: number, dealerId: number | null) {
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

/** The owner sets a member's role and limits; never their own (an owner cannot lock themselves out). */
export async function updateMember(db: Database, memberId: number, input: UpdateMember, actor: Actor) {
  assertOwner(actor);
  if (actor.member!.id === memberId) throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.notYourself);
  return db.transaction(async (tx) => {
    const { member } = await lockMember(tx, memberId, actor.id!);
    if (member.disabledAt) throw new AppError(ERROR_CODES.conflict, 'This person was removed from the team');
    const change = {
      role: input.role,
      perVehicleLimit: input.perVehicleLimit ?? null,
      perDayLimit: input.perDayLimit ?? null,
    };
    await tx.update(dealerUsers).set(change).where(eq(dealerUsers.id, memberId));
    // Viewers hold no codes (DESIGN.md §11): a member made a viewer loses theirs at once.
    if (change.role === 'viewer') await deactivateMemberCodes(tx, memberId, actor);
    if (change.role === 'owner') await giveUnheldCodesToOwner(tx, member.dealerId);
    await writeAudit(tx, actor, {
      entity: 'dealer_user',
      entityId: memberId,
      action: 'updated',
      before: { role: member.role, perVehicleLimit: member.perVehicleLimit, perDayLimit: member.perDayLimit },
      after: change,
    });
    return teamMemberOf(tx, actor.id!, memberId);
  });
}

/**
 * Removes (owner) or disables (admin) a person: no sign-in, open links dead, their open offers
 * declined, and every session of theirs revoked in the same transaction; sessions are rows in PostgreSQL, so every instance
 * refuses them from the next request (plugins/auth resolves each request against the table).
 */
export async function disableMember(db: Database, memberId: number, actor: Actor, messages: MessageContext) {
  const byOwner = actor.type === 'dealer';
  if (byOwner) {
    assertOwner(actor);
    if (actor.member!.id === memberId) throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.notYourself);
  }
  return db.transaction(async (tx) => {
    const { member } = await lockMember(tx, memberId, byOwner ? actor.id! : null);
    if (!member.disabledAt) {
      await tx.update(dealerUsers).set({ disabledAt: sql`now()` }).where(eq(dealerUsers.id, memberId));
      await revokeMemberTokens(tx, memberId);
      await revokeMemberSessions(tx, memberId);
      await deactivateMemberCodes(tx, memberId, actor);
      // Their open offers end with them (the dealership is told, as when a sale declines them).
      await declineOpenOffers(tx, eq(offers.buyerUserId, memberId), 'Buyer removed from the team', messages);
      await writeAudit(tx, actor, {
        entity: 'dealer_user',
        entityId: memberId,
        action: byOwner ? 'removed' : 'disabled',
        before: { disabledAt: null },
      });
    }
    return teamMemberOf(tx, member.dealerId, memberId);
  });
}

/** The admin sends a pending invitation again: a new 72-hour link, the earlier one dead. */
export async function resendInvitation(
  db: Database,
  memberId: number,
  actor: Actor,
  messages: MessageContext,
  delivery: InvitationDelivery,
): Promise<InvitedMember> {
  return db.transaction(async (tx) => {
    const { member, dealerName } = await lockMember(tx, memberId, null);
    if (member.acceptedAt || member.disabledAt)
      throw new AppError(ERROR_CODES.conflict, 'Only a pending invitation can be sent again');
    const link = await sendInvitation(tx, member, dealerName, actor, messages);
    await writeAudit(tx, actor, { entity: 'dealer_user', entityId: memberId, action: 'invitation_resent' });
    return {
      ...(await teamMemberOf(tx, member.dealerId, memberId)),
      invitationLink: delivery.mailed ? null : link,
    };
  });
}

/** The admin withdraws a pending invitation: the link dies and the invited row goes (the e-mail is free again). */
export async function revokeInvitation(db: Database, memberId: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const { member } = await lockMember(tx, memberId, null);
    if (member.acceptedAt) throw new AppError(ERROR_CODES.conflict, 'This invitation was already accepted');
    // A code given to the invited person goes back to the dealership (the owner's, DESIGN.md §11).
    await tx.update(buyCodes).set({ dealerUserId: null }).where(eq(buyCodes.dealerUserId, memberId));
    await tx.delete(dealerUsers).where(eq(dealerUsers.id, memberId));
    await writeAudit(tx, actor, {
      entity: 'dealer_user',
      entityId: memberId,
      action: 'invitation_revoked',
      before: { email: member.email, role: member.role },
    });
  });
}
