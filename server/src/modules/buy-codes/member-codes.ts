import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyCodes, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { codeDeactivated } from './code-deactivated';

/**
 * A member's codes stop working with their authority (removed, disabled, made a viewer; docs/design.md
 * §11), in the caller's DB transaction, one audit row per code.
 */
export async function deactivateMemberCodes(tx: Executor, memberId: number, actor: Actor) {
  const ended = await tx
    .update(buyCodes)
    .set({ active: false })
    .where(and(eq(buyCodes.dealerUserId, memberId), eq(buyCodes.active, true)))
    .returning({ id: buyCodes.id });
  for (const code of ended)
    await codeDeactivated(tx, code.id, actor, { reason: 'holder_left', dealerUserId: memberId });
}

/**
 * Codes from before the team are the owner's (docs/design.md §11): when a dealership's team gains a
 * member, its codes that no one holds are given to its first enabled owner, if it has one yet.
 */
export async function giveUnheldCodesToOwner(tx: Executor, dealerId: number) {
  await tx.execute(sql`
    update ${buyCodes} set dealer_user_id = (
      select u.id from ${dealerUsers} u
      where u.dealer_id = ${dealerId} and u.role = 'owner' and u.disabled_at is null
      order by u.created_at, u.id limit 1)
    where dealer_id = ${dealerId} and dealer_user_id is null`);
}
