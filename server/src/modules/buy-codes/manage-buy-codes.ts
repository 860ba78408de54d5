import { ERROR_CODES } from '@contracts/errors';
import { BUYING_ROLES, TEAM_TEXT } from '@contracts/teams';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { buyCodes, dealers, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { toAdminBuyCode } from './buy-code-views';
import { holderOfCode } from './code-holder';
import { insertBuyCode } from './insert-buy-code';

export async function findBuyCodes(db: Database, filter: { dealerId?: number | undefined }) {
  const rows = await db
    .select({ code: buyCodes, dealerName: dealers.dealerName, holderName: dealerUsers.name })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, buyCodes.dealerUserId))
    .where(filter.dealerId ? eq(buyCodes.dealerId, filter.dealerId) : undefined)
    .orderBy(desc(buyCodes.createdAt), desc(buyCodes.id));
  return rows.map((r) => toAdminBuyCode(r.code, r.dealerName, r.holderName));
}

/**
 * Who holds a new code (DESIGN.md §11): nobody in a dealership without a team; else the chosen
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

export async function updateBuyCode(
  db: Database,
  id: number,
  changes: {
    active?: boolean | undefined;
    maxUses?: number | null | undefined;
    expiresAt?: string | null | undefined;
  },
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(buyCodes).where(eq(buyCodes.id, id)).for('update');
    if (!before) throw notFound('Buy code not found');
    const set: Partial<typeof buyCodes.$inferInsert> = {};
    if (changes.active !== undefined) set.active = changes.active;
    if (changes.maxUses !== undefined) set.maxUses = changes.maxUses;
    if (changes.expiresAt !== undefined)
      set.expiresAt = changes.expiresAt ? new Date(changes.expiresAt) : null;
    const [after] = await tx.update(buyCodes).set(set).where(eq(buyCodes.id, id)).returning();
    const [dealer] = await tx
      .select({ dealerName: dealers.dealerName })
      .from(dealers)
      .where(eq(dealers.id, after!.dealerId));
    await writeAudit(tx, actor, {
      entity: 'buy_code',
      entityId: id,
      action: 'updated',
      before: { active: before.active, maxUses: before.maxUses, expiresAt: before.expiresAt },
      after: set,
    });
    const [holder] = after!.dealerUserId
      ? await tx
          .select({ name: dealerUsers.name })
          .from(dealerUsers)
          .where(eq(dealerUsers.id, after!.dealerUserId))
      : [];
    return toAdminBuyCode(after!, dealer!.dealerName, holder?.name ?? null);
  });
}
