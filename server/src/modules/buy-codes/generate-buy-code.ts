import { ERROR_CODES } from '@contracts/errors';
import { BUYING_ROLES, TEAM_TEXT } from '@contracts/teams';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { dealers, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { toAdminBuyCode } from './buy-code-views';
import { holderOfCode } from './code-holder';
import { insertBuyCode } from './insert-buy-code';

/**
 * Who holds a new code (docs/design.md §11): nobody in a dealership without a team; else the chosen
 * member, who must be an enabled buyer or owner of it; by default its first enabled owner.
 */
async function holderForNewCode(tx: Executor, dealerId: number, memberId: number | undefined) {
  if (memberId === undefined) {
    const holder = await holderOfCode(tx, { dealerId, dealerUserId: null });
    return holder.kind === 'member' ? holder.member : null;
  }
  const [member] = await tx
    .select()
    .from(dealerUsers)
    .where(
      and(eq(dealerUsers.id, memberId), eq(dealerUsers.dealerId, dealerId), isNull(dealerUsers.disabledAt)),
    );
  if (!member) throw notFound('Team member not found');
  if (!BUYING_ROLES.includes(member.role))
    throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.viewersHoldNoCodes);
  return member;
}

export async function generateBuyCode(
  db: Database,
  input: {
    dealerId: number;
    dealerUserId?: number | undefined;
    maxUses?: number | null | undefined;
    expiresAt?: string | null | undefined;
  },
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [dealer] = await tx.select().from(dealers).where(eq(dealers.id, input.dealerId));
    if (!dealer) throw notFound('Dealer not found');
    const holder = await holderForNewCode(tx, dealer.id, input.dealerUserId);
    const code = await insertBuyCode(tx, {
      dealerId: dealer.id,
      dealerUserId: holder?.id ?? null,
      maxUses: input.maxUses ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await writeAudit(tx, actor, {
      entity: 'buy_code',
      entityId: code.id,
      action: 'created',
      after: { code: code.code, dealerId: dealer.id, dealerUserId: code.dealerUserId },
    });
    return toAdminBuyCode(code, dealer.dealerName, holder?.name ?? null);
  });
}
