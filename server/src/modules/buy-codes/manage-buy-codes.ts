import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes, dealers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { toAdminBuyCode } from './buy-code-views';
import { insertBuyCode } from './insert-buy-code';

export async function findBuyCodes(db: Database, filter: { dealerId?: number | undefined }) {
  const rows = await db
    .select({ code: buyCodes, dealerName: dealers.dealerName })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .where(filter.dealerId ? eq(buyCodes.dealerId, filter.dealerId) : undefined)
    .orderBy(desc(buyCodes.createdAt), desc(buyCodes.id));
  return rows.map((r) => toAdminBuyCode(r.code, r.dealerName));
}

export async function generateBuyCode(
  db: Database,
  input: { dealerId: number; maxUses?: number | null | undefined; expiresAt?: string | null | undefined },
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [dealer] = await tx.select().from(dealers).where(eq(dealers.id, input.dealerId));
    if (!dealer) throw notFound('Dealer not found');
    const code = await insertBuyCode(tx, {
      dealerId: dealer.id,
      maxUses: input.maxUses ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await writeAudit(tx, actor, {
      entity: 'buy_code',
      entityId: code.id,
      action: 'created',
      after: { code: code.code, dealerId: dealer.id },
    });
    return toAdminBuyCode(code, dealer.dealerName);
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
    return toAdminBuyCode(after!, dealer!.dealerName);
  });
}
