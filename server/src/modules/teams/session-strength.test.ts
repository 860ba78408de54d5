import { SESSION_REFUSALS, SESSION_TEXT } from '@contracts/auth';
import { maskBuyCode } from '@contracts/buying';
import { TEAM_TEXT } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertMember, MEMBER_PASSWORD } from '../../../test/factories';
import { nextAddress, nextCode } from '../../../test/helpers';
import { requestsAs, signIn, signInAdmin, signInMember, TEST_ACCOUNTS } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyCodes, sessions } from '../../db/schema';

/**
 * Sessions are as strong as their proof (docs/decisions/0031-session-strength.md):
 * the outside review's reproductions, each refused now.
 */
const ctx = withApp();

/** A dealership with an owner and a buyer, each holding a code; sessions by code or password. */
async function team() {
  const dealer = await insertDealer(ctx.db);
  const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner', name: 'Olga Owner' });
  const buyer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer', name: 'Bob Buyer' });
  const ownerCode = await insertBuyCodeRow(ctx.db, {
    dealerId: dealer.id,
    dealerUserId: owner.id,
    code: nextCode(),
  });
  const buyerCode = await insertBuyCodeRow(ctx.db, {
    dealerId: dealer.id,
    dealerUserId: buyer.id,
    code: nextCode(),
  });
  const byCode = (code: string) =>
    signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code }, nextAddress());
  const byPassword = (email: string) => signInMember(ctx.app, email, MEMBER_PASSWORD, nextAddress());
  return { dealer, owner, buyer, ownerCode, buyerCode, byCode, byPassword };
}

const status = async (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  (await requestsAs(ctx.app, cookie)(method, url, payload)).statusCode;

describe('a buy code is not an identity', () => {
  it('a name + code session buys and reads, and manages no identity: no passkey, password, team or invitation', async () => {
    const t = await team();
    const cookie = await t.byCode(t.buyerCode.code);
    const as = requestsAs(ctx.app, cookie);
    const me = (await as('GET', '/api/dealer/me')).json();
    expect(me).toMatchObject({ proof: 'code', member: { name: 'Bob Buyer' } });
    expect((await as('GET', '/api/dealer/transactions')).statusCode).toBe(200);
    // The review planted a passkey this way; it kept signing in after the code was deactivated.
    const planted = await as('POST', '/api/team/passkeys/options', {});
    expect(planted.statusCode).toBe(403);
    expect(planted.json()).toMatchObject({
      message: SESSION_TEXT.needsIdentityProof,
      reason: SESSION_REFUSALS.identityProofRequired,
    });
    expect((await as('GET', '/api/team/passkeys')).statusCode).toBe(403);
    const password = await as('POST', '/api/team/password', { newPassword: 'a brand new password' });
    expect(password.statusCode).toBe(403);
    // The owner's code: the same; no second owner invited from a code session.
    const ownerByCode = requestsAs(ctx.app, await t.byCode(t.ownerCode.code));
    const invite = await ownerByCode('POST', '/api/team/members', {
      email: 'second-owner@strength.example',
      name: 'Second Owner',
      role: 'owner',
    });
    expect(invite.statusCode).toBe(403);
    expect((await ownerByCode('GET', '/api/team/members')).statusCode).toBe(403);
    expect((await ownerByCode('POST', `/api/team/codes/${t.buyerCode.id}/rotate`)).statusCode).toBe(403);
  });

  it('the dealership’s old code signs in no owner who never accepted the invitation', async () => {
    const dealer = await insertDealer(ctx.db);
    const code = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: nextCode() });
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const invited = await admin('POST', `/api/dealers/${dealer.id}/team`, {
      email: `pending-${code.code.toLowerCase()}@strength.example`,
      name: 'Pending Owner',
      role: 'owner',
    });
    expect(invited.statusCode).toBe(201);
    const signInByCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/dealer/login',
      payload: { dealerName: dealer.dealerName, buyCode: code.code },
      remoteAddress: nextAddress(),
    });
    expect(signInByCode.statusCode).toBe(401);
    // A session that named them before they were invited-but-not-accepted is not honoured either.
    const pending = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer', acceptedAt: null });
    const pendingCode = await insertBuyCodeRow(ctx.db, {
      dealerId: dealer.id,
      dealerUserId: pending.id,
      code: nextCode(),
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/dealer/login',
      payload: { dealerName: dealer.dealerName, buyCode: pendingCode.code },
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(401);
    const byPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/login',
      payload: { email: pending.email, password: MEMBER_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(byPassword.statusCode).toBe(401);
  });

  it('adding a credential asks for the password again, even in a password session', async () => {
    const t = await team();
    const as = requestsAs(ctx.app, await t.byPassword(t.owner.email));
    expect((await as('GET', '/api/dealer/me')).json().proof).toBe('password');
    const before = await as('POST', '/api/team/passkeys/options', {});
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({
      message: SESSION_TEXT.reauthenticate,
      reason: SESSION_REFUSALS.reauthenticationRequired,
    });
    const wrong = await as('POST', '/api/team/reauth', { password: 'not my password at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TEAM_TEXT.currentPasswordWrong);
    const right = await as('POST', '/api/team/reauth', { password: MEMBER_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(Date.parse(right.json().until)).toBeGreaterThan(Date.now());
    const options = await as('POST', '/api/team/passkeys/options', {});
    expect(options.statusCode).toBe(200);
    expect(options.json().challenge).toEqual(expect.any(String));
    // The proof belongs to that session only: another session of the same member asks again.
    const other = requestsAs(ctx.app, await t.byPassword(t.owner.email));
    expect((await other('POST', '/api/team/passkeys/options', {})).statusCode).toBe(403);
  });
});

describe('ending what a session rests on ends the session', () => {
  it('deactivating a code (admin) or rotating it (owner) signs out whoever used it', async () => {
    const t = await team();
    const buyerByCode = await t.byCode(t.buyerCode.code);
    expect(await status(buyerByCode, 'GET', '/api/dealer/me')).toBe(200);
    // The owner rotates the buyer's code: a new code for the same holder, the old one's sessions end.
    const owner = requestsAs(ctx.app, await t.byPassword(t.owner.email));
    const rotated = await owner('POST', `/api/team/codes/${t.buyerCode.id}/rotate`);
    expect(rotated.statusCode).toBe(201);
    expect(rotated.json()).toMatchObject({ holderName: 'Bob Buyer', masked: true, active: true });
    const [fresh] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, rotated.json().id));
    expect(rotated.json().code).toBe(maskBuyCode(fresh!.code));
    expect(fresh!.code).not.toBe(t.buyerCode.code);
    expect(await status(buyerByCode, 'GET', '/api/dealer/me')).toBe(401);
    // The holder sees the new code itself; the old one no longer signs in.
    const buyerByPassword = requestsAs(ctx.app, await t.byPassword(t.buyer.email));
    const own = (await buyerByPassword('GET', '/api/dealer/buycodes')).json();
    expect(own.filter((c: { active: boolean }) => c.active).map((c: { code: string }) => c.code)).toEqual([
      fresh!.code,
    ]);
    await expect(t.byCode(t.buyerCode.code)).rejects.toThrow(/401/);

    // The admin deactivates the owner's code: the owner's code session ends, the password one stays.
    const ownerByCode = await t.byCode(t.ownerCode.code);
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    expect((await admin('PATCH', `/api/buy-codes/${t.ownerCode.id}`, { active: false })).statusCode).toBe(
      200,
    );
    expect(await status(ownerByCode, 'GET', '/api/dealer/me')).toBe(401);
    expect((await owner('GET', '/api/dealer/me')).statusCode).toBe(200);
    // An owner deactivates a code too; another dealership's code answers like an unknown one.
    const other = await team();
    expect((await owner('POST', `/api/team/codes/${other.buyerCode.id}/deactivate`)).statusCode).toBe(404);
    const fresherByCode = await t.byCode(fresh!.code);
    const deactivated = await owner('POST', `/api/team/codes/${fresh!.id}/deactivate`);
    expect(deactivated.json()).toMatchObject({ active: false, masked: true });
    expect(await status(fresherByCode, 'GET', '/api/dealer/me')).toBe(401);
    // A buyer may not manage codes (only owners).
    expect((await buyerByPassword('POST', `/api/team/codes/${fresh!.id}/rotate`)).statusCode).toBe(403);
  });

  it('the owner sees a masked code, its holder and its last use; its holder sees it whole', async () => {
    const t = await team();
    await t.byCode(t.buyerCode.code);
    const owner = requestsAs(ctx.app, await t.byPassword(t.owner.email));
    const listed = (await owner('GET', '/api/dealer/buycodes')).json();
    const buyers = listed.find((c: { id: number }) => c.id === t.buyerCode.id);
    expect(buyers).toMatchObject({
      code: maskBuyCode(t.buyerCode.code),
      masked: true,
      holderName: 'Bob Buyer',
    });
    expect(Date.parse(buyers.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(listed)).not.toContain(t.buyerCode.code);
    expect(listed.find((c: { id: number }) => c.id === t.ownerCode.id)).toMatchObject({
      code: t.ownerCode.code,
      masked: false,
    });
  });

  it('an admin’s new password ends the admin’s other sessions', async () => {
    const first = await signInAdmin(ctx.app);
    const second = await signInAdmin(ctx.app);
    const changed = await requestsAs(ctx.app, first)('POST', '/api/admin/password', {
      currentPassword: TEST_ACCOUNTS.adminPassword,
      newPassword: 'a new admin password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await requestsAs(ctx.app, second)('GET', '/api/admin/check')).json()).toEqual({
      authorized: false,
    });
    expect((await requestsAs(ctx.app, first)('GET', '/api/admin/check')).json()).toEqual({
      authorized: true,
    });
    // Put it back for the other tests of this file.
    await requestsAs(ctx.app, first)('POST', '/api/admin/password', {
      currentPassword: 'a new admin password',
      newPassword: TEST_ACCOUNTS.adminPassword,
    });
  });
});

describe('attempts are counted before the work', () => {
  const parallel = (n: number, send: (i: number) => Promise<{ statusCode: number }>) =>
    Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const counts = (results: { statusCode: number }[]) => {
    const by = new Map<number, number>();
    for (const r of results) by.set(r.statusCode, (by.get(r.statusCode) ?? 0) + 1);
    return Object.fromEntries(by);
  };

  it('40 parallel wrong passwords from one address check at most the limit (team sign-in and admin)', async () => {
    const t = await team();
    const from = nextAddress();
    const member = await parallel(40, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/team/login',
        payload: { email: t.owner.email, password: 'wrong password guess' },
        remoteAddress: from,
      }),
    );
    // Default SIGN_IN_RATE_LIMIT: 10 a minute. Before, 32 of 40 were checked (each an argon2 hash).
    expect(counts(member)).toEqual({ 401: 10, 429: 30 });
    const adminFrom = nextAddress();
    const admin = await parallel(40, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: TEST_ACCOUNTS.adminEmail, password: 'wrong password guess' },
        remoteAddress: adminFrom,
      }),
    );
    expect(counts(admin)).toEqual({ 401: 10, 429: 30 });
    // Right passwords never use up the budget: ten correct sign-ins in a row from a fresh address.
    const fresh = nextAddress();
    for (let i = 0; i < 12; i++) await signInMember(ctx.app, t.buyer.email, MEMBER_PASSWORD, fresh);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.dealerUserId, t.buyer.id));
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });
});
