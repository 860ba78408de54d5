/** Background jobs as the admin sees them (docs/operations.md, ADR 0039). */
import { z } from './zod';

/** How a job's last run ended. */
export const JOB_OUTCOMES = ['ok', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** One named job: what it is, when it last ran and how, when it runs next. Instants are ISO strings. */
export const jobStateSchema = z.object({
  name: z.string(),
  label: z.string(),
  intervalMs: z.number().int(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastOutcome: z.enum(JOB_OUTCOMES).nullable(),
  /** The last failure's message (never a stack or a query's values); null once a run succeeds. */
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  totalRuns: z.number().int(),
  /** How far the run under way, or the last run, got (a long job's own words); null when it says nothing. */
  progress: z.string().nullable(),
  nextRunAt: z.string(),
});
export type JobState = z.infer<typeof jobStateSchema>;

/** Texts of the admin's "Background jobs" panel. */
export const JOBS_TEXT = {
  title: 'Background jobs',
  loading: 'Loading background jobs...',
  empty: 'No background jobs have registered yet.',
  never: 'Not yet run',
  ok: 'OK',
  failed: 'Failed',
} as const;
