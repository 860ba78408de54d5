import { execFileSync } from 'node:child_process';
import { BUYING_TEXT } from '@contracts/buying';
import { limitText, TEAM_TEXT } from '@contracts/teams';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { buyNow, nextCode } from '../../../test/helpers';
import { requestsAs, signIn, signInAdmin, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyCodes, offers, transactions } from '../../db/schema';

/** A dealership with a signed-in member of it, who holds an active code (a viewer none: the owner does). */
async function memberOfNewDealer(member: Partial<Parameters<typeof insertMember>[1]> = {}) {
  const dealer = await insertDealer(ctx.db);
  const row = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer', ...member });
  const holder =
    row.role === 'viewer' ? await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' }) : row;
  const code = await insertBuyCodeRow(ctx.db, {
    dealerId: dealer.id,
    code: nextCode(),
    dealerUserId: holder.id,
  });
  const cookie = await signInMember(ctx.app, row.email, MEMBER_PASSWORD);
  return { dealer, code, member: row, cookie, as: requestsAs(ctx.app, cookie) };
}
const buy = (cookie: string, vehicleId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dealer/purchases',
    payload: { vehicleId },
    headers: { cookie },
  });

const ctx = withApp();

describe('a signed-in team member buys and offers without typing a code', () => {
  it('Buy Now uses the member’s own active code, records the buyer, and every view says who bought', async () => {
    const { dealer, code, member, cookie, as } = await memberOfNewDealer({ name: 'Bea Buyer' });
    const vehicle = await insertVehicle(ctx.db, { price: '18000.00' });
    const res = await buy(cookie, vehicle.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: BUYING_TEXT.buySuccess, buyCode: code.code });
    const [sale] = await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id));
    expect(sale).toMatchObject({
      dealerId: dealer.id,
      buyCodeId: code.id,
      buyerUserId: member.id,
      amount: '18000.00',
    });
    const [used] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, code.id));
    expect(used!.usageCount).toBe(1);

    const mine = (await as('GET', '/api/dealer/transactions')).json();
    expect(mine[0]).toMatchObject({ vehicleId: vehicle.id, boughtBy: 'Bea Buyer' });
    // The bill of sale names the member who bought as the buyer's contact (not the dealership's).
    const bill = await as('GET', `/api/transactions/${mine[0].id}/bill-of-sale`);
    expect(bill.statusCode).toBe(200);
    const billText = execFileSync('pdftotext', ['-', '-'], { input: bill.rawPayload, encoding: 'utf8' });
    expect(billText.replace(/\s+/g, ' ')).toContain(`Contact: Bea Buyer`);
    expect(billText).toContain(member.email);
    const asAdmin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const all = (await asAdmin('GET', '/api/transactions?limit=100')).json().items;
    expect(all.find((t: { vehicleId: number }) => t.vehicleId === vehicle.id).boughtBy).toBe('Bea Buyer');

    // An offer records the member too, on the dealer's and the admin's views.
    const other = await insertVehicle(ctx.db, { price: '30000.00' });
    const offered = await as('POST', '/api/dealer/offers', { vehicleId: other.id, amount: '27500' });
    expect(offered.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(offers).where(eq(offers.id, offered.json().id));
    expect(row).toMatchObject({ buyerUserId: member.id, buyCodeId: code.id, amount: '27500.00' });
    const dealerOffers = (await as('GET', '/api/dealer/offers')).json();
    expect(dealerOffers[0]).toMatchObject({ boughtBy: 'Bea Buyer' });
    expect(dealerOffers[0].activities[0].message).toBe(
      `Offer of $27,500 submitted by Bea Buyer (${dealer.dealerName})`,
    );
    const adminOffers = (await asAdmin('GET', `/api/offers?q=${row!.id}`)).json().items;
    expect(adminOffers.find((o: { id: number }) => o.id === row!.id).boughtBy).toBe('Bea Buyer');
  });

  it('refuses a viewer (403), and a dealership without an active code with a clear message', async () => {
    const viewer = await memberOfNewDealer({ role: 'viewer' });
    const vehicle = await insertVehicle(ctx.db);
    const bought = await buy(viewer.cookie, vehicle.id);
    expect(bought.statusCode).toBe(403);
    expect(bought.json().message).toBe(TEAM_TEXT.viewerCannotBuy);
    const offered = await viewer.as('POST', '/api/dealer/offers', { vehicleId: vehicle.id, amount: '100' });
    expect(offered.statusCode).toBe(403);
    // The viewer still sees the dashboard.
    expect((await viewer.as('GET', '/api/dealer/transactions')).statusCode).toBe(200);

    const buyer = await memberOfNewDealer();
    await ctx.db.update(buyCodes).set({ active: false }).where(eq(buyCodes.id, buyer.code.id));
    const noCode = await buy(buyer.cookie, vehicle.id);
    expect(noCode.statusCode).toBe(409);
    expect(noCode.json().message).toBe(TEAM_TEXT.noOwnCode);
    expect(
      await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id)),
    ).toHaveLength(0);
    const sold = await insertVehicle(ctx.db, { status: 'sold' });
    expect((await buy(viewer.cookie, sold.id)).statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/dealer/purchases',
      payload: { vehicleId: 'abc' },
      headers: { cookie: buyer.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('enforces the per-vehicle and per-day limits with a message saying which', async () => {
    const { as, cookie, member } = await memberOfNewDealer({
      perVehicleLimit: '20000.00',
      perDayLimit: '35000.00',
    });
    const tooDear = await insertVehicle(ctx.db, { price: '20600.00' });
    const overVehicle = await buy(cookie, tooDear.id);
    expect(overVehicle.statusCode).toBe(403);
    expect(overVehicle.json().message).toBe(limitText.perVehicle('20000.00'));
    expect(overVehicle.json().message).toBe('This is over your per-vehicle limit of $20,000');
    const offerTooHigh = await as('POST', '/api/dealer/offers', { vehicleId: tooDear.id, amount: '20500' });
    expect(offerTooHigh.statusCode).toBe(403);

    const first = await insertVehicle(ctx.db, { price: '20000.00' });
    const second = await insertVehicle(ctx.db, { price: '15000.01' });
    expect((await buy(cookie, first.id)).statusCode).toBe(200);
    const overDay = await buy(cookie, second.id);
    expect(overDay.statusCode).toBe(403);
    expect(overDay.json().message).toBe('This is over your daily limit of $35,000 ($15,000 left today)');
    // A sale of yesterday (in the sale time zone) does not count; a cancelled one neither.
    await ctx.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(transactions.vehicleId, first.id));
    expect((await buy(cookie, second.id)).statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.buyerUserId, member.id), eq(transactions.cancelled, false)));
    expect(rows).toHaveLength(2);
  });

  it('limits apply to the whole deal: price + package + delivery, at the sale and at every later charge', async () => {
    // Issue #44: a $30,000 per-vehicle buyer bought $28,900 + a $1,295 package + $1,976.45 delivery.
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const pack = await admin('POST', '/api/recon-packages', {
      name: `Front-line ${nextCode()}`,
      price: '1295',
      checklist: ['Detail'],
      promisedDays: 2,
    });
    expect(pack.statusCode, pack.body).toBe(201);
    const reconPackageId = pack.json().id as number;
    const { as, cookie, member } = await memberOfNewDealer({
      perVehicleLimit: '30000.00',
      perDayLimit: '50000.00',
    });
    const delivery = { toZip: '30303', address: '200 Peachtree St, Atlanta', enclosed: false };
    const probe = await insertVehicle(ctx.db, { price: '10000.00' });
    const quote = await as('POST', '/api/transport/quote', { vehicleId: probe.id, toZip: '30303' });
    expect(quote.statusCode, quote.body).toBe(200);
    const deliveryCents = Math.round(Number(quote.json().price) * 100);
    const dollars = (cents: number) => (cents / 100).toFixed(2);

    // Price + package fits, price + package + delivery does not: refused whole, nothing sold.
    const fitsWithPackage = 3_000_000 - 129_500 - Math.floor(deliveryCents / 2);
    const car = await insertVehicle(ctx.db, { price: dollars(fitsWithPackage) });
    const whole = await as('POST', '/api/dealer/purchases', {
      vehicleId: car.id,
      reconPackageId,
      transport: delivery,
    });
    expect(whole.statusCode).toBe(403);
    expect(whole.json().message).toBe(limitText.perVehicle('30000.00'));
    expect(await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, car.id))).toEqual([]);
    // An offer is held to its deal too: the amount + the package asked for.
    const dear = await insertVehicle(ctx.db, { price: '29500.00' });
    const offer = await as('POST', '/api/dealer/offers', {
      vehicleId: dear.id,
      amount: '29000',
      reconPackageId,
    });
    expect(offer.statusCode).toBe(403);
    expect(offer.json().message).toBe(limitText.perVehicle('30000.00'));
    // Within it, the offer carries its package to every view: the admin's card and counter dialog
    // and the confirmation say what accepting costs (the amount + the package).
    const within = await as('POST', '/api/dealer/offers', {
      vehicleId: dear.id,
      amount: '25000',
      reconPackageId,
    });
    expect(within.statusCode, within.body).toBe(201);
    const adminView = (await admin('GET', `/api/offers?q=${within.json().id}`))
      .json()
      .items.find((o: { id: number }) => o.id === within.json().id);
    expect(adminView.reconPackage).toEqual({ name: pack.json().name, price: '1295.00' });
    const dealerView = (await as('GET', '/api/dealer/offers'))
      .json()
      .find((o: { id: number }) => o.id === within.json().id);
    expect(dealerView.reconPackage).toEqual(adminView.reconPackage);

    // Bought with the package only; the delivery ordered afterwards is a later charge: refused.
    expect(
      (await as('POST', '/api/dealer/purchases', { vehicleId: car.id, reconPackageId })).statusCode,
    ).toBe(200);
    const [sale] = await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, car.id));
    const later = await as('POST', `/api/dealer/transactions/${sale!.id}/transport`, delivery);
    expect(later.statusCode).toBe(403);
    expect(later.json().message).toBe(limitText.perVehicle('30000.00'));
    const view = (await as('GET', '/api/dealer/transactions'))
      .json()
      .find((t: { id: number }) => t.id === sale!.id);
    expect(view.deal).toMatchObject({
      price: dollars(fitsWithPackage),
      reconditioning: '1295.00',
      delivery: '0.00',
      total: dollars(fitsWithPackage + 129_500),
    });
    expect(view.deal.total).toBe(view.amountDue);
    expect(view.transport).toBeNull();

    // The day: a second car whose price fits the day, whose delivery ordered later would not.
    const dayLeft = 5_000_000 - (fitsWithPackage + 129_500);
    const second = await insertVehicle(ctx.db, { price: dollars(dayLeft - Math.floor(deliveryCents / 2)) });
    expect((await buy(cookie, second.id)).statusCode).toBe(200);
    const [secondSale] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.vehicleId, second.id));
    const overDay = await as('POST', `/api/dealer/transactions/${secondSale!.id}/transport`, delivery);
    expect(overDay.statusCode).toBe(403);
    expect(overDay.json().message).toBe(limitText.perDay('50000.00', dollars(dayLeft)));
    const rows = await ctx.db.select().from(transactions).where(eq(transactions.buyerUserId, member.id));
    expect(rows).toHaveLength(2);
  });

  it('without a team, the spec’s name + code sign-in and the typed-code Buy Now work as before, recording no member', async () => {
    const dealer = await insertDealer(ctx.db);
    const code = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: nextCode() });
    const vehicle = await insertVehicle(ctx.db);
    const typed = await buyNow(ctx.app, code.code, vehicle.id, { from: '10.30.0.1' });
    expect(typed.statusCode).toBe(200);
    expect(Object.keys(typed.json()).sort()).toEqual(['message', 'transactionId']);
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code.code });
    const me = (await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).json();
    expect(me.member).toBeNull();
    const mine = (await ctx.app.inject({ url: '/api/dealer/transactions', headers: { cookie } })).json();
    expect(mine[0]).toMatchObject({ vehicleId: vehicle.id, boughtBy: null });
    // A code session may also buy without typing, as the dealership (no member, no limits).
    const next = await insertVehicle(ctx.db);
    expect((await buy(cookie, next.id)).json().buyCode).toBe(code.code);
    // …but has no account pages.
    expect((await ctx.app.inject({ url: '/api/team/passkeys', headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('limits under concurrency', () => {
  it('20 parallel purchases by one buyer whose daily limit allows 3: exactly 3 succeed', async () => {
    const { cookie, member } = await memberOfNewDealer({ perDayLimit: '30000.00' });
    const cars = await Promise.all(
      Array.from({ length: 20 }, () => insertVehicle(ctx.db, { price: '10000.00' })),
    );
    const answers = await Promise.all(cars.map((car) => buy(cookie, car.id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 403)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.statusCode === 403))
      expect(refused.json().message).toBe('This is over your daily limit of $30,000 ($0 left today)');
    const sales = await ctx.db.select().from(transactions).where(eq(transactions.buyerUserId, member.id));
    expect(sales).toHaveLength(3);
  });
});
