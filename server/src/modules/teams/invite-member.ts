import { ERROR_CODES } from '@contracts/errors';
import { type InvitedMember, type InviteMember, TEAM_TEXT } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { buyCodes, dealers, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { giveUnheldCodesToOwner } from '../buy-codes/member-codes';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { invitationLinkOf, invitationMessage } from '../notifications/team-messages';
import { type InvitationDelivery, lockMember, teamMemberOf } from './find-team';
import { issueMemberToken } from './member-tokens';

/** The link handed to the inviter when no e-mail goes out: the one the e-mail would carry. */
const handedOver = (delivery: InvitationDelivery, token: string) =>
  delivery.mailed ? null : invitationLinkOf(delivery.origin, token);

/**
 * Invites a person to a dealership's team: the member row (no password yet), a 72-hour single-use
 * link, and the e-mail in the outbox, all in one DB transaction (docs/design.md §6, §10).
 */
export async function inviteMember(
  db: Database,
  dealerId: number,
  input: InviteMember,
  actor: Actor,
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
      const token = await sendInvitation(tx, member!, dealer.dealerName, actor);
      await writeAudit(tx, actor, {
        entity: 'dealer_user',
        entityId: member!.id,
        action: 'invited',
        after: { dealerId, email: member!.email, role: member!.role },
      });
      return {
        ...(await teamMemberOf(tx, dealerId, member!.id)),
        invitationLink: handedOver(delivery, token),
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
) {
  const { token, id } = await issueMemberToken(tx, member.id, 'invitation');
  await enqueueNotifications(tx, [
    {
      event: 'team_invitation',
      entityId: id,
      to: [{ email: member.email }],
      // Who invited, as the invitation names them: the owner by name, or (null) the marketplace's team.
      message: invitationMessage({
        dealerName,
        name: member.name,
        role: member.role,
        invitedBy: actor.member ? actor.member.name : null,
        token,
      }),
    },
  ]);
  return token;
}

/** The admin sends a pending invitation again: a new 72-hour link, the earlier one dead. */
export async function resendInvitation(
  db: Database,
  memberId: number,
  actor: Actor,
  delivery: InvitationDelivery,
): Promise<InvitedMember> {
  return db.transaction(async (tx) => {
    const { member, dealerName } = await lockMember(tx, memberId, null);
    if (member.acceptedAt || member.disabledAt)
      throw new AppError(ERROR_CODES.conflict, 'Only a pending invitation can be sent again');
    const token = await sendInvitation(tx, member, dealerName, actor);
    await writeAudit(tx, actor, { entity: 'dealer_user', entityId: memberId, action: 'invitation_resent' });
    return {
      ...(await teamMemberOf(tx, member.dealerId, memberId)),
      invitationLink: handedOver(delivery, token),
    };
  });
}

/** The admin withdraws a pending invitation: the link dies and the invited row goes (the e-mail is free again). */
export async function revokeInvitation(db: Database, memberId: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const { member } = await lockMember(tx, memberId, null);
    if (member.acceptedAt) throw new AppError(ERROR_CODES.conflict, 'This invitation was already accepted');
    // A code given to the invited person goes back to the dealership (the owner's, docs/design.md §11).
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
