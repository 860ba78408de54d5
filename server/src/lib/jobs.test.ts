import type { JobState } from '@contracts/jobs';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dealerWithCode, nextAddress } from '../../test/helpers';
import { signIn } from '../../test/sessions';
import { createTestDatabase } from '../../test/test-database';
import { withApp } from '../../test/with-app';
import type { DbHandle } from '../db/client';
import { type JobSpec, jobsOf, retryDelayMs } from './jobs';

/** Named jobs (issue #47, ADR 0039): runs recorded in `jobs`, failures retried, one instance at a time. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const apps: FastifyInstance[] = [];
let database: DbHandle | undefined;
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database?.close();
});

/** A bare app on the one test database with `specs` registered as its jobs, started. */
async function instance(...specs: JobSpec<unknown>[]) {
  database ??= await createTestDatabase();
  const app = Fastify({ logger: false });
  for (const spec of specs) jobsOf(app, database.db).register(spec);
  await app.ready();
  apps.push(app);
  return app;
}

const rowOf = async (app: FastifyInstance, name: string) =>
  (await app.jobs.list()).find((job) => job.name === name) as JobState;

describe('a named job', () => {
  it('is listed from the start, runs, and records the run as ok with its next run an interval later', async () => {
    let runs = 0;
    const app = await instance({
      name: 'counting',
      label: 'Counts its runs',
      intervalMs: 3_600_000,
      run: async () => ++runs,
      failure: 'counting failed',
    });
    expect(await rowOf(app, 'counting')).toMatchObject({
      label: 'Counts its runs',
      lastOutcome: null,
      totalRuns: 0,
      lastStartedAt: null,
    });
    expect(await app.jobs.runNow('counting')).toEqual({ ran: true, outcome: 'ok' });
    expect(runs).toBe(1);
    const row = await rowOf(app, 'counting');
    expect(row).toMatchObject({ lastOutcome: 'ok', lastError: null, consecutiveFailures: 0, totalRuns: 1 });
    const finished = Date.parse(row.lastFinishedAt as string);
    expect(Date.parse(row.lastStartedAt as string)).toBeLessThanOrEqual(finished);
    expect(Date.parse(row.nextRunAt) - finished).toBeGreaterThan(3_600_000 - 5_000);
    expect(Date.parse(row.nextRunAt) - finished).toBeLessThanOrEqual(3_600_000 + 5_000);
  });

  it('shows how far a run got while it runs, keeps the last word after it, and clears it at the next claim', async () => {
    let release: () => void = () => {};
    let waiting = 0;
    let words = ['half way'];
    const app = await instance({
      name: 'talking',
      label: 'Says how far it got',
      intervalMs: 3_600_000,
      run: async ({ progress, closing }) => {
        expect(closing()).toBe(false);
        for (const word of words) await progress(word);
        await new Promise<void>((resolve) => {
          release = resolve;
          waiting += 1;
        });
      },
      failure: 'talking failed',
    });
    expect((await rowOf(app, 'talking')).progress).toBeNull();
    const run = app.jobs.runNow('talking');
    while (waiting < 1) await sleep(10);
    expect(await rowOf(app, 'talking')).toMatchObject({ progress: 'half way', lastOutcome: null });
    release();
    expect(await run).toEqual({ ran: true, outcome: 'ok' });
    expect(await rowOf(app, 'talking')).toMatchObject({ progress: 'half way', lastOutcome: 'ok' });
    words = [];
    const quiet = app.jobs.runNow('talking');
    while (waiting < 2) await sleep(10);
    // The claim cleared the last run's word, and this run said nothing.
    expect((await rowOf(app, 'talking')).progress).toBeNull();
    release();
    expect(await quiet).toEqual({ ran: true, outcome: 'ok' });
    expect((await rowOf(app, 'talking')).progress).toBeNull();
  });

  it('records a failure (message only), counts failures in a row, retries after a growing backoff, and recovers', async () => {
    let fail = true;
    const app = await instance({
      name: 'flaky',
      label: 'Fails until told not to',
      intervalMs: 600_000,
      run: async () => {
        if (fail) throw new Error('the provider is away');
        return 'done';
      },
      failure: 'flaky failed',
    });
    for (const failures of [1, 2, 3]) {
      const started = Date.now();
      expect(await app.jobs.runNow('flaky')).toEqual({
        ran: true,
        outcome: 'failed',
        error: 'the provider is away',
      });
      const row = await rowOf(app, 'flaky');
      expect(row).toMatchObject({
        lastOutcome: 'failed',
        lastError: 'the provider is away',
        consecutiveFailures: failures,
        totalRuns: failures,
      });
      // 30 s, then 60 s, then 120 s: sooner than the 10-minute interval, doubling.
      const wait = Date.parse(row.nextRunAt) - started;
      expect(wait).toBeGreaterThanOrEqual(retryDelayMs(600_000, failures) - 5_000);
      expect(wait).toBeLessThanOrEqual(retryDelayMs(600_000, failures) + 5_000);
    }
    expect([1, 2, 3, 10].map((n) => retryDelayMs(600_000, n))).toEqual([30_000, 60_000, 120_000, 900_000]);
    fail = false;
    expect(await app.jobs.runNow('flaky')).toEqual({ ran: true, outcome: 'ok' });
    expect(await rowOf(app, 'flaky')).toMatchObject({
      lastOutcome: 'ok',
      lastError: null,
      consecutiveFailures: 0,
      totalRuns: 4,
    });
  });

  it('is tried again by its timer after a failure, without crashing the process', async () => {
    let tries = 0;
    const app = await instance({
      name: 'retried',
      label: 'Fails twice',
      intervalMs: 200,
      firstRunDelayMs: 1,
      run: async () => {
        tries += 1;
        if (tries <= 2) throw new Error(`try ${tries} failed`);
      },
      failure: 'retried failed',
    });
    await vi.waitFor(async () => expect((await rowOf(app, 'retried')).lastOutcome).toBe('ok'), {
      timeout: 10_000,
      interval: 100,
    });
    expect(tries).toBeGreaterThanOrEqual(3);
    expect((await rowOf(app, 'retried')).consecutiveFailures).toBe(0);
  });

  it('runs on one of two instances at a time: the other skips it while the lease is held', async () => {
    let now = 0;
    let most = 0;
    let runs = 0;
    const spec = (): JobSpec<unknown> => ({
      name: 'leased',
      label: 'Slow, one at a time',
      intervalMs: 100,
      firstRunDelayMs: 1,
      run: async () => {
        now += 1;
        runs += 1;
        most = Math.max(most, now);
        await sleep(150);
        now -= 1;
      },
      failure: 'leased failed',
    });
    const [a, b] = [await instance(spec()), await instance(spec())];
    expect(a.jobs.owner).not.toBe(b.jobs.owner);
    // Both asked at once: one runs, the other finds the lease held.
    const [ranA, ranB] = await Promise.all([a.jobs.runNow('leased'), b.jobs.runNow('leased')]);
    expect([ranA.ran, ranB.ran].sort()).toEqual([false, true]);
    // Both timers for two seconds: runs follow one another, never two at once.
    await sleep(2000);
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(3);
    const row = await rowOf(a, 'leased');
    // Every run was recorded once, whichever instance ran it (one may be under way now).
    expect(runs - row.totalRuns).toBeLessThanOrEqual(1);
    expect(runs - row.totalRuns).toBeGreaterThanOrEqual(0);
  });

  it('is taken over by another instance once a crashed holder’s lease has run out', async () => {
    let runs = 0;
    const app = await instance({
      name: 'orphaned',
      label: 'Held by a crashed instance',
      intervalMs: 3_600_000,
      run: async () => {
        runs += 1;
      },
      failure: 'orphaned failed',
    });
    const db = (database as DbHandle).db;
    await db.execute(sql`update jobs set lease_owner = 'crashed:1', lease_until = now() + interval '1 minute'
      where name = 'orphaned'`);
    expect(await app.jobs.runNow('orphaned')).toEqual({ ran: false });
    await db.execute(sql`update jobs set lease_until = now() - interval '1 second' where name = 'orphaned'`);
    expect(await app.jobs.runNow('orphaned')).toEqual({ ran: true, outcome: 'ok' });
    expect(runs).toBe(1);
  });

  it('on every instance (the outbox sender): both run at once, each run recorded', async () => {
    let now = 0;
    let most = 0;
    const spec = (): JobSpec<unknown> => ({
      name: 'everywhere',
      label: 'Shares its rows by SKIP LOCKED',
      intervalMs: 3_600_000,
      everyInstance: true,
      run: async () => {
        now += 1;
        most = Math.max(most, now);
        await sleep(100);
        now -= 1;
      },
      failure: 'everywhere failed',
    });
    const [a, b] = [await instance(spec()), await instance(spec())];
    const both = await Promise.all([a.jobs.runNow('everywhere'), b.jobs.runNow('everywhere')]);
    expect(both).toEqual([
      { ran: true, outcome: 'ok' },
      { ran: true, outcome: 'ok' },
    ]);
    expect(most).toBe(2);
    expect(await rowOf(a, 'everywhere')).toMatchObject({ totalRuns: 2, lastOutcome: 'ok' });
  });
});

describe('GET /api/admin/jobs', () => {
  const ctx = withApp({ signIn: ['admin', 'staff'] });

  it('lists every job of the app with its label, schedule and state, for admins only', async () => {
    const res = await ctx.call('GET', '/api/admin/jobs');
    expect(res.statusCode).toBe(200);
    const listed = res.json() as JobState[];
    expect(listed.map((job) => job.name)).toEqual([
      'claim-deadlines',
      'delayed-work-orders',
      'delivery-floor-plan',
      'first-look-release',
      'guarantee-reminders',
      'guide',
      'housekeeping',
      'insights',
      'notifications',
    ]);
    expect(listed.map((job) => job.name).sort()).toEqual([...ctx.app.jobs.names()].sort());
    for (const job of listed) {
      expect(job.label.length).toBeGreaterThan(10);
      expect(Date.parse(job.nextRunAt)).toBeGreaterThan(0);
    }

    // A run shows at once.
    expect(await ctx.app.jobs.runNow('insights')).toEqual({ ran: true, outcome: 'ok' });
    const after = (await ctx.call('GET', '/api/admin/jobs')).json() as JobState[];
    expect(after.find((job) => job.name === 'insights')).toMatchObject({ lastOutcome: 'ok', totalRuns: 1 });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/admin/jobs', undefined, ctx.staff)).statusCode).toBe(403);
    const { dealer: row, code } = await dealerWithCode(ctx.db);
    const dealer = await signIn(
      ctx.app,
      'dealer',
      { dealerName: row.dealerName, buyCode: code },
      nextAddress(),
    );
    expect((await ctx.call('GET', '/api/admin/jobs', undefined, dealer)).statusCode).toBe(403);
  });
});
