import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT, type UpdateMember } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { deactivateMemberCodes, giveUnheldCodesToOwner } from '../buy-codes/member-codes';
import { assertOwner, lockMember, teamMemberOf } from './find-team';

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
    // Viewers hold no codes (docs/design.md §11): a member made a viewer loses theirs at once.
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
