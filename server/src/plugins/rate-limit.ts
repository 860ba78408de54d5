import { ERROR_CODES } from '@contracts/errors';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError, CredentialRejected } from '../lib/app-error';
import { addressKey } from '../lib/client-address';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** An address that passed a check is trusted this long: the global ceilings don't slow it down. */
const TRUSTED_FOR_MS = 30 * DAY;

/** One budget of failed attempts in a fixed window, kept in `rate_limit_hits` (shared by instances). */
export interface FailureLimit {
  key: string;
  max: number;
  windowMs: number;
  /**
   * Whom it counts: every address (unset), only addresses that have not passed this policy's check
   * in the last 30 days, or only those that have.
   */
  appliesTo?: 'untrusted' | 'trusted';
}

/**
 * A family of secrets checked the same way (buy codes, the admin password, the upload password):
 * every endpoint that checks one shares its budgets, so spreading guesses over endpoints gains nothing.
 */
export interface AttemptPolicy {
  name: string;
  limits(input: { address: string; target: string | undefined }): FailureLimit[];
}

export const perAddress = (
  policy: string,
  address: string,
  max: number,
  windowMs = MINUTE,
): FailureLimit => ({
  key: `${policy}:ip:${windowMs === MINUTE ? '' : 'day:'}${address}`,
  max,
  windowMs,
});

/** Failures a minute against one account, counted only from addresses not trusted yet. */
const perTarget = (prefix: string, target: string | undefined, max: number): FailureLimit[] =>
  target
    ? [
        {
          key: `${prefix}:${target.trim().toLowerCase().slice(0, 200)}`,
          max,
          windowMs: MINUTE,
          appliesTo: 'untrusted',
        },
      ]
    : [];

/** Sign-ins: failures a minute per address and, from addresses not trusted yet, per account. */
export const signInPolicy = (name: string, max: number): AttemptPolicy => ({
  name,
  limits: ({ address, target }) => [
    perAddress(name, address, max),
    ...perTarget(`${name}:target`, target, max),
  ],
});

/**
 * Invitations an owner sends a day for their dealership (each is an e-mail with the owner's text,
 * and each answer says whether an address already has an account): a team grows by a few a day.
 */
export const INVITATIONS_PER_DEALERSHIP_PER_DAY = 20;
export const invitationPolicy: AttemptPolicy = {
  name: 'member-invite',
  limits: ({ target }) =>
    target
      ? [
          {
            key: `member-invite:dealer-day:${target}`,
            max: INVITATIONS_PER_DEALERSHIP_PER_DAY,
            windowMs: 24 * 60 * MINUTE,
          },
        ]
      : [],
};

/** Reset mails to one person: each one ends the previous link, so a few per quarter hour at most. */
export const RESET_MAILS_PER_TARGET = 3;
const resetRequestPolicy = (max: number): AttemptPolicy => ({
  name: 'member-reset',
  limits: ({ address, target }) => [
    perAddress('member-reset', address, max),
    ...(target
      ? [
          {
            key: `member-reset:target-15m:${target.trim().toLowerCase().slice(0, 200)}`,
            max: RESET_MAILS_PER_TARGET,
            windowMs: 15 * MINUTE,
          },
        ]
      : []),
  ],
});

/**
 * Team members' passwords (issue 28): a guesser must not lock the member out. Failures count per
 * address, per address × account (the member on a new device is not stopped by someone else's
 * guesses) and, ten times higher, per account from all untrusted addresses together (so spreading a
 * guess over many addresses still meets a ceiling, and locking someone out costs that many tries).
 */
export const memberSignInPolicy = (name: string, max: number): AttemptPolicy => ({
  name,
  limits: ({ address, target }) => [
    perAddress(name, address, max),
    ...perTarget(`${name}:target-ip`, target && `${target}|${address}`, max),
    ...perTarget(`${name}:target`, target, max * 10),
  ],
});

/**
 * Buy codes (4 characters, 2^20 values): dealer sign-in, Buy Now and Make Offer share one budget per
 * address (a minute and a day), a per-dealer-name budget on sign-in, and two global ceilings for
 * addresses that never used a code (docs/decisions/0003-code-guessing-budget.md has the arithmetic).
 */
export const codePolicy = (limits: {
  perAddressPerMinute: number;
  perAddressPerDay: number;
  globalPerMinute: number;
  globalPerDay: number;
}): AttemptPolicy => ({
  name: 'code',
  limits: ({ address, target }) => [
    perAddress('code', address, limits.perAddressPerMinute),
    perAddress('code', address, limits.perAddressPerDay, DAY),
    ...perTarget('code:dealer', target, limits.perAddressPerMinute),
    { key: 'code:global:minute', max: limits.globalPerMinute, windowMs: MINUTE, appliesTo: 'untrusted' },
    { key: 'code:global:day', max: limits.globalPerDay, windowMs: DAY, appliesTo: 'untrusted' },
    // Someone with one real code could make many addresses trusted; together they get one more day's worth.
    { key: 'code:global-trusted:day', max: limits.globalPerDay, windowMs: DAY, appliesTo: 'trusted' },
  ],
});

const trustedKey = (policy: string, address: string) => `${policy}:trusted:${address}`;

/** "in 42 seconds", "in 5 minutes", "in 3 hours": a wait a person can read. */
export function waitText(seconds: number) {
  const [n, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 7200
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Whether this address passed the policy's check lately (a trusted address meets other ceilings). */
async function isTrustedAddress(db: Database, key: string) {
  const [row] = await db
    .select({ key: rateLimitHits.key })
    .from(rateLimitHits)
    .where(sql`${inArray(rateLimitHits.key, [key])} and ${rateLimitHits.resetAt} > now()`);
  return row !== undefined;
}

/**
 * Reserves one attempt in each budget before the check runs (one atomic statement: each row's
 * update is serialized by its row lock), so N parallel tries see counts 1..N and at most `max` of
 * them go on to the (expensive) check. Returns each budget's count after it and its seconds left.
 */
async function reserveAttempt(db: Database, limits: FailureLimit[]) {
  // Rows are locked in key order here and in releaseAttempt, so concurrent tries never deadlock.
  const values = sql.join(
    [...limits]
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((l) => sql`(${l.key}, 1, now() + ${l.windowMs} * interval '1 millisecond')`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    insert into rate_limit_hits (key, count, reset_at) values ${values}
    on conflict (key) do update set
      count = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.count + 1 end,
      reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
    returning key, count, extract(epoch from (reset_at - now())) as seconds_left
  `)) as unknown as { rows: { key: string; count: number; seconds_left: string }[] };
  return new Map(
    result.rows.map((r) => [
      r.key,
      { count: Number(r.count), secondsLeft: Math.max(1, Math.ceil(Number(r.seconds_left))) },
    ]),
  );
}

/** Gives a reserved attempt back: the check passed (or never ran), so it does not count. */
async function releaseAttempt(db: Database, limits: FailureLimit[]) {
  await db.execute(sql`
    with locked as (
      select key from rate_limit_hits
      where ${inArray(
        rateLimitHits.key,
        limits.map((l) => l.key),
      )} and reset_at > now()
      order by key for update
    )
    update rate_limit_hits set count = greatest(rate_limit_hits.count - 1, 0)
    from locked where rate_limit_hits.key = locked.key
  `);
}

async function markTrusted(db: Database, key: string) {
  await db.execute(sql`
    insert into rate_limit_hits (key, count, reset_at)
    values (${key}, 0, now() + ${TRUSTED_FOR_MS} * interval '1 millisecond')
    on conflict (key) do update set reset_at = excluded.reset_at
  `);
}

/**
 * Runs one check of a secret under its policy's budgets (docs/decisions/0031-session-strength.md: attempts are counted before
 * the work). The attempt is reserved in every budget first; past a budget the answer is 429 with
 * Retry-After and the check never runs (no argon2 hash for it). A failed check (CredentialRejected)
 * keeps its reservation; a passed one, or any other error, gives it back, so a room full of people
 * signing in correctly never locks itself out.
 */
export async function guardAttempt<T>(
  db: Database,
  request: FastifyRequest,
  policy: AttemptPolicy,
  target: string | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  const address = addressKey(request.ip);
  const all = policy.limits({ address, target });
  const trust = trustedKey(policy.name, address);
  const isTrusted = await isTrustedAddress(db, trust);
  const limits = all.filter((l) => !l.appliesTo || l.appliesTo === (isTrusted ? 'trusted' : 'untrusted'));

  const reserved = limits.length > 0 ? await reserveAttempt(db, limits) : new Map();
  const spent = limits
    .map((l) => ({ limit: l, counter: reserved.get(l.key) }))
    .filter((x) => x.counter && x.counter.count > x.limit.max);
  if (spent.length > 0) {
    await releaseAttempt(db, limits);
    const seconds = Math.max(...spent.map((x) => x.counter!.secondsLeft));
    throw new AppError(
      ERROR_CODES.tooManyRequests,
      `Too many attempts. Please try again in ${waitText(seconds)}.`,
      {
        'retry-after': String(seconds),
      },
    );
  }

  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (error instanceof CredentialRejected) {
      for (const l of limits) {
        if (l.key.includes(':global') && reserved.get(l.key)?.count === l.max) {
          request.log.warn(
            { limit: l.key, max: l.max },
            'failed-check ceiling reached: checks from new addresses wait',
          );
        }
      }
    } else if (limits.length > 0) await releaseAttempt(db, limits);
    throw error;
  }
  if (limits.length > 0) await releaseAttempt(db, limits);
  await markTrusted(db, trust);
  return result;
}

/**
 * For requests that never fail visibly (a password-reset request answers the same for any
 * e-mail): every call counts against the policy's budgets, and past one the answer is 429.
 */
export async function limitRequests(
  db: Database,
  request: FastifyRequest,
  policy: AttemptPolicy,
  target: string | undefined,
) {
  await guardAttempt(db, request, policy, target, async () => {
    throw new CredentialRejected(ERROR_CODES.tooManyRequests, 'counted');
  }).catch((error: unknown) => {
    if (error instanceof CredentialRejected) return;
    throw error;
  });
}

/** The families of secrets and their budgets, from the configuration. */
export function attemptPolicies(config: Config) {
  return {
    // Team members (docs/design.md §10): password and passkey sign-ins, and password-reset requests.
    member: memberSignInPolicy('member', config.signInRateLimit),
    memberReset: resetRequestPolicy(config.signInRateLimit),
    // Links from e-mails (accept an invitation, confirm a reset): each use may hash a password, so
    // every call from an address counts, wrong tokens or right.
    memberLink: signInPolicy('member-link', config.signInRateLimit),
    // Passkey ceremonies each store a challenge row: a generous budget, but not an unlimited one.
    memberChallenge: signInPolicy('member-challenge', config.signInRateLimit * 6),
    admin: signInPolicy('admin', config.signInRateLimit),
    staff: signInPolicy('staff', config.signInRateLimit),
    code: codePolicy({ perAddressPerMinute: config.signInRateLimit, ...config.codeGuessing }),
  };
}
export type AttemptPolicies = ReturnType<typeof attemptPolicies>;
