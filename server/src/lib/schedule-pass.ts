import type { FastifyInstance } from 'fastify';

export interface PassTiming {
  /** The first pass, after start-up traffic; none when undefined (the first interval starts it). */
  firstPassDelayMs?: number;
  intervalMs: number;
}

/**
 * A background pass every `intervalMs` on this instance (housekeeping, first-look release, delayed
 * work orders): never two at once, a failed pass is a warning (never a crash), the timers do not
 * keep the process alive, and closing the app waits for a pass under way. `report` says what a
 * pass did, when it did something.
 */
export function schedulePass<T>(
  app: FastifyInstance,
  {
    run,
    timing,
    failure,
    report,
  }: {
    run: () => Promise<T>;
    timing: PassTiming;
    /** The warning a failed pass logs. */
    failure: string;
    report?: (result: T) => void;
  },
) {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = run()
      .then(
        (result) => report?.(result),
        (error: unknown) => app.log.warn({ err: error }, failure),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = timing.firstPassDelayMs === undefined ? null : setTimeout(pass, timing.firstPassDelayMs);
  const every = setInterval(pass, timing.intervalMs);
  first?.unref();
  every.unref();
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
