import { ERROR_CODES } from '@contracts/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/** What a refused field is told, after its name: "name: contains a character that is not allowed". */
export const CHARACTER_NOT_ALLOWED = 'contains a character that is not allowed';

/**
 * Whether a string is text we can keep: no NUL (PostgreSQL's text cannot hold one, so the query
 * fails: a generic 500) and no UTF-16 surrogate without its pair (no character at all: it cannot
 * be written as UTF-8, to the database, a mail or a PDF).
 */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    // A high surrogate followed by a low one is one character; anything else is a lone half.
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/**
 * The first field of a parsed body, query or path whose text (or name) is not storable, by its
 * path ("name", "items.0.title", "body" for a bare string); null when all are. Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function findUnstorableField(input: unknown, root = 'body'): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path || root;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (!isStorableText(key)) return path ? `${path} (a field name)` : `${root} (a field name)`;
        stack.push({ value: inner, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}

/**
 * A NUL byte or a lone surrogate in any text of any API request answers 400 naming the field
 * (issue #43), in one place for every route: a preValidation hook on everything under /api/.
 * Why a hook and not the shared zod helpers: the contracts build strings with plain z.string()
 * (hundreds of them, and every new one would have to remember a helper), and some routes read text
 * no schema describes (passthrough records, tus metadata); the hook sees the parsed body, query and
 * path parameters of every route before its schema or handler does, whatever the schema. Pages and
 * media files are not JSON and keep their own answers. A multipart upload's fields are read by its
 * handler, not parsed here.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const field =
      findUnstorableField(request.params, 'path') ??
      findUnstorableField(request.query, 'query') ??
      findUnstorableField(request.body, 'body');
    if (field !== null) throw new AppError(ERROR_CODES.badRequest, `${field}: ${CHARACTER_NOT_ALLOWED}`);
  });
}
