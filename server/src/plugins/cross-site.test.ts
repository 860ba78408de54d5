import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertDealer } from '../../test/factories';
import { TEST_ACCOUNTS } from '../../test/sessions';
import { withApp } from '../../test/with-app';
import { dealers } from '../db/schema';

/** `Origin: null` (sandboxed iframe, data: page, cross-origin redirect) is another site, not ours. */
const ctx = withApp({ signIn: ['admin'] });

const deactivate = (dealerId: number, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/dealers/${dealerId}`, headers, payload: { active: false } });
const isActive = async (dealerId: number) =>
  (await ctx.db.select().from(dealers).where(eq(dealers.id, dealerId)))[0]!.active;

describe('cross-site mutations', () => {
  it('refuses a signed-in admin mutation from Origin: null and changes nothing', async () => {
    const dealer = await insertDealer(ctx.db);
    const res = await deactivate(dealer.id, { cookie: ctx.admin, origin: 'null' });
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
      cookie: ctx.admin,
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const other = await insertDealer(ctx.db);
    const bearer = await deactivate(other.id, { authorization: `Bearer ${ctx.admin.split('=')[1]}` });
    expect(bearer.statusCode).toBe(200);
    expect(await isActive(other.id)).toBe(false);
  });
});
