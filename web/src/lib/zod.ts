import { z } from '@contracts/zod';

export { zodResolver } from '@hookform/resolvers/zod';
/** zod for browser code: the shared, CSP-safe (jitless) configuration of contracts/zod.ts. */
export { z };

type Issue = { code?: string; origin?: string; minimum?: unknown; maximum?: unknown };

/**
 * Plain words for the bare length checks of shared schemas that carry no message of their own
 * (`z.string().trim().min(1)`). Given at parse time, so a schema's own message still wins.
 */
export const plainFieldErrors = {
  error: (issue: Issue) =>
    issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1
      ? 'This field is required'
      : issue.code === 'too_big' && issue.origin === 'string'
        ? `Use at most ${String(issue.maximum)} characters`
        : undefined,
};
