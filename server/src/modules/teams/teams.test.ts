import { TEAM_TEXT } from '@contracts/teams';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { nextAddress } from '../../../test/helpers';
import { requestsAs, signInMember } from '../../../test/sessions';
import { recipientsOf } from '../../../test/smtp-sink';
import { withMailingApp } from '../../../test/with-mailing-app';
import {
  buyCodes,
  dealerUsers,
  dealerUserTokens,
  notifications,
  offers,
  sessions,
  webauthnCredentials,
} from '../../db/schema';
import { messageContextOf } from '../notifications/notification-messages';
import { runSenderPass } from '../notifications/send-notifications';

const ORIGIN = 'https://wholesale.example.com';
const FROM = 'Deal Machine <notify@wholesale.example.com>';

const post = (url: string, payload: unknown, cookie = '') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  });
const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `${res.cookies[0]!.name}=${res.cookies[0]!.value}`;

/** Sends what the outbox holds to the SMTP server, then returns the mails to an address. */
async function mailsTo(address: string) {
  // Every due row, not one batch: tests that mail nobody leave rows behind.
  while (
    (await runSenderPass(ctx.db, ctx.transport, { from: FROM, messages: messageContextOf(ctx.config) }))
      .sent > 0
  );
  return ctx.sink.messages.filter((m) => recipientsOf(m).includes(address));
}
/** The token of the latest link mailed to an address ("…/dealer/invitation#token=…"). */
async function linkTokenFor(address: string, page: string) {
  const mails = await mailsTo(address);
  const text = mails.at(-1)?.text ?? '';
  const match = new RegExp(`${ORIGIN}${page}#token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${page} link mailed to ${address}`);
  return match[1]!;
}

const ctx = withMailingApp({ mailFrom: FROM, publicOrigin: ORIGIN, signIn: ['admin'] });
beforeEach(() => {
  ctx.sink.messages.length = 0;
});

describe('invitations', () => {
  it('the admin invites an owner: the e-mail arrives, the link accepts once, and signs the owner in', async () => {
    const dealer = await insertDealer(ctx.db, { dealerName: 'Invite Motors' });
    const invited = await ctx.call('POST', `/api/dealers/${dealer.id}/team`, {
      email: '  Owner@Invite.Example ',
      name: 'Olive Owner',
      role: 'owner',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'owner@invite.example', role: 'owner', status: 'invited' });
    // The row and its e-mail were written together; the admin log shows the page, never the token.
    const [queued] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, 'owner@invite.example'));
    expect(queued!.event).toBe('team_invitation');
    const log = await ctx.call('GET', '/api/notifications?limit=100');
    expect(log.json().items.find((n: { id: number }) => n.id === queued!.id).link).toBe(
      `${ORIGIN}/dealer/invitation`,
    );

    const token = await linkTokenFor('owner@invite.example', '/dealer/invitation');
    const [mail] = await mailsTo('owner@invite.example');
    expect(mail!.subject).toBe('Deal Machine: Join Invite Motors on Deal Machine');
    // Only the token's hash is stored.
    const stored = await ctx.db.select().from(dealerUserTokens);
    expect(stored.some((t) => t.tokenHash.includes(token))).toBe(false);

    const seen = await post('/api/team/invitation', { token });
    expect(seen.json()).toEqual({
      email: 'owner@invite.example',
      name: 'Olive Owner',
      role: 'owner',
      dealerName: 'Invite Motors',
    });
    const short = await post('/api/team/invitation/accept', { token, password: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(TEAM_TEXT.passwordTooShort);
    const neither = await post('/api/team/invitation/accept', { token });
    expect(neither.json().message).toBe(TEAM_TEXT.needPasswordOrPasskey);

    const accepted = await post('/api/team/invitation/accept', { token, password: 'twelve chars' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      dealerName: 'Invite Motors',
      member: { name: 'Olive Owner', role: 'owner' },
    });
    const me = await get('/api/dealer/me', cookieOf(accepted));
    expect(me.json().member).toMatchObject({ email: 'owner@invite.example', role: 'owner' });

    // Used once: the same link is refused, for reading and for accepting.
    const again = await post('/api/team/invitation/accept', { token, password: 'another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEAM_TEXT.linkInvalid);
    expect((await post('/api/team/invitation', { token })).statusCode).toBe(400);
    // The new password signs in; the e-mail in any case.
    await signInMember(ctx.app, 'OWNER@invite.example', 'twelve chars');
  });

  it('refuses expired, revoked, resent-over and malformed links', async () => {
    const dealer = await insertDealer(ctx.db);
    const invite = (email: string) =>
      ctx.call('POST', `/api/dealers/${dealer.id}/team`, { email, name: 'Pat', role: 'buyer' });
    const first = (await invite('late@team.example')).json();
    const lateToken = await linkTokenFor('late@team.example', '/dealer/invitation');
    await ctx.db
      .update(dealerUserTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dealerUserTokens.dealerUserId, first.id));
    const late = await post('/api/team/invitation/accept', { token: lateToken, password: 'twelve chars!' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(TEAM_TEXT.linkInvalid);

    // 72 hours from now.
    const second = (await invite('resent@team.example')).json();
    const hours = (Date.parse(second.invitationExpiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const oldToken = await linkTokenFor('resent@team.example', '/dealer/invitation');
    expect((await ctx.call('POST', `/api/dealer-users/${second.id}/invitation`)).statusCode).toBe(200);
    const newToken = await linkTokenFor('resent@team.example', '/dealer/invitation');
    expect(newToken).not.toBe(oldToken);
    expect((await post('/api/team/invitation', { token: oldToken })).statusCode).toBe(400);
    expect((await post('/api/team/invitation', { token: newToken })).statusCode).toBe(200);

    // Revoked: the link dies and the e-mail can be invited again.
    expect((await ctx.call('DELETE', `/api/dealer-users/${second.id}/invitation`)).statusCode).toBe(200);
    expect((await post('/api/team/invitation', { token: newToken })).statusCode).toBe(400);
    expect((await invite('resent@team.example')).statusCode).toBe(201);
    expect((await invite('RESENT@team.example')).json().message).toBe(TEAM_TEXT.emailTaken);

    for (const token of ['x', 'a'.repeat(43), '', 42]) {
      const res = await post('/api/team/invitation/accept', { token, password: 'twelve chars!' });
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json().message).toBe(TEAM_TEXT.linkInvalid);
    }
  });
});

describe('the owner’s team', () => {
  it('invites members, sets roles and limits, and removes people, whose sessions die at once', async () => {
    const dealer = await insertDealer(ctx.db, { dealerName: 'Team Motors' });
    const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner', name: 'Ona Owner' });
    const ownerCookie = await signInMember(ctx.app, owner.email, MEMBER_PASSWORD);
    const asOwner = requestsAs(ctx.app, ownerCookie);

    const invited = await asOwner('POST', '/api/team/members', {
      email: 'bea@team-motors.example',
      name: 'Bea Buyer',
      role: 'buyer',
      perVehicleLimit: '25000',
      perDayLimit: '',
    });
    expect(invited.statusCode).toBe(201);
    // Mailed, so the link is not handed out.
    expect(invited.json().invitationLink).toBeNull();
    expect(invited.json()).toMatchObject({
      perVehicleLimit: '25000.00',
      perDayLimit: null,
      status: 'invited',
    });
    const [mail] = await mailsTo('bea@team-motors.example');
    expect(mail!.text).toContain('Ona Owner invited you to Team Motors');

    const bea = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer', name: 'Bo Buyer' });
    const updated = await asOwner('PATCH', `/api/team/members/${bea.id}`, {
      role: 'viewer',
      perVehicleLimit: null,
      perDayLimit: '90000.50',
    });
    expect(updated.json()).toMatchObject({ role: 'viewer', perVehicleLimit: null, perDayLimit: '90000.50' });
    const bad = await asOwner('PATCH', `/api/team/members/${bea.id}`, {
      role: 'boss',
      perVehicleLimit: '-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await asOwner('PATCH', `/api/team/members/${owner.id}`, {
          role: 'viewer',
          perVehicleLimit: null,
          perDayLimit: null,
        })
      ).json().message,
    ).toBe(TEAM_TEXT.notYourself);

    const team = (await asOwner('GET', '/api/team/members')).json();
    expect(team.map((m: { name: string }) => m.name)).toEqual(['Ona Owner', 'Bea Buyer', 'Bo Buyer']);

    // Not the owner: no team management.
    const beaCookie = await signInMember(ctx.app, bea.email, MEMBER_PASSWORD);
    const asBea = requestsAs(ctx.app, beaCookie);
    expect((await asBea('GET', '/api/team/members')).statusCode).toBe(403);
    expect(
      (await asBea('POST', '/api/team/members', { email: 'x@y.example', name: 'X', role: 'owner' }))
        .statusCode,
    ).toBe(403);

    // Removed: the session is refused from the next request, sign-in fails, open offers end.
    const beaCode = await insertBuyCodeRow(ctx.db, {
      dealerId: dealer.id,
      code: 'RM7W',
      dealerUserId: bea.id,
    });
    const car = await insertVehicle(ctx.db);
    await asOwner('PATCH', `/api/team/members/${bea.id}`, {
      role: 'buyer',
      perVehicleLimit: null,
      perDayLimit: null,
    });
    const open = await asBea('POST', '/api/dealer/offers', { vehicleId: car.id, amount: '1000' });
    expect(open.statusCode).toBe(201);
    expect((await asBea('GET', '/api/dealer/me')).statusCode).toBe(200);
    const removed = await asOwner('DELETE', `/api/team/members/${bea.id}`, {});
    expect(removed.json().status).toBe('disabled');
    expect((await asBea('GET', '/api/dealer/me')).statusCode).toBe(401);
    expect((await asBea('GET', '/api/dealer/transactions')).statusCode).toBe(401);
    const [revoked] = await ctx.db.select().from(sessions).where(eq(sessions.dealerUserId, bea.id));
    expect(revoked!.revokedAt).not.toBeNull();
    // Her code went with her (docs/design.md §11), in the same transaction.
    const [endedCode] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, beaCode.id));
    expect(endedCode!.active).toBe(false);
    expect((await post('/api/team/login', { email: bea.email, password: MEMBER_PASSWORD })).statusCode).toBe(
      401,
    );
    const [declined] = await ctx.db.select().from(offers).where(eq(offers.id, open.json().id));
    expect(declined!.status).toBe('declined');
  });

  it('limits an owner to 20 invitations a day for their dealership (each probes an address)', async () => {
    const dealer = await insertDealer(ctx.db);
    const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' });
    const asOwner = requestsAs(
      ctx.app,
      await signInMember(ctx.app, owner.email, MEMBER_PASSWORD, nextAddress()),
    );
    const invite = (i: number) =>
      asOwner('POST', '/api/team/members', {
        email: `many${dealer.id}-${i}@invites.example`,
        name: `N ${i}`,
        role: 'viewer',
      });
    for (let i = 0; i < 20; i++) expect((await invite(i)).statusCode).toBe(201);
    const refused = await invite(20);
    expect(refused.statusCode).toBe(429);
    // Taken addresses count too: probing costs the same as inviting.
    const team = (await asOwner('GET', '/api/team/members')).json();
    expect(team).toHaveLength(21);
  });

  it('keeps dealerships apart: an owner of A cannot see or change B’s team', async () => {
    const a = await insertDealer(ctx.db);
    const b = await insertDealer(ctx.db);
    const ownerA = await insertMember(ctx.db, { dealerId: a.id, role: 'owner' });
    const memberB = await insertMember(ctx.db, { dealerId: b.id, role: 'buyer' });
    const asA = requestsAs(ctx.app, await signInMember(ctx.app, ownerA.email, MEMBER_PASSWORD));
    const team = (await asA('GET', '/api/team/members')).json();
    expect(team.map((m: { id: number }) => m.id)).toEqual([ownerA.id]);
    const change = await asA('PATCH', `/api/team/members/${memberB.id}`, {
      role: 'owner',
      perVehicleLimit: null,
      perDayLimit: null,
    });
    expect(change.statusCode).toBe(404);
    expect((await asA('DELETE', `/api/team/members/${memberB.id}`, {})).statusCode).toBe(404);
    const [still] = await ctx.db.select().from(dealerUsers).where(eq(dealerUsers.id, memberB.id));
    expect(still).toMatchObject({ role: 'buyer', disabledAt: null });
  });

  it('lets the admin list a dealership’s team and disable a person', async () => {
    const dealer = await insertDealer(ctx.db);
    const member = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' });
    const cookie = await signInMember(ctx.app, member.email, MEMBER_PASSWORD);
    const team = (await ctx.call('GET', `/api/dealers/${dealer.id}/team`)).json();
    expect(team).toEqual([
      expect.objectContaining({ id: member.id, status: 'active', hasPassword: true, passkeys: 0 }),
    ]);
    expect((await ctx.call('POST', `/api/dealer-users/${member.id}/disable`)).json().status).toBe('disabled');
    expect((await get('/api/dealer/me', cookie)).statusCode).toBe(401);
    expect((await ctx.call('POST', '/api/dealer-users/999999/disable')).statusCode).toBe(404);
  });

  it('tells the truth: each pending invitation its own expiry, each member their own passkey count', async () => {
    const dealer = await insertDealer(ctx.db);
    // Passkeys of one member only: the others have none, whatever their ids.
    const members = [];
    for (let i = 0; i < 4; i++)
      members.push(await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' }));
    const withKeys = members[2]!;
    for (let i = 0; i < 2; i++)
      await ctx.db.insert(webauthnCredentials).values({
        dealerUserId: withKeys.id,
        credentialId: `cred-${withKeys.id}-${i}`,
        publicKey: Buffer.from([1, 2, 3]),
        name: `Key ${i}`,
      });
    const first = await ctx.call('POST', `/api/dealers/${dealer.id}/team`, {
      email: `first${dealer.id}@truth.example`,
      name: 'First Invitee',
      role: 'buyer',
    });
    const second = await ctx.call('POST', `/api/dealers/${dealer.id}/team`, {
      email: `second${dealer.id}@truth.example`,
      name: 'Second Invitee',
      role: 'viewer',
    });
    // The first was sent two days ago: a day of its 72 hours is left.
    await ctx.db
      .update(dealerUserTokens)
      .set({ expiresAt: sql`now() + interval '24 hours'` })
      .where(eq(dealerUserTokens.dealerUserId, first.json().id));
    const team = (await ctx.call('GET', `/api/dealers/${dealer.id}/team`)).json() as {
      id: number;
      passkeys: number;
      invitationExpiresAt: string | null;
    }[];
    const byId = new Map(team.map((m) => [m.id, m]));
    for (const m of members) expect(byId.get(m.id)!.passkeys).toBe(m.id === withKeys.id ? 2 : 0);
    const hoursLeft = (id: number) =>
      (Date.parse(byId.get(id)!.invitationExpiresAt!) - Date.now()) / 3_600_000;
    expect(hoursLeft(first.json().id)).toBeGreaterThan(23);
    expect(hoursLeft(first.json().id)).toBeLessThan(24.1);
    expect(hoursLeft(second.json().id)).toBeGreaterThan(71);
    // The invitation's own answer says the same.
    expect(Date.parse(second.json().invitationExpiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
  });

  it('an owner learns nothing about other dealerships’ people by inviting them (same answer as a new address)', async () => {
    const elsewhere = await insertDealer(ctx.db, { dealerName: 'Elsewhere Motors' });
    const taken = await insertMember(ctx.db, { dealerId: elsewhere.id, role: 'buyer', name: 'Tay Taken' });
    const takenCookie = await signInMember(ctx.app, taken.email, MEMBER_PASSWORD);
    const dealer = await insertDealer(ctx.db, { dealerName: 'Prober Motors' });
    const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' });
    const asOwner = requestsAs(ctx.app, await signInMember(ctx.app, owner.email, MEMBER_PASSWORD));
    const invite = (email: string) =>
      asOwner('POST', '/api/team/members', { email, name: 'Pat', role: 'buyer' });

    const fresh = await invite('nobody-yet@prober.example');
    const probe = await invite(taken.email.toUpperCase());
    expect([fresh.statusCode, probe.statusCode]).toEqual([201, 201]);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect(shape(probe.json())).toEqual(shape(fresh.json()));
    expect(probe.json()).toMatchObject({ status: 'invited', email: taken.email });
    // Inside one's own team a second invitation is refused (the owner sees that team anyway).
    expect((await invite('nobody-yet@prober.example')).json().message).toBe(TEAM_TEXT.emailTaken);

    // The person, active elsewhere, cannot accept: the link stays usable, their own team untouched.
    const token = await linkTokenFor(taken.email, '/dealer/invitation');
    const accepted = await post('/api/team/invitation/accept', { token, password: 'twelve chars!' });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(TEAM_TEXT.emailActiveElsewhere);
    expect((await post('/api/team/invitation', { token })).statusCode).toBe(200);
    expect((await get('/api/dealer/me', takenCookie)).statusCode).toBe(200);
    expect((await signInMember(ctx.app, taken.email, MEMBER_PASSWORD)).length).toBeGreaterThan(0);

    // Removed from Elsewhere Motors, the same person may join Prober Motors with that link.
    await ctx.db.update(dealerUsers).set({ disabledAt: new Date() }).where(eq(dealerUsers.id, taken.id));
    const joined = await post('/api/team/invitation/accept', { token, password: 'twelve chars!' });
    expect(joined.statusCode).toBe(200);
    const signedIn = await signInMember(ctx.app, taken.email, 'twelve chars!');
    expect((await get('/api/dealer/me', signedIn)).json()).toMatchObject({ dealerName: 'Prober Motors' });
  });
});

describe('signing in and password reset', () => {
  it('signs in with e-mail and password; failures say one thing and are rate-limited', async () => {
    const dealer = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'TM7Q' });
    const member = await insertMember(ctx.db, { dealerId: dealer.id, email: 'sign@in.example' });
    const attempt = (email: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/team/login',
        payload: { email, password },
        remoteAddress: '192.0.2.50',
      });
    for (const [email, password] of [
      ['sign@in.example', 'wrong password'],
      ['nobody@in.example', MEMBER_PASSWORD],
    ] as const) {
      const res = await attempt(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TEAM_TEXT.invalidSignIn);
    }
    const ok = await attempt('Sign@In.example', MEMBER_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies[0]).toMatchObject({ name: 'dm_dealer_session', httpOnly: true, sameSite: 'Lax' });
    expect(ok.json().member.id).toBe(member.id);
    for (let i = 0; i < 8; i++) expect((await attempt('sign@in.example', 'guess')).statusCode).toBe(401);
    const blocked = await attempt('sign@in.example', MEMBER_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('someone else’s wrong guesses do not lock a member out of a new device', async () => {
    const dealer = await insertDealer(ctx.db);
    const member = await insertMember(ctx.db, { dealerId: dealer.id, email: 'locked@out.example' });
    const attempt = (password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/team/login',
        payload: { email: member.email, password },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++)
      expect((await attempt('a wrong guess', '198.51.100.9')).statusCode).toBe(401);
    expect((await attempt('a wrong guess', '198.51.100.9')).statusCode).toBe(429);
    // The member, from a device that never signed in, still gets in.
    expect((await attempt(MEMBER_PASSWORD, '203.0.113.44')).statusCode).toBe(200);
    // Spread over many addresses, guesses still meet the account's ceiling (ten times the limit).
    for (let n = 0; n < 9; n++)
      for (let i = 0; i < 10; i++) await attempt('a wrong guess', `198.51.101.${n}`);
    expect((await attempt(MEMBER_PASSWORD, '203.0.113.45')).statusCode).toBe(429);
  });

  it('resets a password by a 15-minute, single-use e-mail link that ends every session', async () => {
    const dealer = await insertDealer(ctx.db);
    const member = await insertMember(ctx.db, { dealerId: dealer.id, email: 'forgot@team.example' });
    const oldSession = await signInMember(ctx.app, member.email, MEMBER_PASSWORD);

    // The same answer for anyone, and mail only for a member.
    for (const email of ['forgot@team.example', 'stranger@team.example']) {
      const res = await post('/api/team/password-reset', { email });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo('stranger@team.example')).toHaveLength(0);
    const token = await linkTokenFor('forgot@team.example', '/dealer/reset-password');
    const [row] = await ctx.db
      .select()
      .from(dealerUserTokens)
      .where(eq(dealerUserTokens.dealerUserId, member.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(15, 1);

    const done = await post('/api/team/password-reset/confirm', { token, password: 'my new long password' });
    expect(done.statusCode).toBe(200);
    expect((await get('/api/dealer/me', oldSession)).statusCode).toBe(401);
    await signInMember(ctx.app, member.email, 'my new long password');
    const reused = await post('/api/team/password-reset/confirm', {
      token,
      password: 'yet another password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(TEAM_TEXT.linkInvalid);

    // Expired after 15 minutes.
    await post('/api/team/password-reset', { email: 'forgot@team.example' });
    const second = await linkTokenFor('forgot@team.example', '/dealer/reset-password');
    await ctx.db
      .update(dealerUserTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dealerUserTokens.dealerUserId, member.id));
    expect(
      (await post('/api/team/password-reset/confirm', { token: second, password: 'yet another password' }))
        .statusCode,
    ).toBe(400);
  });

  it('limits reset mails to one person, from any number of addresses', async () => {
    const dealer = await insertDealer(ctx.db);
    const member = await insertMember(ctx.db, { dealerId: dealer.id, email: 'flooded@team.example' });
    const ask = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/team/password-reset',
        payload: { email: member.email },
        remoteAddress: `198.51.102.${n}`,
      });
    for (let n = 0; n < 3; n++) expect((await ask(n)).statusCode).toBe(200);
    expect((await ask(9)).statusCode).toBe(429);
    const links = await ctx.db
      .select()
      .from(dealerUserTokens)
      .where(eq(dealerUserTokens.dealerUserId, member.id));
    expect(links).toHaveLength(3);
  });

  it('limits password-reset requests per address', async () => {
    const request = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/team/password-reset',
        payload: { email: `someone${Math.random()}@x.example` },
        remoteAddress: '192.0.2.77',
      });
    for (let i = 0; i < 10; i++) expect((await request()).statusCode).toBe(200);
    expect((await request()).statusCode).toBe(429);
  });

  it('limits uses of e-mailed links per address: made-up tokens cannot make the server hash on demand', async () => {
    const use = (url: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload: { token: 'A'.repeat(43), password: 'a long enough password' },
        remoteAddress: '192.0.2.78',
      });
    for (let i = 0; i < 5; i++) {
      const accepted = await use('/api/team/invitation/accept');
      expect(accepted.statusCode).toBe(400);
      expect(accepted.json().message).toBe(TEAM_TEXT.linkInvalid);
      expect((await use('/api/team/password-reset/confirm')).statusCode).toBe(400);
    }
    const limited = await use('/api/team/invitation/accept');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await use('/api/team/password-reset/confirm')).statusCode).toBe(429);
  });

  it('limits passkey challenges per address, and answers options a browser can use', async () => {
    const options = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/team/passkey-login/options', remoteAddress });
    const first = await options('192.0.2.88');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rpId: 'wholesale.example.com', userVerification: 'preferred' });
    expect(first.json().challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    for (let i = 1; i < 60; i++) expect((await options('192.0.2.88')).statusCode).toBe(200);
    expect((await options('192.0.2.88')).statusCode).toBe(429);
    expect((await options('192.0.2.89')).statusCode).toBe(200);
    // A response to no challenge this server issued is refused, and counted as a failed sign-in.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/passkey-login',
      payload: {
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: Buffer.from('{"challenge":"nope"}').toString('base64url') },
        },
      },
      remoteAddress: '192.0.2.90',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(TEAM_TEXT.passkeyFailed);
  });

  it('lets a member change their password with the current one, ending their other sessions', async () => {
    const dealer = await insertDealer(ctx.db);
    const member = await insertMember(ctx.db, { dealerId: dealer.id });
    const elsewhere = await signInMember(ctx.app, member.email, MEMBER_PASSWORD, '10.20.99.1');
    const as = requestsAs(ctx.app, await signInMember(ctx.app, member.email, MEMBER_PASSWORD));
    expect(
      (
        await as('POST', '/api/team/password', {
          currentPassword: 'nope',
          newPassword: 'a brand new password',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await as('POST', '/api/team/password', { currentPassword: MEMBER_PASSWORD, newPassword: 'short' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await as('POST', '/api/team/password', {
          currentPassword: MEMBER_PASSWORD,
          newPassword: 'a brand new password',
        })
      ).statusCode,
    ).toBe(200);
    await signInMember(ctx.app, member.email, 'a brand new password');
    expect((await as('GET', '/api/team/passkeys')).json()).toEqual([]);
    // The other device's session (perhaps the one whose password leaked) is over.
    expect((await get('/api/dealer/me', elsewhere)).statusCode).toBe(401);
  });
});
