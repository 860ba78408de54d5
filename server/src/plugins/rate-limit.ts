import { ERROR_CODES } from '@contracts/errors';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';

export interface RateLimitRule {
  /** Names the endpoint, e.g. 'admin-login'. */
  name: string;
  max: number;
  windowMs: number;
}

/** Sign-ins and code-bearing endpoints: SIGN_IN_RATE_LIMIT (10) tries a minute per IP and per target. */
export const signInRule = (name: string, max: number): RateLimitRule => ({ name, max, windowMs: 60_000 });

/**
 * Counts one attempt in a fixed window kept in the database, so every app instance shares it.
 * Returns the attempts so far and when the window resets.
 */
async function hit(db: Database, key: string, windowMs: number) {
  const result = (await db.execute(sql`
    insert into rate_limit_hits (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.count + 1 end,
      reset_at = case when rate_limit_hits.reset_at <= now()
        then now() + ${windowMs} * interval '1 millisecond' else rate_limit_hits.reset_at end
    returning count, extract(epoch from (reset_at - now())) as seconds_left
  `)) as unknown as { rows: { count: number; seconds_left: string | number }[] };
  const row = result.rows[0]!;
  return { count: Number(row.count), secondsLeft: Math.max(1, Math.ceil(Number(row.seconds_left))) };
}

/**
 * Refuses the request with 429 and Retry-After once the caller's IP, or the targeted account or
 * code, has used up its attempts in the window.
 */
export async function enforceRateLimit(
  db: Database,
  request: FastifyRequest,
  rule: RateLimitRule,
  target?: string,
): Promise<void> {
  const keys = [`${rule.name}:ip:${request.ip}`];
  if (target) keys.push(`${rule.name}:target:${target.trim().toLowerCase().slice(0, 200)}`);
  for (const key of keys) {
    const { count, secondsLeft } = await hit(db, key, rule.windowMs);
    if (count > rule.max) {
      throw new AppError(
        ERROR_CODES.tooManyRequests,
        `Too many attempts. Please try again in ${secondsLeft} second${secondsLeft === 1 ? '' : 's'}.`,
        { 'retry-after': String(secondsLeft) },
      );
    }
  }
}

/** Drops windows that ended long ago; run from time to time. */
export async function deleteExpiredRateLimits(db: Database) {
  await db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`);
}
