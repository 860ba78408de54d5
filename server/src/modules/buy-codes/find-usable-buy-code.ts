import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyCodes, dealers } from '../../db/schema';

/**
 * A buy code that may be used right now (DESIGN.md §3): it exists (case-insensitive), is active,
 * not expired, under maxUses (null = unlimited), and its dealer is active. Locks the code row when
 * `forUpdate`, so concurrent purchases count uses correctly. Null when any check fails.
 */
export async function findUsableBuyCode(db: Executor, code: string, options: { forUpdate: boolean }) {
  const query = db
    .select({ buyCode: buyCodes, dealer: dealers })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .where(
      and(
        eq(buyCodes.code, code.trim().toUpperCase()),
        eq(buyCodes.active, true),
        eq(dealers.active, true),
        or(isNull(buyCodes.expiresAt), gt(buyCodes.expiresAt, sql`now()`)),
        or(isNull(buyCodes.maxUses), sql`${buyCodes.usageCount} < ${buyCodes.maxUses}`),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update', { of: buyCodes }) : await query;
  return row ?? null;
}
