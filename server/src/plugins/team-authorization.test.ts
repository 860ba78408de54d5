import { TEAM_TEXT } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../test/factories';
import { requestsAs, signInMember } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { withApp } from '../../test/with-app';
import { offers } from '../db/schema';

/**
 * The authorization matrix (authorization-matrix.test.ts) for dealer teams' own rules: what a
 * viewer may not do, what a member of one dealership never sees of another, and that a removed
 * person's session is refused at once by every instance on the database.
 */
let second: Awaited<ReturnType<typeof createTestApp>>;
const ids = { aSale: 0, bSale: 0, bOffer: 0, aOffer: 0, vehicle: 0 };
let buyerA: ReturnType<typeof requestsAs>;
let viewerA: ReturnType<typeof requestsAs>;
let ownerA: ReturnType<typeof requestsAs>;
let viewerCookie = '';

const ctx = withApp();

beforeAll(async () => {
  // A second app instance on the same database, as behind a load balancer.
  second = await createTestApp({ database: ctx.database });
  const a = await insertDealer(ctx.db);
  const b = await insertDealer(ctx.db);
  // Each buyer holds their own code (docs/design.md §11).
  const sign = async (dealerId: number, role: 'owner' | 'buyer' | 'viewer', code?: string) => {
    const m = await insertMember(ctx.db, { dealerId, role });
    if (code) await insertBuyCodeRow(ctx.db, { dealerId, code, dealerUserId: m.id });
    return signInMember(ctx.app, m.email, MEMBER_PASSWORD);
  };
  buyerA = requestsAs(ctx.app, await sign(a.id, 'buyer', 'AQ7W'));
  viewerCookie = await sign(a.id, 'viewer');
  viewerA = requestsAs(ctx.app, viewerCookie);
  ownerA = requestsAs(ctx.app, await sign(a.id, 'owner'));
  const buyerB = requestsAs(ctx.app, await sign(b.id, 'buyer', 'BQ7W'));

  const carA = await insertVehicle(ctx.db);
  const carB = await insertVehicle(ctx.db);
  const offeredA = await insertVehicle(ctx.db);
  const offeredB = await insertVehicle(ctx.db);
  ids.vehicle = (await insertVehicle(ctx.db)).id;
  ids.aSale = (await buyerA('POST', '/api/dealer/purchases', { vehicleId: carA.id })).json().transactionId;
  ids.bSale = (await buyerB('POST', '/api/dealer/purchases', { vehicleId: carB.id })).json().transactionId;
  ids.aOffer = (
    await buyerA('POST', '/api/dealer/offers', { vehicleId: offeredA.id, amount: '900' })
  ).json().id;
  ids.bOffer = (
    await buyerB('POST', '/api/dealer/offers', { vehicleId: offeredB.id, amount: '900' })
  ).json().id;
  for (const id of [ids.aOffer, ids.bOffer])
    await ctx.db
      .update(offers)
      .set({ status: 'countered', counterAmount: '950.00' })
      .where(eq(offers.id, id));
});
afterAll(() => second.app.close());

describe('dealer team members', () => {
  it('a viewer sees the dashboard and documents, and can neither buy, offer nor act', async () => {
    expect(
      (await viewerA('GET', '/api/dealer/transactions')).json().map((t: { id: number }) => t.id),
    ).toEqual([ids.aSale]);
    expect((await viewerA('GET', `/api/transactions/${ids.aSale}/bill-of-sale`)).statusCode).toBe(200);
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/api/dealer/purchases', { vehicleId: ids.vehicle }, TEAM_TEXT.viewerCannotBuy],
      ['POST', '/api/dealer/offers', { vehicleId: ids.vehicle, amount: '500' }, TEAM_TEXT.viewerCannotBuy],
      ['POST', `/api/dealer/offers/${ids.aOffer}/respond`, { action: 'accept' }, TEAM_TEXT.viewerCannotBuy],
      [
        'POST',
        `/api/dealer/transactions/${ids.aSale}/events`,
        { type: 'title_confirmed' },
        TEAM_TEXT.viewerReadOnly,
      ],
      [
        'PUT',
        '/api/dealer/notification-preferences',
        { preferences: [{ event: 'offer_declined', email: false, sms: false }] },
        TEAM_TEXT.ownerSettings,
      ],
      ['GET', '/api/team/members', undefined, TEAM_TEXT.ownersOnly],
    ];
    for (const [method, url, payload, message] of refusals) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { cookie: viewerCookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toBe(message);
    }
  });

  it('a member of dealership A never sees or touches dealership B’s sales, offers or people', async () => {
    const sales = (await buyerA('GET', '/api/dealer/transactions')).json();
    expect(sales.map((t: { id: number }) => t.id)).toEqual([ids.aSale]);
    const mine = (await buyerA('GET', '/api/dealer/offers')).json();
    expect(mine.map((o: { id: number }) => o.id)).toEqual([ids.aOffer]);
    expect((await buyerA('GET', `/api/transactions/${ids.bSale}/bill-of-sale`)).statusCode).toBe(404);
    expect(
      (await buyerA('POST', `/api/dealer/transactions/${ids.bSale}/events`, { type: 'title_confirmed' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await buyerA('POST', `/api/dealer/offers/${ids.bOffer}/respond`, { action: 'accept' })).statusCode,
    ).toBe(404);
    const [bOffer] = await ctx.db.select().from(offers).where(eq(offers.id, ids.bOffer));
    expect(bOffer!.status).toBe('countered');
    const team = (await ownerA('GET', '/api/team/members')).json();
    expect(team).toHaveLength(3);
  });

  it('a removed member’s session is refused at once by every instance', async () => {
    const dealer = await insertDealer(ctx.db);
    const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' });
    const gone = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' });
    const cookie = await signInMember(ctx.app, gone.email, MEMBER_PASSWORD);
    const onSecond = () => second.app.inject({ url: '/api/dealer/me', headers: { cookie } });
    expect((await onSecond()).statusCode).toBe(200);
    // Removed through the first instance…
    const ownerCookie = await signInMember(ctx.app, owner.email, MEMBER_PASSWORD);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/team/members/${gone.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(removed.statusCode).toBe(200);
    // …refused by the second on its very next request, for every dealer route.
    expect((await onSecond()).statusCode).toBe(401);
    for (const url of ['/api/dealer/transactions', '/api/dealer/offers', '/api/team/passkeys'])
      expect((await second.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(401);
    const buy = await second.app.inject({
      method: 'POST',
      url: '/api/dealer/purchases',
      payload: { vehicleId: ids.vehicle },
      headers: { cookie },
    });
    expect(buy.statusCode).toBe(401);
  });
});
