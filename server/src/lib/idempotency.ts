import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from './app-error';

export const isValidIdempotencyKey = (key: unknown): key is string =>
  typeof key === 'string' && /^[A-Za-z0-9_.:-]{8,128}$/.test(key);

/** An Idempotency-Key with what it is bound to: its caller and its request (the Stripe model). */
export interface IdempotentRequest {
  key: string;
  callerHash: string;
  requestHash: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The request's Idempotency-Key, if it sent one, bound to `caller` (a string naming who may replay
 * it, e.g. the buy code used; only its hash is stored) and to the request: method, path and the
 * validated body, so a replay with another body is told so instead of answered with the first one.
 */
export function idempotencyOf(request: FastifyRequest, caller: string): IdempotentRequest | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (!isValidIdempotencyKey(key))
    throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, or . _ : -');
  const path = request.url.split('?')[0];
  return {
    key,
    callerHash: sha256(caller),
    requestHash: sha256(`${request.method} ${path} ${JSON.stringify(request.body ?? null)}`),
  };
}

const reusedKey = () =>
  new AppError(ERROR_CODES.unprocessable, 'This Idempotency-Key was already used for a different request');

/**
 * Claims an idempotency key inside the caller's DB transaction. If the same caller already committed
 * the same request with this key, returns its stored answer and the caller must do nothing else; a
 * different caller or request gets 422 and never the stored answer. If one is still running, the
 * insert waits on the unique key until that one commits or rolls back, so two retries can never both
 * act. `remember` stores this request's answer, committed with its effects.
 */
export async function claimIdempotencyKey<T>(tx: Transaction, scope: string, request: IdempotentRequest) {
  const { key, callerHash, requestHash } = request;
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, callerHash, requestHash, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!stored || stored.callerHash !== callerHash || stored.requestHash !== requestHash) throw reusedKey();
    return { replay: stored.response as T, remember: async () => {} };
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
