import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDealer } from '../../test/factories';
import { signInAdmin, TEST_ACCOUNTS } from '../../test/sessions';
import { createBootstrappedApp } from '../../test/test-app';
import { dealers } from '../db/schema';

/** `Origin: null` (sandboxed iframe, data: page, cross-origin redirect) is another site, not ours. */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let admin: string;
beforeAll(async () => {
  ctx = await createBootstrappedApp();
  admin = await signInAdmin(ctx.app);
});
afterAll(() => ctx.close());

const deactivate = (dealerId: number, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/dealers/${dealerId}`, headers, payload: { active: false } });
const isActive = async (dealerId: number) =>
  (await ctx.db.select().from(dealers).where(eq(dealers.id, dealerId)))[0]!.active;

describe('cross-site mutations', () => {
  it('refuses a signed-in admin mutation from Origin: null and changes nothing', async () => {
    const dealer = await insertDealer(ctx.db);
    const res = await deactivate(dealer.id, { cookie: admin, origin: 'null' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'FORBIDDEN' });
    expect(await isActive(dealer.id)).toBe(true);
  });

  it('refuses a sign-in from Origin: null (no login CSRF)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'null' },
      payload: { email: TEST_ACCOUNTS.adminEmail, password: TEST_ACCOUNTS.adminPassword },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('keeps letting our own pages and Bearer API clients (no Origin) through', async () => {
    const dealer = await insertDealer(ctx.db);
    const sameOrigin = await deactivate(dealer.id, {
      cookie: admin,
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const other = await insertDealer(ctx.db);
    const bearer = await deactivate(other.id, { authorization: `Bearer ${admin.split('=')[1]}` });
    expect(bearer.statusCode).toBe(200);
    expect(await isActive(other.id)).toBe(false);
  });
});
