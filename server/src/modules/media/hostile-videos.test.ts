import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';

/** Videos that try to slip past the checks (issue #10). */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let staff: string;

beforeAll(async () => {
  ctx = await createBootstrappedApp();
  staff = await signInStaff(ctx.app);
});
afterAll(() => ctx.close());

describe('hostile videos', () => {
  const tus = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: Buffer) =>
    ctx.app.inject({
      method,
      url,
      headers: { 'tus-resumable': '1.0.0', cookie: staff, ...headers },
      ...(payload ? { payload } : {}),
    });

  it('refuses a zero-byte video and a polyglot whose magic bytes are not a video', async () => {
    const empty = await tus('POST', '/api/uploads', { 'upload-length': '0' });
    // An empty upload finishes at once and is refused by its (missing) content.
    expect([400, 415]).toContain(empty.statusCode);
    const fake = Buffer.concat([Buffer.from('%PDF-1.4 ftypisom'), Buffer.alloc(100)]);
    const created = await tus('POST', '/api/uploads', { 'upload-length': String(fake.length) });
    const res = await tus(
      'PATCH',
      created.headers.location as string,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      fake,
    );
    expect(res.statusCode).toBe(415);
  });

  it('refuses one byte over the 200 MB limit before any byte is stored', async () => {
    const res = await tus('POST', '/api/uploads', { 'upload-length': String(200 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    const limit = await tus('POST', '/api/uploads', { 'upload-length': String(200 * 1024 * 1024 - 1) });
    expect(limit.statusCode).toBe(201);
  });
});
