/**
 * An error as it may be logged. Database errors carry the query's values in many places: Drizzle's
 * message and stack (`Failed query: … params: Secret Motors,K7MW`) and its `params`, PGlite's
 * `params`, the server's `detail` (`Key (email)=(…)`, `Failing row contains (…)`) and, for data
 * errors, the message itself (`invalid input syntax for type integer: "…"`). A dealer name, buy
 * code, e-mail or session token must never reach the log (docs/design.md §5), so only named fields are
 * copied: the SQL text with its placeholders, the SQLSTATE, identifiers, and stack frames.
 */
import { DrizzleQueryError } from 'drizzle-orm';

export type LoggableError = {
  type: string;
  message: string;
  /** The message line, then the stack frames. */
  stack: string;
  /** SQLSTATE (23505) or a Node error code (ECONNREFUSED). */
  code?: string;
  /** The SQL text: values are $1, $2 … placeholders, never the values. */
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
  cause?: LoggableError;
};

const MAX_DEPTH = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErrorFields = Partial<
  Record<'name' | 'message' | 'stack' | 'code' | 'cause' | 'table' | 'column' | 'constraint', unknown>
>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Class 22 (data exception) messages quote the offending value: `value "99999999999" is out of
 * range for type integer`, `invalid input syntax for type uuid: "…"`. The rest of the sentence
 * still says what went wrong.
 */
const withoutValues = (message: string) => message.replace(/"(?:[^"]|"")*"/g, '"…"').replace(/: .*$/s, ': …');

/** Stack frames only: the first lines repeat the message, which for Drizzle holds the params. */
const frames = (stack: unknown) =>
  typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (typeof error !== 'object' || error === null) {
    const message = String(error);
    return { type: typeof error, message, stack: message };
  }
  const e = error as ErrorFields;
  const code = text(e.code);
  const isSqlState = code !== undefined && SQLSTATE.test(code);
  const isQueryWrapper = error instanceof DrizzleQueryError;
  const rawMessage = text(e.message) ?? '';
  // The wrapper's message is the query followed by its params; the query is kept on its own.
  const message = isQueryWrapper
    ? 'Failed query'
    : isSqlState && code.startsWith('22')
      ? withoutValues(rawMessage)
      : rawMessage;

  const type = isQueryWrapper ? 'DrizzleQueryError' : (text(e.name) ?? 'Error');
  const stack = [`${type}: ${message}`, ...frames(e.stack)].join('\n');
  const result: LoggableError = { type, message, stack };
  if (code) result.code = code;
  if (isQueryWrapper) result.query = error.query;
  if (isSqlState) {
    for (const key of ['table', 'column', 'constraint'] as const) {
      const identifier = text(e[key]);
      if (identifier) result[key] = identifier;
    }
  }
  if (e.cause !== undefined && depth < MAX_DEPTH) result.cause = loggableError(e.cause, depth + 1);
  return result;
}

/** One line for stderr (start-up, CLIs): each message of the cause chain, DB errors with SQL and SQLSTATE. */
export function errorSummary(error: unknown): string {
  const parts: string[] = [];
  for (let e: LoggableError | undefined = loggableError(error); e; e = e.cause) {
    parts.push([e.message, e.query && `(${e.query})`, e.code && `[${e.code}]`].filter(Boolean).join(' '));
  }
  return parts.join(': ');
}
