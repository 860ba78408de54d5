import { BUYING_TEXT } from '@contracts/buying';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../test/factories';
import { signIn, signInAdmin, signInMember, signInStaff } from '../../test/sessions';
import { withApp } from '../../test/with-app';
import type { Access } from './access';

/**
 * Ids have one spelling: decimal digits, no sign, no leading zero, 1 … 2^31-1 (contracts/ids.ts).
 * Each other form once parsed as a number (`0x10` was vehicle 16); now it is a 400 on every route.
 */
const BAD_IDS = ['0x10', '1e2', '+5', '%207', '07', '0', '-1', '1.5', '2147483648', '99999999999999999999'];
const ID_MESSAGE = /^(Vehicle id|Id) must be a whole number from 1 to 2147483647$/;

/** Paths whose parameter is not a database id (a VIN, a random upload id, a file name). */
const NOT_ID_PARAMS = new Set([
  '/api/vin/:vin',
  '/api/uploads/:id',
  '/api/upload-results/:id',
  '/media/uploads/:name',
  '/api/photo-uploads/:id',
  '/media/photos/:key/:name',
]);

type Caller = 'anonymous' | 'dealer' | 'member' | 'staff' | 'admin';
const CALLER: Record<Access, Caller> = {
  public: 'anonymous',
  dealer: 'dealer',
  member: 'member',
  identity: 'member',
  staff: 'staff',
  admin: 'admin',
  account: 'admin',
  session: 'dealer',
};

const cookies: Record<Caller, string> = { anonymous: '', dealer: '', member: '', staff: '', admin: '' };
let dealer: Awaited<ReturnType<typeof insertDealer>>;

const ctx = withApp({ env: { SIGN_IN_RATE_LIMIT: '100000' } });

beforeAll(async () => {
  dealer = await insertDealer(ctx.db);
  await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'K7MW' });
  cookies.admin = await signInAdmin(ctx.app);
  cookies.staff = await signInStaff(ctx.app);
  cookies.dealer = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: 'K7MW' });
  // A team of another dealership: one with a team has no session that names nobody (docs/design.md §11).
  const owner = await insertMember(ctx.db, { dealerId: (await insertDealer(ctx.db)).id, role: 'owner' });
  cookies.member = await signInMember(ctx.app, owner.email, MEMBER_PASSWORD);
});

const idRoutes = () =>
  ctx.app.routesTable.filter((r) => r.method !== 'HEAD' && r.url.includes('/:') && !NOT_ID_PARAMS.has(r.url));

const call = (method: string, url: string, as: Caller, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: cookies[as] ? { cookie: cookies[as] } : {},
    ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
  });

describe('ids in paths, queries and bodies', () => {
  it('refuses every malformed id on every route with an id, as a caller allowed to call it', async () => {
    const routes = idRoutes();
    // Vehicles (GET, PATCH, offers), dealers, buy codes, offers, dealer offers, transactions (×3).
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      // Each path parameter in turn is malformed; any other (a photo's :photoId) is a valid 1.
      const params = route.url.match(/:[A-Za-z]+/g) ?? [];
      for (const param of params) {
        const withBad = (bad: string) =>
          params.reduce((url, p) => url.replace(p, p === param ? bad : '1'), route.url);
        for (const bad of BAD_IDS) {
          const res = await call(route.method, withBad(bad), CALLER[route.access]);
          const where = `${route.method} ${route.url} with ${param} = ${bad}`;
          expect(res.statusCode, where).toBe(400);
          expect(res.json(), where).toEqual({
            message: expect.stringMatching(ID_MESSAGE),
            code: 'BAD_REQUEST',
          });
        }
        // The largest id is well-formed: whatever the route answers, it is not about the id.
        const largest = await call(route.method, withBad('2147483647'), CALLER[route.access]);
        expect(largest.body, `${route.method} ${route.url} with ${param} = 2147483647`).not.toMatch(
          /must be a whole number/,
        );
      }
    }
  });

  it('still answers well-formed ids', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const detail = await call('GET', `/api/vehicles/${vehicle.id}`, 'anonymous');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().id).toBe(vehicle.id);
    const patched = await call('PATCH', `/api/dealers/${dealer.id}`, 'admin', { active: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().id).toBe(dealer.id);
  });

  it('takes a query id in its one spelling only', async () => {
    for (const bad of BAD_IDS) {
      const res = await call('GET', `/api/buy-codes?dealerId=${bad}`, 'admin');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe('Dealer id must be a whole number from 1 to 2147483647');
    }
    const codes = await call('GET', `/api/buy-codes?dealerId=${dealer.id}`, 'admin');
    expect(codes.statusCode).toBe(200);
    expect(codes.json().map((c: { code: string }) => c.code)).toEqual(['K7MW']);
  });

  it('takes a body id as a JSON integer or the same strict string', async () => {
    const bodyBad = [...BAD_IDS.map((s) => decodeURIComponent(s)), 0, -1, 1.5, 2_147_483_648, true, null];
    for (const dealerId of bodyBad) {
      const res = await call('POST', '/api/buy-codes', 'admin', { dealerId });
      expect(res.statusCode, String(dealerId)).toBe(400);
    }
    // The admin's form sends the select's value (a string); API clients send a number.
    for (const dealerId of [String(dealer.id), dealer.id]) {
      const res = await call('POST', '/api/buy-codes', 'admin', { dealerId });
      expect(res.statusCode, String(dealerId)).toBe(201);
      expect(res.json().dealerId).toBe(dealer.id);
    }

    const vehicle = await insertVehicle(ctx.db);
    for (const vehicleId of [
      `0x${vehicle.id.toString(16)}`,
      `0${vehicle.id}`,
      ` ${vehicle.id}`,
      `${vehicle.id}.0`,
    ]) {
      const res = await call('POST', '/api/verify-code', 'anonymous', { code: 'K7MW', vehicleId });
      expect(res.statusCode, vehicleId).toBe(400);
      expect(res.json().message, vehicleId).toBe(BUYING_TEXT.buyFailure);
    }
    const bought = await call('POST', '/api/verify-code', 'anonymous', {
      code: 'K7MW',
      vehicleId: vehicle.id,
    });
    expect(bought.statusCode).toBe(200);
    const other = await insertVehicle(ctx.db);
    const byString = await call('POST', '/api/verify-code', 'anonymous', {
      code: 'K7MW',
      vehicleId: `${other.id}`,
    });
    expect(byString.statusCode).toBe(200);
  });
});
