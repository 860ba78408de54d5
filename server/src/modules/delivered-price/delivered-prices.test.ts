import { checkoutLimitRefusal, committedTotal } from '@contracts/deal-total';
import type { BuyerLimitsView, DeliveredPrice } from '@contracts/delivered-price';
import { DELIVERY_TEXT } from '@contracts/delivery';
import { limitText } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { dealerWithCode, madeOffer, nextCode } from '../../../test/helpers';
import { requestsAs, signIn, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyOrderMatches, buyOrders, reconPackages, vehicles } from '../../db/schema';

/**
 * The delivered price (issue #46) through real HTTP on a real database: what a card says a car
 * costs brought to the dealer is what Buy Now with the same choices records as the deal total;
 * only cars on sale to the dealer are answered, and nobody signed out is answered at all.
 */
const ctx = withApp({ env: () => ({ LOT_ZIP: '75050' }), signIn: ['admin'] });

const ATLANTA = '200 Peachtree St, Atlanta, GA 30303';

/** A dealership at an Atlanta address (its delivery ZIP 30303) signed in by name and code. */
async function atlantaDealer() {
  const { dealer, code } = await dealerWithCode(ctx.db, { dealer: { address: ATLANTA } });
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  return { dealer, code, cookie, as: requestsAs(ctx.app, cookie) };
}

const pricesOf = async (as: ReturnType<typeof requestsAs>, ids: number[]) => {
  const res = await as('GET', `/api/dealer/delivered-prices?ids=${ids.join(',')}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeliveredPrice[];
};

/** The sale of `vehicleId` as its dealer reads it, with its deal. */
const saleOf = async (as: ReturnType<typeof requestsAs>, vehicleId: number) =>
  (
    (await as('GET', '/api/dealer/transactions')).json() as { vehicleId: number; deal: { total: string } }[]
  ).find((t) => t.vehicleId === vehicleId)!;

describe('the delivered price on a card', () => {
  it('is the total a purchase with the default package and delivery then records as its deal total', async () => {
    const { as } = await atlantaDealer();
    const car = await insertVehicle(ctx.db, { price: '21450.00', locationZip: '75050' });
    const [price] = await pricesOf(as, [car.id]);
    expect(price).toMatchObject({
      vehicleId: car.id,
      price: '21450.00',
      reconditioning: { name: 'As inspected', price: '0.00' },
      delivery: { toZip: '30303', toPlace: 'Atlanta, GA' },
      deliveryProblem: null,
      offer: null,
    });
    // The one sum: price + package + delivery, the delivery with its cents.
    expect(price!.total).toBe(
      committedTotal({ price: '21450.00', reconditioning: '0.00', delivery: price!.delivery!.price }),
    );
    expect(Number(price!.delivery!.price)).toBeGreaterThan(0);
    // It equals the dialog's quote for the same car and package.
    const quote = await as('POST', '/api/transport/quote', {
      vehicleId: car.id,
      reconPackageId: price!.reconditioning!.id,
    });
    expect(quote.json()).toMatchObject({
      price: price!.delivery!.price,
      pickupWindow: price!.delivery!.pickupWindow,
      deliveryWindow: price!.delivery!.deliveryWindow,
    });

    const bought = await as('POST', '/api/dealer/purchases', {
      vehicleId: car.id,
      reconPackageId: price!.reconditioning!.id,
      transport: { toZip: price!.delivery!.toZip, address: ATLANTA },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await saleOf(as, car.id)).deal.total).toBe(price!.total);
  });

  it('adds a priced default package the same way, and the sale records the same total', async () => {
    const { as } = await atlantaDealer();
    const car = await insertVehicle(ctx.db, { price: '18999.99', locationZip: '60601' });
    // An admin puts a priced package first: Buy Now starts with it.
    const [first] = await ctx.db
      .select()
      .from(reconPackages)
      .where(eq(reconPackages.name, 'Front-line ready'));
    await ctx.db.update(reconPackages).set({ position: -1 }).where(eq(reconPackages.id, first!.id));
    try {
      const [price] = await pricesOf(as, [car.id]);
      expect(price!.reconditioning).toMatchObject({ id: first!.id, price: '1295.00' });
      expect(price!.total).toBe(
        committedTotal({ price: '18999.99', reconditioning: '1295.00', delivery: price!.delivery!.price }),
      );
      const bought = await as('POST', '/api/dealer/purchases', {
        vehicleId: car.id,
        reconPackageId: first!.id,
        transport: { toZip: '30303', address: ATLANTA },
      });
      expect(bought.statusCode, bought.body).toBe(200);
      expect((await saleOf(as, car.id)).deal.total).toBe(price!.total);
    } finally {
      await ctx.db
        .update(reconPackages)
        .set({ position: first!.position })
        .where(eq(reconPackages.id, first!.id));
    }
  });

  it('answers only cars on sale to the dealer: held for it yes; queued, held for others, sold, unknown no', async () => {
    const { dealer, as } = await atlantaDealer();
    const published = await insertVehicle(ctx.db);
    const queued = await insertVehicle(ctx.db, { inQueue: true });
    const until = new Date(Date.now() + 3_600_000);
    const heldForMe = await insertVehicle(ctx.db, { inQueue: true, firstLookUntil: until });
    const heldForOthers = await insertVehicle(ctx.db, { inQueue: true, firstLookUntil: until });
    const sold = await insertVehicle(ctx.db, { status: 'sold' });
    const [order] = await ctx.db
      .insert(buyOrders)
      .values({ dealerId: dealer.id, quantity: 1, neededBy: '2099-01-01', deliveryZip: '30303' })
      .returning();
    await ctx.db
      .insert(buyOrderMatches)
      .values({ orderId: order!.id, vehicleId: heldForMe.id, reason: 'published', firstLookUntil: until });
    const ids = [published.id, queued.id, heldForMe.id, heldForOthers.id, sold.id, sold.id + 100_000];
    expect((await pricesOf(as, ids)).map((p) => p.vehicleId)).toEqual([published.id, heldForMe.id]);
    // The other dealership sees the published car only.
    const other = await atlantaDealer();
    expect((await pricesOf(other.as, ids)).map((p) => p.vehicleId)).toEqual([published.id]);
  });

  it('says why there is no delivery, still adding price and package; carries the dealer’s open offer', async () => {
    // The factory's dealer has an address without a ZIP and has ordered no delivery yet.
    const { dealer, code } = await dealerWithCode(ctx.db);
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const as = requestsAs(ctx.app, cookie);
    const car = await insertVehicle(ctx.db, { price: '20000.00' });
    await madeOffer(ctx.app, car.id, code, { amount: '18500' });
    const [price] = await pricesOf(as, [car.id]);
    expect(price).toMatchObject({
      delivery: null,
      deliveryProblem: DELIVERY_TEXT.zipRequired,
      total: '20000.00',
      offer: { status: 'pending', amount: '18500.00', counterAmount: null },
    });
    // Another dealership's offer is not this one's.
    const other = await atlantaDealer();
    expect((await pricesOf(other.as, [car.id]))[0]!.offer).toBeNull();
  });

  it('answers nobody signed out (401) and refuses bad ids with a clear 400', async () => {
    const car = await insertVehicle(ctx.db);
    const anonymous = await ctx.app.inject(`/api/dealer/delivered-prices?ids=${car.id}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(car.price!);
    expect((await ctx.app.inject('/api/dealer/buyer-limits')).statusCode).toBe(401);
    const { as } = await atlantaDealer();
    for (const ids of ['', 'x', '1,,2', Array.from({ length: 101 }, (_, i) => i + 1).join(','), '0'])
      expect((await as('GET', `/api/dealer/delivered-prices?ids=${ids}`)).statusCode).toBe(400);
    // An admin is no dealer: the endpoint is a dealer's (403, as every dealer endpoint answers an admin).
    expect((await ctx.call('GET', `/api/dealer/delivered-prices?ids=${car.id}`)).statusCode).toBe(403);
  });
});

describe('the buyer’s limits before choosing', () => {
  it('are the member’s limits and what they committed today; the dialog’s refusal is the server’s', async () => {
    const dealer = await insertDealer(ctx.db, { address: ATLANTA });
    const member = await insertMember(ctx.db, {
      dealerId: dealer.id,
      role: 'buyer',
      perVehicleLimit: '30000.00',
      perDayLimit: '40000.00',
    });
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: nextCode(), dealerUserId: member.id });
    const as = requestsAs(ctx.app, await signInMember(ctx.app, member.email, MEMBER_PASSWORD));
    const limits = async () => (await as('GET', '/api/dealer/buyer-limits')).json() as BuyerLimitsView;
    expect(await limits()).toEqual({
      perVehicleLimit: '30000.00',
      perDayLimit: '40000.00',
      committedToday: '0.00',
    });

    const first = await insertVehicle(ctx.db, { price: '25000.00' });
    expect((await as('POST', '/api/dealer/purchases', { vehicleId: first.id })).statusCode).toBe(200);
    const after = await limits();
    expect(after.committedToday).toBe('25000.00');

    // The next car delivered: over the day's limit. What the dialog says before is what Buy says after.
    const second = await insertVehicle(ctx.db, { price: '16000.00', locationZip: '75050' });
    const [price] = await pricesOf(as, [second.id]);
    const before = checkoutLimitRefusal(after, price!.total);
    expect(before).toBe(limitText.perDay('40000.00', '15000.00'));
    const refused = await as('POST', '/api/dealer/purchases', {
      vehicleId: second.id,
      reconPackageId: price!.reconditioning!.id,
      transport: { toZip: '30303', address: ATLANTA },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(before);
    const [still] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, second.id));
    expect(still!.status).toBe('active');
  });

  it('are none for a dealer signed in by name and code', async () => {
    const { as } = await atlantaDealer();
    expect((await as('GET', '/api/dealer/buyer-limits')).json()).toEqual({
      perVehicleLimit: null,
      perDayLimit: null,
      committedToday: '0.00',
    });
  });
});
