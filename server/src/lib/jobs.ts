import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobState } from '@contracts/jobs';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { loggableError } from './loggable-error';

/**
 * Background work as named jobs (ADR 0039): each job's schedule, runs and lease are a row of `jobs`,
 * shared by every instance on the database, and shown to admins (GET /api/admin/jobs).
 *
 * - A job is due at its `next_run_at`; an instance runs it only after claiming it — one UPDATE that
 *   takes the lease (owner and until) of a due row whose lease is free — so on several instances one
 *   runs it at a time. While it runs, its lease is renewed; a crashed instance's lease runs out.
 * - A run that succeeds sets the next one an interval later; a failed run records its message and
 *   counts the failures in a row, and the next try comes after a backoff (doubling, capped). A
 *   failure is a warning in the log, never a crash.
 * - `everyInstance` jobs (the outbox sender, which shares its rows with SKIP LOCKED) run on every
 *   instance on their own timer, take no lease, and record each run in the same row.
 * - Timers do not keep the process alive; closing the app waits for the runs under way.
 */
export interface JobTiming {
  intervalMs: number;
  /** The first run after start; one interval when undefined (the first interval starts it). */
  firstRunDelayMs?: number;
}

export interface JobSpec<T> extends JobTiming {
  /** The job's key (`notifications`, `housekeeping`, …): one row per name. */
  name: string;
  /** What an admin reads. */
  label: string;
  /** One run; a long one may say how far it got (`progress`), which the admin's list shows. */
  run: (run: JobRunContext) => Promise<T>;
  /** Logs what a run did, when it did something. */
  report?: (result: T) => void;
  /** The warning a failed run logs. */
  failure: string;
  /** Runs on every instance, without a lease (see above). */
  everyInstance?: boolean;
  /** When the app begins to close (a run under way may stop early). */
  onClosing?: () => void;
  /** Once the app closes and the run under way here has ended (resources the runs used). */
  onClosed?: () => void;
}

/** What a run is handed. */
export interface JobRunContext {
  /** Records how far the run got (the job row's `progress`, cleared when the next run is claimed). */
  progress: (text: string) => Promise<void>;
  /** True once the app began to close: a long run stops at its next step (it is resumed at the next start). */
  closing: () => boolean;
}

/** A failed job's retries: from the shorter of its interval and this, doubling per failure in a row… */
const RETRY_BASE_MS = 30_000;
/** …up to the longer of its interval and this. */
const RETRY_CAP_MS = 15 * 60_000;
/** How long a claim holds a job before another instance may take it; renewed every third of it. */
export const LEASE_MS = 60_000;
/** How many characters of a failure's message are kept. */
const ERROR_CHARS = 500;

/** A job's retries: from `base` ms, doubling per failure in a row, up to `cap` ms. */
function retryTerms(intervalMs: number) {
  return { base: Math.min(intervalMs, RETRY_BASE_MS), cap: Math.max(intervalMs, RETRY_CAP_MS) };
}

/** When a job that failed `failures` times in a row is tried again, in ms from now. */
export function retryDelayMs(intervalMs: number, failures: number) {
  const { base, cap } = retryTerms(intervalMs);
  return Math.min(cap, base * 2 ** Math.min(30, Math.max(0, failures - 1)));
}

/** A failure as an admin may read it: the messages of its causes and their SQLSTATE, never a query's values. */
export function jobErrorMessage(error: unknown) {
  const parts: string[] = [];
  for (let e: ReturnType<typeof loggableError> | undefined = loggableError(error); e; e = e.cause)
    parts.push(e.code ? `${e.message} [${e.code}]` : e.message);
  return parts.join(': ').slice(0, ERROR_CHARS);
}

/** How a run through `runNow` went. */
export type JobRun =
  | { ran: false }
  | { ran: true; outcome: 'ok' }
  | { ran: true; outcome: 'failed'; error: string };

interface ScheduledJob {
  spec: JobSpec<unknown>;
  running: Promise<JobRun> | null;
  timer: NodeJS.Timeout | null;
  /** This instance's failures in a row of an `everyInstance` job (its backoff). */
  localFailures: number;
}

/** The named jobs of one app (its root instance): registered by the modules, started when the app is ready. */
export class JobRegistry {
  /** This instance in a job's lease. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly scheduled = new Map<string, ScheduledJob>();
  private closing = false;
  private started = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
  ) {
    app.addHook('onReady', async () => {
      this.started = true;
      // Rows first, so the admin's list shows every job before its first run (a failure is a warning).
      await this.recordAll().catch((error: unknown) =>
        app.log.warn({ err: error }, 'background jobs could not be recorded'),
      );
      for (const job of this.scheduled.values())
        this.arm(job, job.spec.firstRunDelayMs ?? job.spec.intervalMs);
    });
    app.addHook('onClose', async () => {
      this.closing = true;
      const all = [...this.scheduled.values()];
      for (const job of all) {
        if (job.timer) clearTimeout(job.timer);
        job.spec.onClosing?.();
      }
      await Promise.all(all.map((job) => job.running));
      for (const job of all) job.spec.onClosed?.();
    });
  }

  register<T>(spec: JobSpec<T>) {
    if (this.scheduled.has(spec.name)) throw new Error(`job ${spec.name} is registered twice`);
    if (this.started) throw new Error(`job ${spec.name} is registered after the app started`);
    this.scheduled.set(spec.name, {
      spec: spec as JobSpec<unknown>,
      running: null,
      timer: null,
      localFailures: 0,
    });
  }

  /** The names registered on this instance. */
  names() {
    return [...this.scheduled.keys()];
  }

  /**
   * Runs a job now on this instance, due or not (tests, and an admin's "run now" one day), after the
   * run under way here if any; a job another instance holds does not run (`ran: false`).
   */
  async runNow(name: string): Promise<JobRun> {
    const job = this.scheduled.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    await job.running;
    return this.tick(job, true);
  }

  /** Upserts each job's row: its label and interval as this instance knows them, its first run. */
  private async recordAll() {
    for (const { spec } of this.scheduled.values()) await this.record(spec);
  }

  private async record(spec: JobSpec<unknown>) {
    const first = spec.firstRunDelayMs ?? spec.intervalMs;
    // A restart neither brings a job forward nor pushes it past one interval from now.
    await this.db
      .insert(jobs)
      .values({
        name: spec.name,
        label: spec.label,
        intervalMs: spec.intervalMs,
        nextRunAt: sql`now() + make_interval(secs => ${first / 1000})`,
      })
      .onConflictDoUpdate({
        target: jobs.name,
        set: {
          label: spec.label,
          intervalMs: spec.intervalMs,
          nextRunAt: sql`least(greatest(${jobs.nextRunAt}, excluded.next_run_at),
            now() + make_interval(secs => ${spec.intervalMs / 1000}))`,
        },
      });
  }

  private arm(job: ScheduledJob, delayMs: number) {
    if (this.closing) return;
    if (job.timer) clearTimeout(job.timer);
    job.timer = setTimeout(() => {
      job.timer = null;
      void this.tick(job, false);
    }, delayMs);
    job.timer.unref();
  }

  private tick(job: ScheduledJob, force: boolean): Promise<JobRun> {
    if (job.running) return job.running;
    const running = this.attempt(job, force)
      .catch((error: unknown): JobRun => {
        // The claim or the record of a run failed (the database is away): a warning, and a retry.
        job.localFailures += 1;
        this.app.log.warn({ err: error }, job.spec.failure);
        this.arm(job, retryDelayMs(job.spec.intervalMs, job.localFailures));
        return { ran: true, outcome: 'failed', error: jobErrorMessage(error) };
      })
      .finally(() => {
        job.running = null;
      });
    job.running = running;
    return running;
  }

  /** Claims (unless the job runs on every instance), runs, records, and sets the next tick. */
  private async attempt(job: ScheduledJob, force: boolean): Promise<JobRun> {
    const { spec } = job;
    if (!spec.everyInstance) {
      const claimed = await this.claim(spec, force);
      if (!claimed) {
        // When the row says it is due, yet never sooner than a tenth of the interval (up to 1 s: a
        // busy row) nor later than one interval (another instance's interval may differ).
        const floor = Math.min(spec.intervalMs / 10, 1000);
        this.arm(job, Math.min(spec.intervalMs, Math.max(floor, await this.untilDue(spec))));
        return { ran: false };
      }
    }
    const startedAt = new Date();
    const renew = spec.everyInstance ? null : setInterval(() => void this.renew(spec), LEASE_MS / 3);
    renew?.unref();
    let result: unknown;
    let error: string | null = null;
    try {
      result = await spec.run({
        progress: (text) => this.recordProgress(spec, text),
        closing: () => this.closing,
      });
    } catch (failure) {
      error = jobErrorMessage(failure);
      this.app.log.warn({ err: failure }, spec.failure);
    } finally {
      if (renew) clearInterval(renew);
    }
    const failures = await this.finish(spec, startedAt, error);
    job.localFailures = error === null ? 0 : failures;
    this.arm(job, error === null ? spec.intervalMs : retryDelayMs(spec.intervalMs, failures));
    if (error !== null) return { ran: true, outcome: 'failed', error };
    spec.report?.(result);
    return { ran: true, outcome: 'ok' };
  }

  /** Takes the lease of a due job whose lease is free (or of any free job when forced), atomically. */
  private async claim(spec: JobSpec<unknown>, force: boolean) {
    const claim = () =>
      this.db.execute(sql`
        update jobs set lease_owner = ${this.owner},
          lease_until = now() + make_interval(secs => ${LEASE_MS / 1000}),
          last_started_at = now(), progress = null
        where name = ${spec.name}
          and (${force}::boolean or next_run_at <= now())
          and (lease_until is null or lease_until <= now())
        returning name`);
    let { rows } = (await claim()) as unknown as { rows: unknown[] };
    if (rows.length === 0 && !(await this.exists(spec.name))) {
      // The row was not recorded at start (the database was away then): record it and try again.
      await this.record(spec);
      ({ rows } = (await claim()) as unknown as { rows: unknown[] });
    }
    return rows.length > 0;
  }

  private async exists(name: string) {
    const { rows } = (await this.db.execute(sql`select 1 from jobs where name = ${name}`)) as unknown as {
      rows: unknown[];
    };
    return rows.length > 0;
  }

  /** Milliseconds until the job is due and its lease free, as the row says now. */
  private async untilDue(spec: JobSpec<unknown>) {
    const { rows } = (await this.db.execute(sql`
      select extract(epoch from (greatest(next_run_at, coalesce(lease_until, next_run_at)) - now())) * 1000 as ms
      from jobs where name = ${spec.name}`)) as unknown as { rows: { ms: number | string }[] };
    return rows[0] ? Number(rows[0].ms) : spec.intervalMs;
  }

  /** A run's progress, written only while this instance holds the job (or it runs on every instance). */
  private async recordProgress(spec: JobSpec<unknown>, text: string) {
    await this.db.execute(sql`
      update jobs set progress = ${text.slice(0, ERROR_CHARS)}
      where name = ${spec.name}
        and (${spec.everyInstance ?? false}::boolean or lease_owner = ${this.owner})`);
  }

  private async renew(spec: JobSpec<unknown>) {
    await this.db
      .execute(sql`
        update jobs set lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
        where name = ${spec.name} and lease_owner = ${this.owner}`)
      .catch((error: unknown) => this.app.log.warn({ err: error }, `${spec.failure} (renewing its lease)`));
  }

  /** Records a run's outcome, frees the lease, sets the next run; answers the failures in a row. */
  private async finish(spec: JobSpec<unknown>, startedAt: Date, error: string | null) {
    const failed = error !== null;
    const failures = sql`case when ${failed}::boolean then consecutive_failures + 1 else 0 end`;
    const { base, cap } = retryTerms(spec.intervalMs);
    // The old count in SET: a job's first failure waits `base`, as retryDelayMs.
    const retryMs = sql`least(${cap}::bigint, ${base}::bigint * power(2, least(30, consecutive_failures))::bigint)`;
    const { rows } = (await this.db.execute(sql`
      update jobs set
        last_started_at = ${startedAt.toISOString()}::timestamptz,
        last_finished_at = now(),
        last_outcome = ${failed ? 'failed' : 'ok'},
        last_error = ${error},
        consecutive_failures = ${failures},
        total_runs = total_runs + 1,
        next_run_at = now() + make_interval(secs => ((case when ${failed}::boolean
          then ${retryMs} else ${spec.intervalMs}::bigint end) / 1000.0)::float8),
        lease_owner = null, lease_until = null
      where name = ${spec.name}
        and (${spec.everyInstance ?? false}::boolean or lease_owner = ${this.owner})
      returning consecutive_failures`)) as unknown as { rows: { consecutive_failures: number }[] };
    return rows[0]?.consecutive_failures ?? 1;
  }

  /** Every job's row, in name order (whatever instance registered it). */
  async list(): Promise<JobState[]> {
    const rows = await this.db.select().from(jobs).orderBy(asc(jobs.name));
    return rows.map((row) => ({
      name: row.name,
      label: row.label,
      intervalMs: row.intervalMs,
      lastStartedAt: row.lastStartedAt?.toISOString() ?? null,
      lastFinishedAt: row.lastFinishedAt?.toISOString() ?? null,
      lastOutcome: row.lastOutcome === 'ok' || row.lastOutcome === 'failed' ? row.lastOutcome : null,
      lastError: row.lastError,
      consecutiveFailures: row.consecutiveFailures,
      totalRuns: row.totalRuns,
      progress: row.progress,
      nextRunAt: row.nextRunAt.toISOString(),
    }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's named background jobs (server/src/lib/jobs.ts). */
    jobs: JobRegistry;
  }
}

/** The app's job registry, made on first use (called with the root instance). */
export function jobsOf(app: FastifyInstance, db: Database): JobRegistry {
  if (!app.hasDecorator('jobs')) app.decorate('jobs', new JobRegistry(app, db));
  return app.jobs;
}

/** Registers a named job on the app (see JobRegistry). */
export function registerJob<T>(app: FastifyInstance, db: Database, spec: JobSpec<T>) {
  jobsOf(app, db).register(spec);
}
