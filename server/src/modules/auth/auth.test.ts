import { AUTH_TEXT } from '@contracts/auth';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer } from '../../../test/factories';
import { nextAddress } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyCodes, dealers, sessions } from '../../db/schema';

/** The test accounts, and a second admin address on the allow-list. */
const ctx = withApp({ env: { ADMIN_EMAILS: 'boss@example.com,limited@example.com' } });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() });
const check = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ url: '/api/admin/check', headers })).json().authorized;

describe('admin sign-in', () => {
  it('validates the e-mail and the allow-list with the spec texts', async () => {
    const invalid = await post('/api/admin/login', { email: 'not-an-email', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(AUTH_TEXT.invalidEmail);
    const stranger = await post('/api/admin/login', {
      email: 'someone@example.com',
      password: 'correct horse battery',
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(AUTH_TEXT.notAdmin);
    const wrong = await post('/api/admin/login', { email: 'boss@example.com', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_TEXT.invalidCredentials);
  });

  it('signs in case-insensitively with an HttpOnly SameSite=Lax cookie and a bearer token', async () => {
    const res = await post('/api/admin/login', {
      email: '  BOSS@Example.COM ',
      password: 'correct horse battery',
    });
    expect(res.statusCode).toBe(200);
    const { token, email } = res.json();
    expect(email).toBe('boss@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies[0]!;
    expect(cookie).toMatchObject({
      name: 'dm_admin_session',
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookie.secure).toBeFalsy();
    // Only the hash is stored.
    const stored = await ctx.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash.includes(token))).toBe(false);

    expect(await check({})).toBe(false);
    expect(await check({ cookie: `dm_admin_session=${token}` })).toBe(true);
    expect(await check({ authorization: `Bearer ${token}` })).toBe(true);

    const out = await post('/api/admin/logout', {}, { cookie: `dm_admin_session=${token}` });
    expect(out.statusCode).toBe(200);
    expect(out.cookies[0]).toMatchObject({ name: 'dm_admin_session', value: '' });
    expect(await check({ cookie: `dm_admin_session=${token}` })).toBe(false);
    expect(await check({ authorization: `Bearer ${token}` })).toBe(false);
  });

  it('refuses forged, expired and revoked tokens', async () => {
    const forged = Buffer.from(`admin:boss@example.com:${Date.now()}`).toString('base64');
    expect(await check({ authorization: `Bearer ${forged}` })).toBe(false);
    expect(await check({ cookie: `dm_admin_session=${forged}` })).toBe(false);
    expect(await check({ cookie: 'dm_admin_session=admin' })).toBe(false);
    expect(await check({ authorization: 'Bearer true' })).toBe(false);

    const cookie = await signIn(ctx.app, 'admin', {
      email: 'boss@example.com',
      password: 'correct horse battery',
    });
    expect(await check({ cookie })).toBe(true);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.role, 'admin'));
    expect(await check({ cookie })).toBe(false);
  });

  it('lets an admin change their own password', async () => {
    const cookie = await signIn(ctx.app, 'admin', {
      email: 'boss@example.com',
      password: 'correct horse battery',
    });
    const wrong = await post(
      '/api/admin/password',
      { currentPassword: 'nope', newPassword: 'a much better password' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(401);
    const short = await post(
      '/api/admin/password',
      { currentPassword: 'correct horse battery', newPassword: 'short' },
      { cookie },
    );
    expect(short.statusCode).toBe(400);
    const ok = await post(
      '/api/admin/password',
      { currentPassword: 'correct horse battery', newPassword: 'a much better password' },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await post('/api/admin/login', { email: 'boss@example.com', password: 'correct horse battery' }))
        .statusCode,
    ).toBe(401);
    await signIn(ctx.app, 'admin', { email: 'boss@example.com', password: 'a much better password' });
    await post(
      '/api/admin/password',
      { currentPassword: 'a much better password', newPassword: 'correct horse battery' },
      { cookie },
    );
  });

  it('answers the 11th attempt in a minute with 429 and Retry-After, per IP and per account', async () => {
    const attempt = (remoteAddress: string, email = 'limited@example.com') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email, password: 'guess' },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) expect((await attempt('192.0.2.1')).statusCode).toBe(401);
    const blocked = await attempt('192.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    // The same account from another address is still protected by the per-account counter.
    expect((await attempt('192.0.2.2')).statusCode).toBe(429);
    // Another account from a fresh address is not affected.
    expect((await attempt('192.0.2.3', 'other@example.com')).statusCode).toBe(403);
  });
});

describe('dealer sign-in', () => {
  it('validates with the spec texts', async () => {
    const noName = await post('/api/dealer/login', { dealerName: '   ', buyCode: 'AB23' });
    expect(noName.json().message).toBe(AUTH_TEXT.dealerNameRequired);
    const shortCode = await post('/api/dealer/login', { dealerName: 'X', buyCode: 'AB2' });
    expect(shortCode.json().message).toBe(AUTH_TEXT.buyCodeLength);
    expect(shortCode.statusCode).toBe(400);
  });

  it('accepts the dealer name and code in any case, and only active, unexpired codes of an active dealer', async () => {
    const dealer = await insertDealer(ctx.db, { dealerName: 'Lakeside Auto Sales' });
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'K7PX' });
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'K7PY', active: false });
    await insertBuyCodeRow(ctx.db, {
      dealerId: dealer.id,
      code: 'K7PZ',
      expiresAt: new Date(Date.now() - 1000),
    });
    const other = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: other.id, code: 'M3QR' });

    const ok = await post('/api/dealer/login', { dealerName: '  lakeside AUTO sales ', buyCode: ' k7px' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: dealer.id, dealerName: 'Lakeside Auto Sales' });
    const cookie = `${ok.cookies[0]!.name}=${ok.cookies[0]!.value}`;
    const me = await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } });
    expect(me.json().dealerName).toBe('Lakeside Auto Sales');

    for (const buyCode of ['K7PY', 'K7PZ', 'M3QR', 'ZZZZ']) {
      const res = await post('/api/dealer/login', { dealerName: 'Lakeside Auto Sales', buyCode });
      expect(res.statusCode, buyCode).toBe(401);
      expect(res.json().message).toBe(AUTH_TEXT.invalidCredentials);
    }

    // Deactivating the dealer ends its session at once and refuses new sign-ins.
    await ctx.db.update(dealers).set({ active: false }).where(eq(dealers.id, dealer.id));
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await post('/api/dealer/login', { dealerName: 'Lakeside Auto Sales', buyCode: 'K7PX' })).statusCode,
    ).toBe(401);
    await ctx.db.update(dealers).set({ active: true }).where(eq(dealers.id, dealer.id));
    await ctx.db.update(buyCodes).set({ active: false }).where(eq(buyCodes.code, 'K7PX'));
    expect(
      (await post('/api/dealer/login', { dealerName: 'Lakeside Auto Sales', buyCode: 'K7PX' })).statusCode,
    ).toBe(401);
  });

  it('logs out', async () => {
    const dealer = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'W8WW' });
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: 'W8WW' });
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).statusCode).toBe(200);
    await post('/api/dealer/logout', {}, { cookie });
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('staff sign-in', () => {
  it('checks the upload password on the server', async () => {
    const wrong = await post('/api/staff/login', { password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_TEXT.incorrectPassword);
    const ok = await post('/api/staff/login', { password: 'lot-password' });
    expect(ok.statusCode).toBe(200);
    const cookie = `${ok.cookies[0]!.name}=${ok.cookies[0]!.value}`;
    const me = await ctx.app.inject({ url: '/api/staff/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const hours = (Date.parse(me.json().expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect((await ctx.app.inject({ url: '/api/staff/me' })).statusCode).toBe(401);
  });

  it('lets an admin use the upload wizard without the staff password', async () => {
    const cookie = await signIn(ctx.app, 'admin', {
      email: 'boss@example.com',
      password: 'correct horse battery',
    });
    const me = await ctx.app.inject({ url: '/api/staff/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().authorized).toBe(true);
  });
});
