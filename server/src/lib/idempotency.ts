import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export const isValidIdempotencyKey = (key: unknown): key is string =>
  typeof key === 'string' && /^[A-Za-z0-9_.:-]{8,128}$/.test(key);

/**
 * Claims an idempotency key inside the caller's DB transaction. If another request already
 * committed with this key, returns its stored answer and the caller must do nothing else. If one is
 * still running, the insert waits on the unique key until that one commits or rolls back, so two
 * retries can never both act. `remember` stores this request's answer, committed with its effects.
 */
export async function claimIdempotencyKey<T>(tx: Transaction, scope: string, key: string) {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return { replay: stored!.response as T, remember: async () => {} };
  }
  return {
    replay: null,
    remember: async (response: T) => {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 200, response })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
  };
}
