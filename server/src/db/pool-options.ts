/**
 * How the app's PostgreSQL connections are opened: ten at most, and without JIT compilation — the
 * app's statements are short, and compiling one of them (PostgreSQL compiles above a planner cost the
 * list pages reach at 100,000 sales) took longer than running it (docs/postgresql.md). An `options`
 * in DATABASE_URL replaces these settings.
 */
export const POOL_OPTIONS = { max: 10, options: '-c jit=off' } as const;
