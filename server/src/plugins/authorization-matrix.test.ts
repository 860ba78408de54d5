import { beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertMember, MEMBER_PASSWORD } from '../../test/factories';
import { injectAny } from '../../test/inject-any';
import { signIn, signInAdmin, signInMember, signInStaff } from '../../test/sessions';
import { withApp } from '../../test/with-app';
import type { Access } from './access';

/**
 * Every route the app registers, called as each identity. A new route must be added to
 * PUBLIC_ROUTES consciously if anyone may call it; otherwise its declared access is enforced here.
 */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /*',
  'GET /media/demo/*',
  'GET /media/uploads/:name',
  'GET /media/photos/:key/:name',
  'GET /api/vehicles',
  'GET /api/vehicles/search',
  // The reconditioning packages a buyer may choose (docs/design.md §14): offered to everyone who may buy.
  'GET /api/recon-packages',
  // The carrier's and the lender's webhooks: their HMAC signature over the raw body is the authority.
  'POST /api/webhooks/carrier',
  'POST /api/webhooks/lender',
  'GET /api/vehicles/:id',
  'GET /api/admin/check',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'POST /api/dealer/login',
  'POST /api/dealer/logout',
  'POST /api/staff/login',
  'POST /api/staff/logout',
  'POST /api/verify-code',
  // The terms of a sale made now: the same for everyone, shown before Buy Now.
  'GET /api/sale-terms',
  'POST /api/vehicles/:id/offers',
  // Dealer teams: a password, a passkey or an e-mailed link's token is the authority.
  'POST /api/team/login',
  'POST /api/team/passkey-login/options',
  'POST /api/team/passkey-login',
  'POST /api/team/invitation',
  'POST /api/team/invitation/passkey-options',
  'POST /api/team/invitation/accept',
  'POST /api/team/password-reset',
  'POST /api/team/password-reset/confirm',
  // RFC 8058 one-click unsubscribe: the signed token in the link decides, never a session.
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
]);

/**
 * `member` is a named team member (an owner, so the owner's routes admit it too) signed in with a
 * password, who proved it again (so adding a credential is open to it); `codeMember` is the same
 * owner signed in with dealer name + their buy code: it buys and reads, and manages no identity
 * (docs/decisions/0031-session-strength.md).
 */
type Identity = 'anonymous' | 'dealer' | 'member' | 'codeMember' | 'staff' | 'admin';
const ALLOWED: Record<Access, Identity[]> = {
  public: ['anonymous', 'dealer', 'member', 'codeMember', 'staff', 'admin'],
  dealer: ['dealer', 'member', 'codeMember'],
  member: ['member', 'codeMember'],
  identity: ['member'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
  account: ['dealer', 'member', 'codeMember', 'admin'],
  session: ['dealer', 'member', 'codeMember', 'staff', 'admin'],
};

const cookies: Record<Identity, string> = {
  anonymous: '',
  dealer: '',
  member: '',
  codeMember: '',
  staff: '',
  admin: '',
};

const ctx = withApp();

beforeAll(async () => {
  const dealer = await insertDealer(ctx.db);
  await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'Q7RS' });
  cookies.admin = await signInAdmin(ctx.app);
  cookies.dealer = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: 'Q7RS' });
  cookies.staff = await signInStaff(ctx.app);
  // The team is another dealership's: one with a team has no session that names nobody (docs/design.md §11).
  const teamDealer = await insertDealer(ctx.db);
  // Member 1 is someone else: the matrix calls `/api/dealer-users/1/disable` as the admin.
  await insertMember(ctx.db, { dealerId: teamDealer.id, role: 'viewer' });
  const owner = await insertMember(ctx.db, { dealerId: teamDealer.id, role: 'owner' });
  cookies.member = await signInMember(ctx.app, owner.email, MEMBER_PASSWORD);
  const reauth = await ctx.app.inject({
    method: 'POST',
    url: '/api/team/reauth',
    headers: { cookie: cookies.member },
    payload: { password: MEMBER_PASSWORD },
  });
  expect(reauth.statusCode).toBe(200);
  await insertBuyCodeRow(ctx.db, { dealerId: teamDealer.id, dealerUserId: owner.id, code: 'Q8RS' });
  cookies.codeMember = await signIn(ctx.app, 'dealer', {
    dealerName: teamDealer.dealerName,
    buyCode: 'Q8RS',
  });
});

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');

describe('authorization matrix', () => {
  it('knows every registered route', () => {
    const routes = ctx.app.routesTable.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (route.access === 'public')
        expect(PUBLIC_ROUTES, `${key} is public: add it to PUBLIC_ROUTES if intended`).toContain(key);
      else
        expect(PUBLIC_ROUTES.has(key), `${key} is listed as public but declares ${route.access}`).toBe(false);
    }
  });

  it('lets exactly the allowed identities through every route', async () => {
    for (const route of ctx.app.routesTable) {
      // Logging in or out would change the identities under test; their access is 'public' anyway.
      if (/\/(login|logout)$/.test(route.url)) continue;
      for (const [identity, via] of (Object.keys(cookies) as Identity[]).flatMap((i) => [
        [i, 'cookie'] as const,
        [i, 'bearer'] as const,
      ])) {
        const token = cookies[identity].split('=')[1];
        const headers: Record<string, string> = !token
          ? {}
          : via === 'cookie'
            ? { cookie: cookies[identity] }
            : { authorization: `Bearer ${token}` };
        // injectAny: the live stream (GET /api/events) is read up to its first chunk, then dropped.
        const res = await injectAny(ctx.app, {
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        const where = `${route.method} ${route.url} as ${identity} (${via})`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (ALLOWED[route.access].includes(identity)) {
          expect([401, 403], where).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, where).toBe(identity === 'anonymous' ? 401 : 403);
        }
      }
    }
  });
});
