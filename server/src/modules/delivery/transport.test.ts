import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { DELIVERY_TEXT } from '@contracts/delivery';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { CARRIER_TEST, signedWebhook, startFakeCarrier } from '../../../test/fake-carrier';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { integrationOutbox, notifications, transportOrders, type vehicles } from '../../db/schema';
import { placeOfZip } from '../../lib/zip';
import { sendIntegrations } from '../integrations/integration-outbox';
import { carrierApi } from './carrier-api';
import { carrierHandlers } from './carrier-sync';
import { releaseWaitingTransports } from './transport-orders';
import { quoteTransport } from './transport-quote';

/** Certified delivery (issue #32, docs/design.md §15) through a Super Dispatch-style carrier faked at the wire. */

let carrier: Awaited<ReturnType<typeof startFakeCarrier>>;
beforeAll(async () => {
  carrier = await startFakeCarrier();
});
afterAll(() => carrier.close());

const ZONE = 'America/Chicago';
const ctx = withApp({
  env: () => ({
    SALE_TIME_ZONE: ZONE,
    LOT_ZIP: '75050',
    CARRIER_API_URL: carrier.url,
    CARRIER_CLIENT_ID: CARRIER_TEST.clientId,
    CARRIER_CLIENT_SECRET: CARRIER_TEST.clientSecret,
    CARRIER_WEBHOOK_SECRET: CARRIER_TEST.webhookSecret,
    // The background pass stays out of the way: each test runs the passes itself.
    INTEGRATION_INTERVAL_MS: '3600000',
  }),
  signIn: ['admin'],
});

const rates = () => ctx.config.transport.rates;
/** One client for the file, as the app keeps one: its token is reused until the carrier refuses it. */
let api: ReturnType<typeof carrierApi> | undefined;
const pass = async () => {
  api ??= carrierApi(ctx.config.carrier!);
  const released = await releaseWaitingTransports(ctx.db, ctx.config);
  const sent = await sendIntegrations(ctx.db, carrierHandlers(ctx.db, api));
  return { released, ...sent };
};

/** A dealer with a code and its session, and a car at `price`. */
async function buyer(price = '20000.00', vehicle: Partial<typeof vehicles.$inferInsert> = {}) {
  const car = await insertVehicle(ctx.db, { price, ...vehicle });
  const { dealer, code } = await dealerWithCode(ctx.db, {
    dealer: { address: '200 Peachtree St, Atlanta, GA 30303' },
  });
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  return { car, dealer, code, cookie };
}

const buyWithTransport = (code: string, vehicleId: number, transport: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/verify-code',
    payload: { code, vehicleId, transport },
    remoteAddress: nextAddress(),
  });

const dealerView = async (cookie: string, id: number) =>
  (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
    .json()
    .find((t: { id: number }) => t.id === id);

const webhook = (event: unknown, secret = CARRIER_TEST.webhookSecret, timestamp?: number) => {
  const signed = signedWebhook(secret, event, timestamp === undefined ? {} : { timestamp });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/carrier',
    headers: signed.headers,
    payload: signed.payload,
  });
};
let eventSerial = 0;
const carrierEvent = (guid: string, action: string, occurredAt: Date, extra: object = {}) => ({
  event_id: `evt-${++eventSerial}`,
  action,
  occurred_at: occurredAt.toISOString(),
  order: { guid, number: 'SD-1', carrier: { name: 'Lone Star Haulers' }, ...extra },
});

describe('the quote', () => {
  // Road miles between these places (published driving distances) and the band arithmetic.
  const KNOWN = [
    { to: '73102', place: 'Oklahoma City, OK', road: 205 },
    { to: '30303', place: 'Atlanta, GA', road: 800 },
    { to: '60601', place: 'Chicago, IL', road: 940 },
    { to: '90012', place: 'Los Angeles, CA', road: 1420 },
  ];
  const bandPrice = (miles: number) =>
    Math.round(
      (Math.min(miles, 500) * 1.6 +
        Math.max(0, Math.min(miles, 1000) - 500) * 1.1 +
        Math.max(0, miles - 1000) * 0.85) *
        100,
    ) / 100;

  it('prices known ZIP pairs by road miles within 20% of the driving distance, bands charged marginally', () => {
    for (const pair of KNOWN) {
      const q = quoteTransport({
        from: placeOfZip('75050'),
        to: placeOfZip(pair.to),
        enclosed: false,
        inoperable: false,
        rates: rates(),
        releasedOn: '2026-11-27',
        arrangedBy: 'carrier',
      });
      expect(q.toPlace).toBe(pair.place);
      expect(Math.abs(q.miles - pair.road) / pair.road, `${pair.place}: ${q.miles} mi`).toBeLessThan(0.2);
      expect(Number(q.price)).toBeCloseTo(Math.max(250, bandPrice(q.miles)), 2);
      expect(q.breakdown.reduce((sum, line) => sum + Number(line.amount), 0)).toBeCloseTo(Number(q.price), 2);
    }
  });

  it('charges the minimum nearby, adds enclosed (+50%) and inoperable ($150), and gives the windows', () => {
    const near = quoteTransport({
      from: placeOfZip('75050'),
      to: placeOfZip('75201'),
      enclosed: true,
      inoperable: true,
      rates: rates(),
      releasedOn: '2026-11-27',
      arrangedBy: 'team',
    });
    expect(near.miles).toBeLessThan(30);
    // $250 minimum, +50% enclosed = $375, + $150 winch = $525.
    expect(near.price).toBe('525.00');
    expect(near.breakdown.map((l) => l.label)).toEqual([
      expect.stringMatching(/ mi at \$1\.60\/mi$/),
      'Minimum charge $250',
      'Enclosed trailer (+50%)',
      'Inoperable (winch)',
    ]);
    // Friday Nov 27 2026: pickup Monday Nov 30 to Friday Dec 4; a day's drive each way.
    expect(near.pickupWindow).toEqual({
      from: addBusinessDays('2026-11-27', 1),
      to: addBusinessDays('2026-11-27', 5),
    });
    expect(near.deliveryWindow.from > near.pickupWindow.from).toBe(true);
  });

  it('answers a dealer for a car on sale, refuses unknown, foreign, off-road ZIPs and sold cars clearly', async () => {
    const s = await buyer();
    const quote = (body: object) => ctx.call('POST', '/api/transport/quote', body, s.cookie);
    const ok = await quote({ vehicleId: s.car.id });
    // No ZIP given: the dealership's (from its address).
    expect(ok.json(), ok.body).toMatchObject({ fromZip: '75050', toZip: '30303', arrangedBy: 'carrier' });
    expect((await quote({ vehicleId: s.car.id, toZip: '00000' })).json()).toMatchObject({
      message: DELIVERY_TEXT.zipUnknown('00000'),
    });
    // The one ZIP rule (lib/zip.ts): the same 400 and message as a buy order's or a listing's ZIP.
    const unknown = await quote({ vehicleId: s.car.id, toZip: '99999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: DELIVERY_TEXT.zipUnknown('99999'), code: 'BAD_REQUEST' });
    expect((await quote({ vehicleId: s.car.id, toZip: 'M5V 3L9' })).json().message).toBe(
      DELIVERY_TEXT.zipRequired,
    );
    expect((await quote({ vehicleId: s.car.id, toZip: '96813' })).json()).toMatchObject({
      message: DELIVERY_TEXT.zipNotContiguous,
    });
    const sold = await insertVehicle(ctx.db, { status: 'sold' });
    const refused = await quote({ vehicleId: sold.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DELIVERY_TEXT.vehicleNotForSale);
    // Someone else's sale is not found; the public may not quote at all.
    expect((await quote({ transactionId: 999_999 })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/transport/quote',
          payload: { vehicleId: s.car.id },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('a transport through the carrier', () => {
  it('waits for payment, goes to the carrier once, and follows its signed webhooks in order', async () => {
    const s = await buyer('20000.00');
    const bought = await buyWithTransport(s.code, s.car.id, {
      toZip: '30303',
      address: '200 Peachtree St, Atlanta',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const id = bought.json().transactionId as number;
    let view = await dealerView(s.cookie, id);
    expect(view.transport).toMatchObject({
      status: 'awaiting_release',
      toZip: '30303',
      arrangedBy: 'carrier',
    });
    const price = view.transport.price as string;
    // The transport is a charge on the one ledger: balance = car + delivery.
    expect(view.ledger.map((l: { kind: string }) => l.kind)).toEqual(['price', 'charge']);
    expect(view.balance).toBe((20000 + Number(price)).toFixed(2));

    // Unpaid: nothing goes to the carrier; an admin cannot move it either.
    expect(await pass()).toMatchObject({ released: 0, sent: 0 });
    const [order] = await ctx.db.select().from(transportOrders).where(eq(transportOrders.transactionId, id));
    const early = await ctx.call('PATCH', `/api/transport-orders/${order!.id}`, { status: 'picked_up' });
    expect(early.statusCode).toBe(409);
    expect(carrier.orders.size).toBe(0);

    // Paid in full: released, posted to the carrier (OAuth2, then the order), with its guid kept.
    const paid = await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'payment_recorded',
      amount: view.balance,
      method: 'wire',
      reference: 'W-9',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await pass()).toMatchObject({ released: 1, sent: 1, failed: 0 });
    expect(await pass()).toMatchObject({ released: 0, sent: 0 });
    const [posted] = [...carrier.orders.values()].filter((o) => o.number === `DM-T${order!.id}`);
    expect(posted!.body).toMatchObject({
      transport_type: 'OPEN',
      price: Number(price),
      pickup: { venue: { zip: '75050', city: 'Grand Prairie', state: 'TX' } },
      delivery: { venue: { zip: '30303', address: '200 Peachtree St, Atlanta', business_type: 'DEALER' } },
      vehicles: [{ vin: s.car.vin, make: 'Honda', is_inoperable: false }],
    });
    expect(carrier.requests.filter((r) => r.path === '/oauth/token').length).toBeGreaterThanOrEqual(1);
    // Its windows count from the day it was released (today), as the dealer's view says.
    const releasedView = await dealerView(s.cookie, id);
    expect(releasedView.transport.pickupWindow.from).toBe(addBusinessDays(dateInZone(new Date(), ZONE), 1));
    expect(posted!.body).toMatchObject({
      pickup: { first_available_pickup_date: releasedView.transport.pickupWindow.from },
      delivery: { scheduled_ends_at: releasedView.transport.deliveryWindow.to },
    });
    const guid = posted!.guid;
    view = await dealerView(s.cookie, id);
    expect(view.transport.status).toBe('unassigned');

    // A webhook with a bad signature, a stale timestamp or an unknown order changes nothing.
    const t0 = Date.now();
    const assigned = carrierEvent(guid, 'order.assigned', new Date(t0 + 1_000), {
      eta: new Date(t0 + 86_400_000).toISOString(),
    });
    expect((await webhook(assigned, 'not-the-secret-0123456789')).statusCode).toBe(401);
    expect(
      (await webhook(assigned, CARRIER_TEST.webhookSecret, Math.floor(t0 / 1000) - 3600)).statusCode,
    ).toBe(401);
    expect((await webhook(carrierEvent('no-such-guid', 'order.assigned', new Date()))).statusCode).toBe(404);
    expect((await webhook({ event_id: 'x', action: 'order.exploded' })).statusCode).toBe(400);
    expect((await dealerView(s.cookie, id)).transport.status).toBe('unassigned');

    // Assigned, twice (the same event id): applied once.
    expect((await webhook(assigned)).statusCode).toBe(200);
    expect((await webhook(assigned)).statusCode).toBe(200);
    view = await dealerView(s.cookie, id);
    expect(view.transport).toMatchObject({ status: 'assigned', carrierName: 'Lone Star Haulers' });
    // The windows agree with the carrier: its ETA is the delivery day shown (issue #44).
    const etaDay = dateInZone(new Date(t0 + 86_400_000), ZONE);
    expect(view.transport.deliveryWindow).toEqual({ from: etaDay, to: etaDay });
    expect(view.holdText).toMatch(/^Transport: carrier assigned, pickup by /);
    expect(view.transport.steps.filter((st: { status: string }) => st.status === 'assigned')).toHaveLength(1);

    // Delivered arrives before picked up (out of order): delivered holds; picked up joins the history in its place.
    const deliveredAt = new Date(t0 + 3_000);
    expect((await webhook(carrierEvent(guid, 'order.delivered', deliveredAt))).statusCode).toBe(200);
    expect((await webhook(carrierEvent(guid, 'order.picked_up', new Date(t0 + 2_000)))).statusCode).toBe(200);
    view = await dealerView(s.cookie, id);
    expect(view.transport.status).toBe('delivered');
    expect(view.transport.steps.map((st: { status: string }) => st.status)).toEqual([
      'awaiting_release',
      'unassigned',
      'assigned',
      'picked_up',
      'delivered',
    ]);
    expect(view).toMatchObject({ stage: 'delivered', deliveryStatus: 'delivered' });
    // Picked up and delivered on the days the carrier reported, not the quote's windows.
    const pickedOn = dateInZone(new Date(t0 + 2_000), ZONE);
    expect(view.transport.pickupWindow).toEqual({ from: pickedOn, to: pickedOn });
    expect(view.transport.deliveryWindow).toEqual({
      from: dateInZone(deliveredAt, ZONE),
      to: dateInZone(deliveredAt, ZONE),
    });
    // The guarantee runs from the delivery day, and a damage-in-transit claim may be opened.
    const deliveredOn = dateInZone(deliveredAt, ZONE);
    expect(dateInZone(new Date(view.guaranteeEndsAt), ZONE)).toBe(
      addBusinessDays(deliveredOn, ctx.config.saleTerms.guaranteeDays),
    );
    expect(view.canOpenClaim).toBe(true);
    const claim = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/events`,
      {
        type: 'claim_opened',
        category: 'transit_damage',
        description: 'Scrape on the rear bumper from the trailer',
        estimate: '450',
      },
      s.cookie,
    );
    expect(claim.statusCode, claim.body).toBe(200);

    // The dealer heard of each step once; the events kept say which were applied.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'transport_update'), eq(notifications.recipient, s.dealer.email)));
    expect(
      told.map((n) => (n.payload as unknown as { facts: { status: string } }).facts.status).sort(),
    ).toEqual(['assigned', 'delivered']);
  });

  it('retries the carrier after an outage, with a fresh token after a 401, and refuses cancelling after pickup', async () => {
    const s = await buyer('9000.00');
    const bought = await buyWithTransport(s.code, s.car.id, {
      toZip: '73102',
      address: '1 Bricktown Ave, Oklahoma City',
      enclosed: true,
    });
    const id = bought.json().transactionId as number;
    const view = await dealerView(s.cookie, id);
    await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'payment_recorded',
      amount: view.balance,
      method: 'ach',
      reference: 'A-1',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    carrier.failNext(503);
    carrier.expireTokens();
    const first = await pass();
    expect(first).toMatchObject({ released: 1, failed: 1 });
    const [row] = await ctx.db
      .select()
      .from(integrationOutbox)
      .where(eq(integrationOutbox.idempotencyKey, `transport-${view.transport.orderId}-create`));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    // Due again now (tests do not wait a minute): the next pass sends it.
    await ctx.db
      .update(integrationOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(integrationOutbox.id, row!.id));
    expect(await pass()).toMatchObject({ sent: 1 });
    const posted = [...carrier.orders.values()].find((o) => o.number === `DM-T${view.transport.orderId}`)!;
    expect(posted.body).toMatchObject({ transport_type: 'ENCLOSED' });
    // The expired token was refused once (401) and a new one asked for.
    const tail = carrier.requests.slice(-3).map((r) => `${r.method} ${r.path}`);
    expect(tail).toEqual(['POST /v1/public/orders', 'POST /oauth/token', 'POST /v1/public/orders']);

    // Picked up: no cancelling any more. Before that, a cancel is a merge-patch at the carrier.
    await webhook(carrierEvent(posted.guid, 'order.picked_up', new Date()));
    const cancel = await ctx.call('PATCH', `/api/transport-orders/${view.transport.orderId}`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(DELIVERY_TEXT.notCancellable);
    // The carrier's orders are not the admin's to move by hand.
    const manual = await ctx.call('PATCH', `/api/transport-orders/${view.transport.orderId}`, {
      status: 'delivered',
    });
    expect(manual.json().message).toBe(DELIVERY_TEXT.manualOnly);
  });

  it('cancels before pickup: the charge comes off the ledger and the carrier gets a merge-patch', async () => {
    const s = await buyer('8000.00');
    const id = (
      await buyWithTransport(s.code, s.car.id, { toZip: '60601', address: '1 Wacker Dr, Chicago' })
    ).json().transactionId as number;
    let view = await dealerView(s.cookie, id);
    await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'payment_recorded',
      amount: view.balance,
      method: 'ach',
      reference: 'A-2',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    await pass();
    const cancel = await ctx.call('PATCH', `/api/transport-orders/${view.transport.orderId}`, {
      status: 'cancelled',
      note: 'Dealer will pick up',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await pass()).toMatchObject({ sent: 1 });
    const guid = [...carrier.orders.values()].find((o) => o.number === `DM-T${view.transport.orderId}`)!.guid;
    expect(carrier.patches.find((p) => p.guid === guid)?.patch).toMatchObject({ status: 'canceled' });
    expect(carrier.requests.find((r) => r.method === 'PATCH')?.contentType).toBe(
      'application/merge-patch+json',
    );
    view = await dealerView(s.cookie, id);
    expect(view.transport.status).toBe('cancelled');
    // The delivery charge is credited back: what was paid for it is now owed to the dealer.
    expect(view.ledger.map((l: { kind: string }) => l.kind)).toEqual([
      'price',
      'charge',
      'payment',
      'credit',
    ]);
    expect(view.refundOwed).toBe(view.ledger[1].amount);
    // A new order may follow the cancelled one.
    const again = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/transport`,
      { toZip: '60601', address: '1 Wacker Dr, Chicago' },
      s.cookie,
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('stops with a sale cancelled before pickup: the order reads cancelled and the carrier is told', async () => {
    const s = await buyer('8000.00');
    const id = (
      await buyWithTransport(s.code, s.car.id, { toZip: '60601', address: '1 Wacker Dr, Chicago' })
    ).json().transactionId as number;
    let view = await dealerView(s.cookie, id);
    await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'payment_recorded',
      amount: view.balance,
      method: 'ach',
      reference: 'A-3',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    await pass();
    const guid = [...carrier.orders.values()].find((o) => o.number === `DM-T${view.transport.orderId}`)!.guid;
    const cancelled = await ctx.call('PATCH', `/api/transactions/${id}`, { cancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await pass()).toMatchObject({ sent: 1 });
    expect(carrier.patches.find((p) => p.guid === guid)?.patch).toMatchObject({
      status: 'canceled',
      cancel_reason: DELIVERY_TEXT.cancelledWithSale,
    });
    view = await dealerView(s.cookie, id);
    expect(view.transport.status).toBe('cancelled');
    expect(view.deliveryStatus).toBe('cancelled');
    // The admin's board no longer lists it as a transport to follow.
    const board = (await ctx.call('GET', '/api/transport-orders?status=all&sort=newest&limit=100')).json()
      .items as { transactionId: number; status: string }[];
    expect(board.filter((row) => row.transactionId === id && row.status !== 'cancelled')).toEqual([]);
  });
});
