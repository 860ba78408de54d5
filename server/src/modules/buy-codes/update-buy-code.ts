import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes, dealers, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { revokeCodeSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';
import { toAdminBuyCode } from './buy-code-views';

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
    // Sessions opened with a code rest on it (docs/decisions/0031-session-strength.md): deactivating it ends them.
    if (before.active && !after!.active) await revokeCodeSessions(tx, id);
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
