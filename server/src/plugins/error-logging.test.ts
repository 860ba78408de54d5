import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer } from '../../test/factories';
import { signIn, TEST_ACCOUNTS } from '../../test/sessions';
import { withApp } from '../../test/with-app';
import { errorSummary, type LoggableError, loggableError } from '../lib/loggable-error';
import { hashToken } from '../lib/sessions';

/**
 * A failing query is logged with its SQL text and SQLSTATE, never with its values: Drizzle puts
 * them in its message, stack and `params`, the driver in `params` and `detail` (docs/design.md §5).
 * The database is broken for real (a renamed table or column), the log is the app's own logger.
 */
const GENERIC = { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
const lines: string[] = [];

const ctx = withApp({ logStream: { write: (line) => void lines.push(line) } });

beforeAll(async () => {
  const dealer = await insertDealer(ctx.db, { dealerName: 'Secret Motors' });
  await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'S3CR' });
});

/** Runs `call` with the database broken by `breakSql`, then repairs it; returns the response and its log. */
async function withBrokenDatabase(
  breakSql: string,
  repairSql: string,
  call: () => Promise<LightMyRequestResponse>,
) {
  lines.length = 0;
  await ctx.db.execute(sql.raw(breakSql));
  try {
    const res = await call();
    return { res, log: lines.join('') };
  } finally {
    await ctx.db.execute(sql.raw(repairSql));
  }
}

function errorEntry(log: string, requestId: string) {
  const entries = log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string; err?: LoggableError });
  expect(entries.some((e) => e.reqId === requestId && e.msg === 'incoming request')).toBe(true);
  const entry = entries.find((e) => e.level === 50 && e.reqId === requestId);
  expect(entry?.msg).toBe('request failed');
  return entry!.err!;
}

describe('database errors in the log', () => {
  it('logs a failed dealer sign-in without the dealer name or the buy code', async () => {
    const { res, log } = await withBrokenDatabase(
      'alter table buy_codes rename column code to code_gone',
      'alter table buy_codes rename column code_gone to code',
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/dealer/login',
          payload: { dealerName: 'Secret Motors', buyCode: 'S3CR' },
        }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC);
    expect(res.cookies).toHaveLength(0);
    expect(log).not.toMatch(/secret motors|S3CR/i);
    expect(log).not.toMatch(/params/);
    const err = errorEntry(log, res.headers['x-request-id'] as string);
    expect(err).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query' });
    expect(err.query).toMatch(/from "dealers".*\$1/s);
    expect(err.cause).toMatchObject({ code: '42703', message: 'column buy_codes.code does not exist' });
  });

  it('logs a failed admin sign-in without the e-mail', async () => {
    const { res, log } = await withBrokenDatabase(
      'alter table admin_users rename to admin_users_gone',
      'alter table admin_users_gone rename to admin_users',
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: TEST_ACCOUNTS.adminEmail, password: TEST_ACCOUNTS.adminPassword },
        }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC);
    expect(log).not.toContain(TEST_ACCOUNTS.adminEmail);
    const err = errorEntry(log, res.headers['x-request-id'] as string);
    expect(err.cause).toMatchObject({ code: '42P01', message: 'relation "admin_users" does not exist' });
  });

  it('logs a failed session lookup without the session token or its hash', async () => {
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: 'Secret Motors', buyCode: 'S3CR' });
    const token = cookie.split('=')[1]!;
    const { res, log } = await withBrokenDatabase(
      'alter table sessions rename to sessions_gone',
      'alter table sessions_gone rename to sessions',
      () => ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } }),
    );
    expect(res.statusCode).toBe(500);
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashToken(token));
    const err = errorEntry(log, res.headers['x-request-id'] as string);
    expect(err.cause).toMatchObject({ code: '42P01', message: 'relation "sessions" does not exist' });
  });
});

describe('loggableError', () => {
  const failure = (query: ReturnType<typeof sql>) =>
    ctx.db.execute(query).then(
      () => expect.fail('the query should fail'),
      (error: unknown) => error,
    );

  it('drops the value a data error quotes, and the row a constraint error details', async () => {
    const badCast = await failure(sql`select ${'Secret Motors'}::integer`);
    const cast = loggableError(badCast);
    expect(cast.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: …' });
    expect(JSON.stringify(cast)).not.toContain('Secret Motors');
    expect(errorSummary(badCast)).toBe(
      'Failed query (select $1::integer): invalid input syntax for type integer: … [22P02]',
    );

    const dealer = await insertDealer(ctx.db);
    const duplicate = await failure(
      sql`insert into buy_codes (code, dealer_id) values (${'S3CR'}, ${dealer.id})`,
    );
    const unique = loggableError(duplicate);
    expect(unique.cause).toMatchObject({
      code: '23505',
      constraint: 'buy_codes_code_unique',
      table: 'buy_codes',
    });
    expect(JSON.stringify(unique)).not.toContain('S3CR');
  });

  it('keeps an ordinary error as it is', () => {
    const plain = loggableError(new TypeError('x is not a function'));
    expect(plain).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(plain.stack).toMatch(/^TypeError: x is not a function\n\s+at /);
    expect(errorSummary(new Error('outer', { cause: new Error('inner') }))).toBe('outer: inner');
  });
});
