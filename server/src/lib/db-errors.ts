/** The PostgreSQL SQLSTATE of an error, looking through Drizzle's wrapping (pg and PGlite alike). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
/** Deadlock or serialization failure: the transaction can simply run again. */
export const isRetryable = (error: unknown) => ['40P01', '40001'].includes(pgErrorCode(error) ?? '');

/** Runs a DB transaction, retrying a few times when PostgreSQL aborts it for a deadlock. */
export async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}
