import { AUTH_TEXT } from '@contracts/auth';
import { BUYING_TEXT, PURCHASE_REFUSALS } from '@contracts/buying';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode, nextAddress, nextCode } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import {
  auditLog,
  buyCodes,
  dealers,
  offerActivities,
  offers,
  transactions,
  vehicles,
} from '../../db/schema';

const offer = (vehicleId: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/offers`,
    payload: body,
    headers,
    remoteAddress: nextAddress(),
  });

// The global ceiling of failed codes a minute (code-guessing.test.ts tests it) would stop this
// file's many deliberate wrong codes; the per-address budget stays the default.
const ctx = withApp({ accounts: false, env: { CODE_GUESS_GLOBAL_PER_MINUTE: '100000' } });

describe('Buy Now (POST /api/verify-code)', () => {
  it('sells a published vehicle once, at its price, counting one use, and declines other open offers', async () => {
    const vehicle = await insertVehicle(ctx.db, { price: '21450.00' });
    const buyer = await dealerWithCode(ctx.db);
    const other = await dealerWithCode(ctx.db);
    const pending = await offer(vehicle.id, { amount: '20000', buyCode: other.code });
    expect(pending.statusCode).toBe(201);

    const res = await buyNow(ctx.app, buyer.code.toLowerCase(), String(vehicle.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: BUYING_TEXT.buySuccess });
    const [sale] = await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id));
    expect(sale).toMatchObject({
      dealerId: buyer.dealer.id,
      buyCodeId: buyer.buyCode.id,
      amount: '21450.00',
      status: 'pending',
      cancelled: false,
    });
    const [sold] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(sold!.status).toBe('sold');
    const [code] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, buyer.buyCode.id));
    expect(code!.usageCount).toBe(1);
    const [declined] = await ctx.db.select().from(offers).where(eq(offers.id, pending.json().id));
    expect(declined!.status).toBe('declined');
    const log = await ctx.db.select().from(offerActivities).where(eq(offerActivities.offerId, declined!.id));
    expect(log.map((a) => a.message)).toContain('Vehicle sold');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vehicle'), eq(auditLog.entityId, vehicle.id)));
    expect(audits.map((a) => a.action)).toContain('sold');

    // The second buyer is told the car is sold (public: its page says so); a wrong code gets the
    // spec's message whatever the car's state (issue #44).
    const again = await buyNow(ctx.app, other.code, vehicle.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: BUYING_TEXT.vehicleSold, reason: 'VEHICLE_SOLD' });
    expect((await buyNow(ctx.app, 'QQQQ', vehicle.id)).json().reason).toBe('INVALID_BUY_CODE');
  });

  it('says why a code that matched cannot buy, and one thing for any code that did not', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const inactiveCode = await dealerWithCode(ctx.db, { buyCode: { active: false } });
    const inactiveDealer = await dealerWithCode(ctx.db, { dealer: { active: false } });
    const expired = await dealerWithCode(ctx.db, { buyCode: { expiresAt: new Date(Date.now() - 1000) } });
    const exhausted = await dealerWithCode(ctx.db, { buyCode: { maxUses: 1, usageCount: 1 } });
    const good = await dealerWithCode(ctx.db);
    const sold = await insertVehicle(ctx.db, { status: 'sold' });
    const removed = await insertVehicle(ctx.db, { status: 'removed' });
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true });
    const wrong = { status: 400, message: BUYING_TEXT.buyFailure, reason: 'INVALID_BUY_CODE' };
    const unavailable = {
      status: 409,
      message: BUYING_TEXT.vehicleUnavailable,
      reason: 'VEHICLE_UNAVAILABLE',
    };
    const cases: [string, number | string, { status: number; message: string; reason?: string }][] = [
      [
        inactiveCode.code,
        vehicle.id,
        { status: 403, message: BUYING_TEXT.codeDeactivated, reason: 'BUY_CODE_DEACTIVATED' },
      ],
      // An inactive dealership's code reads as a wrong one (issue #43).
      [inactiveDealer.code, vehicle.id, wrong],
      [
        expired.code,
        vehicle.id,
        { status: 403, message: BUYING_TEXT.codeExpired, reason: 'BUY_CODE_EXPIRED' },
      ],
      [
        exhausted.code,
        vehicle.id,
        { status: 403, message: BUYING_TEXT.codeUsedUp, reason: 'BUY_CODE_USED_UP' },
      ],
      ['QQQQ', vehicle.id, wrong],
      [good.code, sold.id, { status: 409, message: BUYING_TEXT.vehicleSold, reason: 'VEHICLE_SOLD' }],
      // A wrong code gets the spec's message whatever the car's state (issue #44).
      ['QQQQ', sold.id, wrong],
      [good.code, removed.id, unavailable],
      ['QQQQ', removed.id, wrong],
      ['QQQQ', 999999, wrong],
      [good.code, queued.id, unavailable],
      [good.code, 999999, unavailable],
      ['AB', vehicle.id, { status: 400, message: BUYING_TEXT.buyFailure }],
      [good.code, 'abc', { status: 400, message: BUYING_TEXT.buyFailure }],
    ];
    for (const [code, vehicleId, expected] of cases) {
      const res = await buyNow(ctx.app, code, vehicleId);
      expect(res.statusCode, `${code} → ${vehicleId}`).toBe(expected.status);
      expect(res.json(), `${code} → ${vehicleId}`).toMatchObject({ message: expected.message });
      expect(res.json().reason, `${code} → ${vehicleId}`).toBe(expected.reason);
    }
    expect(
      await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id)),
    ).toHaveLength(0);
  });

  it('a wrong code answers exactly the same whatever codes exist, and only wrong codes are counted', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const expired = await dealerWithCode(ctx.db, { buyCode: { expiresAt: new Date(Date.now() - 1000) } });
    const attempt = (code: string) => buyNow(ctx.app, code, vehicle.id, { from: '10.78.0.1' });
    // A near miss of a real code and a code nobody could have: the same bytes back.
    const nearMiss = `X${expired.code.slice(1)}`;
    const [a, b] = [await attempt(nearMiss), await attempt(nextCode())];
    expect(a.statusCode).toBe(400);
    expect(a.body).toBe(b.body);
    expect(Object.keys(a.json()).sort()).toEqual(['code', 'message', 'reason']);
    // The expired code, told as expired, costs nothing: 20 of them, then 8 more wrong codes still answer.
    for (let i = 0; i < 20; i++) expect((await attempt(expired.code)).json().reason).toBe('BUY_CODE_EXPIRED');
    for (let i = 0; i < 8; i++) expect((await attempt(nextCode())).statusCode).toBe(400);
    expect((await attempt(nextCode())).statusCode).toBe(429);
  });

  it('answers a retried request with the same Idempotency-Key once, without a second sale', async () => {
    const first = await insertVehicle(ctx.db);
    const second = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    const headers = { 'idempotency-key': 'retry-0000-aaaa' };
    const one = await buyNow(ctx.app, buyer.code, first.id, { headers });
    const two = await buyNow(ctx.app, buyer.code, first.id, { headers });
    expect(one.statusCode).toBe(200);
    expect(two.json()).toEqual(one.json());
    // A different body with the same key is refused (422), never answered with the first one.
    const three = await buyNow(ctx.app, buyer.code, second.id, { headers });
    expect(three.statusCode).toBe(422);
    expect(three.json().message).toBe('This Idempotency-Key was already used for a different request');
    const [code] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, buyer.buyCode.id));
    expect(code!.usageCount).toBe(1);
    expect(
      await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, second.id)),
    ).toHaveLength(0);
    expect(
      (await buyNow(ctx.app, buyer.code, second.id, { headers: { 'idempotency-key': 'bad key!' } }))
        .statusCode,
    ).toBe(400);
  });

  it('counts failed codes, not refusals about the vehicle, against the guessing budget', async () => {
    const removed = await insertVehicle(ctx.db, { status: 'removed' });
    const vehicle = await insertVehicle(ctx.db);
    const good = await dealerWithCode(ctx.db);
    const attempt = (code: string, vehicleId: number) =>
      buyNow(ctx.app, code, vehicleId, { from: '10.77.0.1' });
    // The vehicle is public information: refusing it to a right code is not a failed code check.
    for (let i = 0; i < 12; i++) expect((await attempt(good.code, removed.id)).statusCode).toBe(409);
    // Ten different wrong codes (not one code ten times) use up the address's budget.
    for (let i = 0; i < 10; i++) expect((await attempt(nextCode(), vehicle.id)).statusCode).toBe(400);
    const blocked = await attempt(nextCode(), vehicle.id);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Make Offer (POST /api/vehicles/:id/offers)', () => {
  it('validates the amount and code with the spec texts', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '', buyCode: buyer.code }, BUYING_TEXT.amountRequired],
      [{ buyCode: buyer.code }, BUYING_TEXT.amountRequired],
      [{ amount: '-5', buyCode: buyer.code }, BUYING_TEXT.amountPositive],
      [{ amount: '0', buyCode: buyer.code }, BUYING_TEXT.amountPositive],
      [{ amount: 'abc', buyCode: buyer.code }, BUYING_TEXT.amountPositive],
      [{ amount: '100000000', buyCode: buyer.code }, BUYING_TEXT.amountPositive],
      [{ amount: '1.234', buyCode: buyer.code }, BUYING_TEXT.amountPositive],
      [{ amount: '500', buyCode: 'AB' }, 'Buy code must be 4 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await offer(vehicle.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it('creates a 48-hour offer from a string or number amount, without using up the code', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db, { buyCode: { maxUses: 1 } });
    const res = await offer(vehicle.id, { amount: 18250.5, buyCode: buyer.code.toLowerCase() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // A receipt: what was recorded, without the dealer's name (name + code = a portal sign-in).
    expect(Object.keys(body).sort()).toEqual([
      'amount',
      'createdAt',
      'expiresAt',
      'id',
      'status',
      'vehicleId',
    ]);
    expect(body).toMatchObject({ vehicleId: vehicle.id, amount: '18250.50', status: 'pending' });
    expect(res.body).not.toContain(buyer.dealer.dealerName);
    const [activity] = await ctx.db
      .select()
      .from(offerActivities)
      .where(eq(offerActivities.offerId, body.id));
    expect(activity!.message).toBe(`Offer of $18,250.50 submitted by ${buyer.dealer.dealerName}`);
    const [stored] = await ctx.db.select().from(offers).where(eq(offers.id, body.id));
    expect(stored!.dealerId).toBe(buyer.dealer.id);
    const hours = (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 3600_000;
    expect(hours).toBeCloseTo(48, 1);
    const [code] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, buyer.buyCode.id));
    expect(code!.usageCount).toBe(0);
  });

  it('replaces the dealer’s open offer on the same vehicle and logs it', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    const first = (await offer(vehicle.id, { amount: '15000', buyCode: buyer.code })).json();
    await ctx.db
      .update(offers)
      .set({ status: 'countered', counterAmount: '17000.00' })
      .where(eq(offers.id, first.id));
    const second = await offer(vehicle.id, { amount: '16000', buyCode: buyer.code });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ id: first.id, amount: '16000.00', status: 'pending' });
    const [replaced] = await ctx.db.select().from(offers).where(eq(offers.id, first.id));
    expect(replaced).toMatchObject({ status: 'pending', counterAmount: null });
    const activities = await ctx.db
      .select()
      .from(offerActivities)
      .where(eq(offerActivities.offerId, first.id))
      .orderBy(offerActivities.id);
    expect(activities.map((a) => a.actionType)).toEqual(['submitted', 'replaced']);
    expect(await ctx.db.select().from(offers).where(eq(offers.vehicleId, vehicle.id))).toHaveLength(1);
  });

  it('binds an Idempotency-Key to its caller and its request', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const a = await dealerWithCode(ctx.db);
    const b = await dealerWithCode(ctx.db);
    const headers = { 'idempotency-key': 'offer-key-0000-bind' };
    const first = await offer(vehicle.id, { amount: '12000', buyCode: a.code }, headers);
    expect(first.statusCode).toBe(201);
    // The same caller replaying the same request gets the same answer, and nothing new is made.
    const replay = await offer(vehicle.id, { amount: '12000', buyCode: a.code.toLowerCase() }, headers);
    expect(replay.json()).toEqual(first.json());
    // Another caller with the key never sees the first caller's answer.
    const stranger = await offer(vehicle.id, { amount: '12000', buyCode: b.code }, headers);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.body).not.toContain(String(first.json().id));
    // The same caller with another body is told so.
    const changed = await offer(vehicle.id, { amount: '12500', buyCode: a.code }, headers);
    expect(changed.statusCode).toBe(422);
    const rows = await ctx.db.select().from(offers).where(eq(offers.vehicleId, vehicle.id));
    expect(rows.map((r) => [r.dealerId, r.amount])).toEqual([[a.dealer.id, '12000.00']]);
  });

  it('refuses unavailable vehicles and unusable codes with a reason', async () => {
    const sold = await insertVehicle(ctx.db, { status: 'sold' });
    const vehicle = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    const inactive = await dealerWithCode(ctx.db, { dealer: { active: false } });
    const unavailable = await offer(sold.id, { amount: '100', buyCode: buyer.code });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json().message).toBe(BUYING_TEXT.vehicleUnavailable);
    const badCode = await offer(vehicle.id, { amount: '100', buyCode: inactive.code });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({
      message: BUYING_TEXT.buyFailure,
      code: 'BAD_REQUEST',
      reason: PURCHASE_REFUSALS.invalidCode,
    });
    expect((await offer(987654, { amount: '100', buyCode: buyer.code })).statusCode).toBe(404);
  });
});

describe('an inactive dealership’s code (issue #43)', () => {
  it('reads on every path that takes a code as a code nobody holds: sign-in, Buy Now, Make Offer', async () => {
    const vehicle = await insertVehicle(ctx.db, { price: '20000.00' });
    const inactive = await dealerWithCode(ctx.db, { dealer: { active: false } });
    const nobodys = nextCode();
    const paths = {
      signIn: (code: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/dealer/login',
          payload: { dealerName: inactive.dealer.dealerName, buyCode: code },
          remoteAddress: nextAddress(),
        }),
      buyNow: (code: string) => buyNow(ctx.app, code, vehicle.id),
      makeOffer: (code: string) => offer(vehicle.id, { amount: '15000', buyCode: code }),
    };
    const answers: Record<string, { status: number; body: string }> = {};
    for (const [path, attempt] of Object.entries(paths)) {
      const [theirs, wrong] = [await attempt(inactive.code), await attempt(nobodys)];
      answers[path] = { status: theirs.statusCode, body: theirs.body };
      // Byte for byte what a code nobody holds gets: a guesser learns nothing from it.
      expect(answers[path], path).toEqual({ status: wrong.statusCode, body: wrong.body });
    }
    // Buy Now and Make Offer answer the same: the spec's 'Invalid buy code. Please try again.'
    expect(JSON.parse(answers.buyNow!.body)).toEqual({
      message: BUYING_TEXT.buyFailure,
      code: 'BAD_REQUEST',
      reason: PURCHASE_REFUSALS.invalidCode,
    });
    expect(answers.makeOffer).toEqual(answers.buyNow);
    // Sign-in is name + code: the spec's 'Invalid credentials', as for any pair that does not sign in.
    expect(answers.signIn!.status).toBe(401);
    expect(JSON.parse(answers.signIn!.body)).toEqual({
      message: AUTH_TEXT.invalidCredentials,
      code: 'UNAUTHORIZED',
    });
    // It is a real code: with its dealership active again, it buys.
    await ctx.db.update(dealers).set({ active: true }).where(eq(dealers.id, inactive.dealer.id));
    expect((await buyNow(ctx.app, inactive.code, vehicle.id)).statusCode).toBe(200);
  });
});

describe('dealer portal', () => {
  it('shows a dealer only its own codes, transactions and offers', async () => {
    const vehicle = await insertVehicle(ctx.db, { make: 'Ford', model: 'F-150', year: 2019 });
    const offered = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    await insertBuyCodeRow(ctx.db, {
      dealerId: buyer.dealer.id,
      code: nextCode(),
      expiresAt: new Date(Date.now() - 1000),
    });
    const stranger = await dealerWithCode(ctx.db);
    await buyNow(ctx.app, buyer.code, vehicle.id);
    await offer(offered.id, { amount: '1000', buyCode: buyer.code });
    await offer(offered.id, { amount: '1200', buyCode: stranger.code });
    const cookie = await signIn(ctx.app, 'dealer', {
      dealerName: buyer.dealer.dealerName,
      buyCode: buyer.code,
    });

    const codes = (await ctx.app.inject({ url: '/api/dealer/buycodes', headers: { cookie } })).json();
    expect(codes.map((c: { active: boolean }) => c.active).sort()).toEqual([false, true]);
    const txs = (await ctx.app.inject({ url: '/api/dealer/transactions', headers: { cookie } })).json();
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      vehicleId: vehicle.id,
      vehicle: { year: 2019, make: 'Ford', model: 'F-150' },
      status: 'pending',
    });
    const mine = (await ctx.app.inject({ url: '/api/dealer/offers', headers: { cookie } })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0].dealerId).toBe(buyer.dealer.id);
  });

  it('lets a dealer accept or decline its own countered offer, never another’s, never once expired', async () => {
    const vehicle = await insertVehicle(ctx.db, { price: '30000.00' });
    const declinedVehicle = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    const stranger = await dealerWithCode(ctx.db);
    const rival = (await offer(vehicle.id, { amount: '25000', buyCode: stranger.code })).json();
    const mine = (await offer(vehicle.id, { amount: '26000', buyCode: buyer.code })).json();
    const toDecline = (await offer(declinedVehicle.id, { amount: '900', buyCode: buyer.code })).json();
    const cookie = await signIn(ctx.app, 'dealer', {
      dealerName: buyer.dealer.dealerName,
      buyCode: buyer.code,
    });
    const strangerCookie = await signIn(ctx.app, 'dealer', {
      dealerName: stranger.dealer.dealerName,
      buyCode: stranger.code,
    });
    const respond = (id: number, action: string, c = cookie) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/dealer/offers/${id}/respond`,
        payload: { action },
        headers: { cookie: c },
      });

    // Not countered yet.
    expect((await respond(mine.id, 'accept')).statusCode).toBe(409);
    await ctx.db
      .update(offers)
      .set({ status: 'countered', counterAmount: '27500.00' })
      .where(eq(offers.id, mine.id));
    await ctx.db
      .update(offers)
      .set({ status: 'countered', counterAmount: '950.00' })
      .where(eq(offers.id, toDecline.id));
    // Another dealer's offer looks like it does not exist.
    expect((await respond(mine.id, 'accept', strangerCookie)).statusCode).toBe(404);

    const accepted = await respond(mine.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    const [sale] = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vehicleId, vehicle.id), eq(transactions.cancelled, false)));
    expect(sale).toMatchObject({ dealerId: buyer.dealer.id, amount: '27500.00', offerId: mine.id });
    const [rivalAfter] = await ctx.db.select().from(offers).where(eq(offers.id, rival.id));
    expect(rivalAfter!.status).toBe('declined');

    const declined = await respond(toDecline.id, 'decline');
    expect(declined.json().status).toBe('declined');
    expect(declined.json().activities.at(-1).actionType).toBe('counter_declined');

    // An expired counter cannot be accepted, and the expiry is logged.
    const late = await insertVehicle(ctx.db);
    const lateOffer = (await offer(late.id, { amount: '500', buyCode: buyer.code })).json();
    await ctx.db
      .update(offers)
      .set({ status: 'countered', counterAmount: '600.00', expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.id, lateOffer.id));
    const tooLate = await respond(lateOffer.id, 'accept');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe('This offer has expired');
    const [expired] = await ctx.db.select().from(offers).where(eq(offers.id, lateOffer.id));
    expect(expired!.status).toBe('expired');
    expect(await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, late.id))).toHaveLength(
      0,
    );
  });

  it('expires stale offers when offers are read', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const buyer = await dealerWithCode(ctx.db);
    const created = (await offer(vehicle.id, { amount: '700', buyCode: buyer.code })).json();
    await ctx.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, created.id));
    const cookie = await signIn(ctx.app, 'dealer', {
      dealerName: buyer.dealer.dealerName,
      buyCode: buyer.code,
    });
    const [view] = (await ctx.app.inject({ url: '/api/dealer/offers', headers: { cookie } })).json();
    expect(view.status).toBe('expired');
    expect(view.activities.at(-1).message).toBe('Offer expired');
    await ctx.db.update(dealers).set({ active: true }).where(eq(dealers.id, buyer.dealer.id));
  });
});
