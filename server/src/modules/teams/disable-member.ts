import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealerUsers, offers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { revokeMemberSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';
import { deactivateMemberCodes } from '../buy-codes/member-codes';
import { declineOpenOffers } from '../open-offers/decline-open-offers';
import { assertOwner, lockMember, teamMemberOf } from './find-team';
import { revokeMemberTokens } from './member-tokens';

/**
 * Removes (owner) or disables (admin) a person: no sign-in, open links dead, their open offers
 * declined, and every session of theirs revoked in the same transaction; sessions are rows in PostgreSQL, so every instance
 * refuses them from the next request (plugins/auth resolves each request against the table).
 */
export async function disableMember(db: Database, memberId: number, actor: Actor) {
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
      await declineOpenOffers(tx, eq(offers.buyerUserId, memberId), 'Buyer removed from the team', {
        tellDealers: true,
      });
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
