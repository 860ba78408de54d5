import { DEFAULT_SALE_TERMS } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { GUIDE_TEXT, type GuideDetail } from '@contracts/guide';
import { INSIGHTS_TEXT, type InsightsReport } from '@contracts/insights';
import { decimalToCents } from '@contracts/money';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode } from '../../../test/helpers';
import { signIn, signInStaff } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { offerActivities, offers, transactionEvents, transactions } from '../../db/schema';
import { findTransactionViews } from '../transactions/transaction-views';
import { refitGuide } from './guide-fit';
import { refreshInsightFacts, refreshInsightFactsIfChanged, rowsOf } from './insight-facts';

/** Insights (issue #33, docs/design.md §16): SQL figures that reconcile with the ledger to the cent. */
const ZONE = 'America/Chicago';
const ctx = withApp({
  // The jobs that refresh the facts run only when a test runs them.
  env: () => ({ SALE_TIME_ZONE: ZONE, INSIGHTS_INTERVAL_MS: '3600000', GUIDE_INTERVAL_MS: '3600000' }),
  signIn: ['admin'],
});
const DAY = 86_400_000;
const today = () => dateInZone(new Date(), ZONE);
// Days are counted back from today's noon in the zone, not from this instant: 30 × 24 h back from 23:10 in
// Chicago crosses the autumn clock change into the day before, and a sale would move by a day.
const NOON = Date.parse(`${today()}T18:00:00Z`);
const ago = (days: number) => new Date(NOON - days * DAY);
const dayAgo = (days: number) => dateInZone(ago(days), ZONE);

type EventSeed = { type: string; data: Record<string, unknown>; daysAgo?: number };

async function sale(
  dealerId: number,
  amount: string,
  daysAgo: number,
  events: EventSeed[],
  extra: {
    cancelled?: boolean;
    lateFeePercent?: number;
    uploadedBy?: string;
    listedDaysBefore?: number;
    vehicle?: Partial<Parameters<typeof insertVehicle>[1]>;
  } = {},
) {
  const soldAt = ago(daysAgo);
  const vehicle = await insertVehicle(ctx.db, {
    ...extra.vehicle,
    status: 'sold',
    uploadedBy: extra.uploadedBy ?? 'staff',
    createdAt: new Date(soldAt.getTime() - ((extra.listedDaysBefore ?? 10) + 2) * DAY),
    listedAt: new Date(soldAt.getTime() - (extra.listedDaysBefore ?? 10) * DAY),
  });
  const [t] = await ctx.db
    .insert(transactions)
    .values({
      vehicleId: vehicle.id,
      dealerId,
      amount,
      status: 'completed',
      cancelled: extra.cancelled ?? false,
      createdAt: soldAt,
      terms: { ...DEFAULT_SALE_TERMS, timeZone: ZONE, lateFeePercent: extra.lateFeePercent ?? 0 },
    })
    .returning();
  let last = 0;
  for (const event of events) {
    // A claim's answer names the claim: the event just before it.
    const data = event.data.claimId === 'previous' ? { ...event.data, claimId: last } : event.data;
    const [row] = await ctx.db
      .insert(transactionEvents)
      .values({
        transactionId: t!.id,
        dealerId,
        type: event.type,
        data,
        actorType: 'admin',
        actorId: 1,
        createdAt: ago(event.daysAgo ?? daysAgo),
      })
      .returning();
    last = row!.id;
  }
  return t!.id;
}

const payment = (amount: string, daysAgo: number): EventSeed => ({
  type: 'payment_recorded',
  data: { amount, method: 'ach', receivedOn: dayAgo(daysAgo), reference: 'ACH-1' },
  daysAgo,
});

async function world() {
  const a = await dealerWithCode(ctx.db);
  const b = await insertDealer(ctx.db);
  const ids = {
    paid: await sale(a.dealer.id, '15000.00', 30, [
      payment('5000.00', 29),
      payment('10000.00', 28),
      { type: 'picked_up', data: { on: dayAgo(27) } },
    ]),
    busy: await sale(a.dealer.id, '20000.00', 20, [
      { type: 'recon_package', data: { name: 'Front line', amount: '450.00' } },
      { type: 'transport_ordered', data: { orderId: 1, amount: '380.00', miles: 300 } },
      { type: 'transport_cancelled', data: { orderId: 1, amount: '380.00' } },
      { type: 'claim_opened', data: { category: 'mechanical', description: 'Noise', estimate: '300.00' } },
      {
        type: 'claim_answered',
        data: { claimId: 'previous', decision: 'adjusted', amount: '250.00', reason: 'Split' },
      },
      payment('1000.00', 19),
    ]),
    cancelled: await sale(
      b.id,
      '9000.00',
      15,
      [
        payment('2000.00', 14),
        { type: 'cancelled', data: { reason: 'Title problem' } },
        { type: 'refund_recorded', data: { amount: '2000.00', method: 'ach', paidOn: dayAgo(12) } },
      ],
      { cancelled: true },
    ),
    floorPlan: await sale(
      b.id,
      '12000.00',
      10,
      [
        {
          type: 'floor_plan_requested',
          data: { requestId: 1, lender: 'nextgear', amount: '12000.00', last4: '1234' },
        },
        { type: 'floor_plan_approved', data: { requestId: 1, amount: '12000.00', reference: 'NG-1' } },
        { type: 'floor_plan_funded', data: { requestId: 1, amount: '12000.00', reference: 'NG-1' } },
        { type: 'delivery_confirmed', data: { on: dayAgo(6), odometer: 40100 } },
      ],
      { uploadedBy: 'admin:1', listedDaysBefore: 4 },
    ),
    late: await sale(a.dealer.id, '8000.00', 40, [], { lateFeePercent: 5 }),
  };
  // Offers: two accepted (one as made, one after a counter), one declined, one expired, one open.
  const car = await insertVehicle(ctx.db, { uploadedBy: 'staff' });
  const offer = async (status: string, dealerId: number, countered = false) => {
    const [row] = await ctx.db
      .insert(offers)
      .values({
        vehicleId: car.id,
        dealerId,
        amount: '9000.00',
        status,
        expiresAt: ago(-1),
        createdAt: ago(5),
      })
      .returning();
    if (countered)
      await ctx.db
        .insert(offerActivities)
        .values({ offerId: row!.id, actorType: 'admin', actionType: 'countered', amount: '9500.00' });
  };
  await offer('accepted', a.dealer.id);
  await offer('accepted', b.id, true);
  await offer('declined', (await insertDealer(ctx.db)).id);
  await offer('expired', (await insertDealer(ctx.db)).id);
  await offer('pending', (await insertDealer(ctx.db)).id);
  // Inventory: listed 3, 20 and 70 days ago.
  for (const days of [3, 20, 70]) await insertVehicle(ctx.db, { listedAt: ago(days), price: '10000.00' });
  await refreshInsightFacts(ctx.db);
  await refitGuide(ctx.db);
  return { a, b, ids };
}

const report = async (query = '') => {
  const response = await ctx.call('GET', `/api/insights${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InsightsReport;
};
const figure = (r: { figures: { key: string; value: unknown }[] }, key: string) =>
  r.figures.find((f) => f.key === key)?.value;

describe('insights', () => {
  it('reconcile with the ledger to the cent, sale by sale and in total', async () => {
    const { a, ids } = await world();
    const views = await findTransactionViews(ctx.db);
    const facts = await rowsOf<{
      transaction_id: number;
      spend_cents: string;
      paid_cents: string;
      refunded_cents: string;
    }>(ctx.db, sql`select transaction_id, spend_cents, paid_cents, refunded_cents from sale_facts`);
    for (const view of views) {
      const fact = facts.find((f) => Number(f.transaction_id) === view.id)!;
      // Billed = what the ledger says the sale costs, less the late fee (a penalty derived by the day, not a purchase).
      expect(Number(fact.spend_cents), `sale ${view.id}`).toBe(
        decimalToCents(view.amountDue) - decimalToCents(view.lateFee),
      );
      expect(Number(fact.paid_cents)).toBe(decimalToCents(view.paidAmount));
      expect(Number(fact.refunded_cents)).toBe(decimalToCents(view.refunded));
    }
    expect(decimalToCents(views.find((v) => v.id === ids.late)!.lateFee)).toBe(40_000);
    // 15,000 + (20,000 + 450 + 380 − 380 − 250) + 12,000 + 8,000; the cancelled sale costs nothing.
    const all = await report(`?from=${dayAgo(60)}&to=${today()}`);
    expect(figure(all, 'billed')).toBe('55200.00');
    expect(figure(all, 'sales')).toBe(4);
    expect(figure(all, 'salesValue')).toBe('54750.00');
    const expected = views
      .filter((v) => !v.cancelled)
      .reduce((sum, v) => sum + decimalToCents(v.amountDue) - decimalToCents(v.lateFee), 0);
    expect(decimalToCents(figure(all, 'billed') as string)).toBe(expected);
    // The dealership's own view says the same of its sales.
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: a.dealer.dealerName, buyCode: a.code });
    const mine = await ctx.call(
      'GET',
      `/api/dealer/insights?from=${dayAgo(60)}&to=${today()}`,
      undefined,
      cookie,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(figure(mine.json(), 'purchases')).toBe(3);
    expect(figure(mine.json(), 'spend')).toBe('43200.00');
    expect(figure(mine.json(), 'timeToLine')).toBe(3);
    const byDealer = all.charts.find((c) => c.id === 'by-dealer')!;
    expect(byDealer.rows.find((r) => r.dealer === a.dealer.dealerName)).toMatchObject({
      purchases: 3,
      billed: '43200.00',
    });
  });

  it('count conversion, speed and aging the way they say', async () => {
    const all = await report(`?from=${dayAgo(60)}&to=${today()}`);
    expect(figure(all, 'conversion')).toBe(50);
    expect(figure(all, 'firstOfferConversion')).toBe(25);
    expect(figure(all, 'timeToLine')).toBe(3.5);
    const aging = all.charts.find((c) => c.id === 'aging')!;
    expect(aging.rows.map((r) => r.cars)).toEqual([2, 1, 0, 0, 1]);
    const uploaders = all.charts.find((c) => c.id === 'by-uploader')!;
    expect(uploaders.rows.map((r) => r.uploader)).toContain('Lot staff');
    expect(all.uploaders.find((u) => u.key === 'admin:1')?.label).toMatch(/^Admin /);
    const adminOnly = await report(`?from=${dayAgo(60)}&to=${today()}&uploader=admin:1`);
    expect(figure(adminOnly, 'sales')).toBe(1);
    expect(figure(adminOnly, 'daysToSell')).toBe(4);
    // The busy sale's claim was decided before decisions recorded their case (issue #48): its row
    // says so where the timing would be, never a 0 or a blank, and the credit is still counted.
    const claims = all.charts.find((c) => c.id === 'claims')!;
    expect(claims.rows.filter((r) => r.section === 'Not recorded')).toEqual([
      expect.objectContaining({
        certification: 'Not recorded',
        decided: 1,
        adjusted: 1,
        credits: '250.00',
        withinSla: 'Not recorded',
        medianDays: 'Not recorded',
      }),
    ]);
    // Its award took money off what was owed: no refund to pay, nothing in the pay figures.
    expect(figure(all, 'claimsPaidWithinSla')).toBeNull();
    expect(figure(all, 'claimRefundsLate')).toBe(0);
  });

  it('refuse a period that makes no sense, an unknown dealer or uploader, in words', async () => {
    const message = async (query: string) => {
      const response = await ctx.call('GET', `/api/insights${query}`);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message;
    };
    expect(await message('?from=2026-05-01&to=2026-04-30')).toBe(INSIGHTS_TEXT.endBeforeStart);
    expect(await message('?from=2022-01-01&to=2026-01-02')).toBe(INSIGHTS_TEXT.tooLong);
    expect(await message('?from=2026-02-30&to=2026-03-02')).toBe(INSIGHTS_TEXT.badDate);
    expect(await message('?dealerId=999999')).toBe(INSIGHTS_TEXT.unknownDealer);
    expect(await message('?uploader=nobody')).toBe(INSIGHTS_TEXT.unknownUploader);
    expect(await message('/export.csv?chart=pie')).toBe(INSIGHTS_TEXT.unknownChart);
  });

  it('export each chart as the CSV of its table', async () => {
    const query = `from=${dayAgo(60)}&to=${today()}`;
    const all = await report(`?${query}`);
    for (const chart of all.charts) {
      const csv = await ctx.call('GET', `/api/insights/export.csv?chart=${chart.id}&${query}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0] ?? {})).toEqual(chart.columns.map((c) => c.label));
      expect(rows.map((r) => r[chart.columns[0]!.label])).toEqual(
        chart.rows.map((r) => String(r[chart.columns[0]!.key])),
      );
    }
  });

  it('follow the ledger: refreshed by the pass after a change, left alone without one', async () => {
    const before = await report(`?from=${dayAgo(60)}&to=${today()}`);
    expect(await refreshInsightFactsIfChanged(ctx.db)).toBe(false);
    await sale((await insertDealer(ctx.db)).id, '1000.00', 1, []);
    expect(figure(await report(`?from=${dayAgo(60)}&to=${today()}`), 'sales')).toBe(figure(before, 'sales'));
    expect(await refreshInsightFactsIfChanged(ctx.db)).toBe(true);
    const after = await report(`?from=${dayAgo(60)}&to=${today()}`);
    expect(figure(after, 'sales')).toBe((figure(before, 'sales') as number) + 1);
    expect(after.refreshedAt > before.refreshedAt).toBe(true);
    // A day later the facts are refreshed even when nothing seemed to change.
    expect(await refreshInsightFactsIfChanged(ctx.db, new Date(Date.now() + 25 * 3_600_000))).toBe(true);
  });

  it('are an admin’s; a dealer reads its own; the guide is for signed-in accounts', async () => {
    const { dealer, code } = await dealerWithCode(ctx.db);
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    expect((await ctx.call('GET', '/api/insights', undefined, cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/insights' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/guides?ids=1' })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/guides?ids=1,x', undefined, cookie)).json().message).toBe(
      GUIDE_TEXT.badIds,
    );
    const mine = await ctx.call('GET', '/api/dealer/insights', undefined, cookie);
    expect(figure(mine.json(), 'purchases')).toBe(0);
    const csv = await ctx.call('GET', '/api/dealer/insights/export.csv', undefined, cookie);
    expect(csv.body.split('\n')[0]).toBe('Month,Purchases,Spend');
  });
});

describe('the market guide’s comparables (issue #43)', () => {
  it('show the week of sale and the miles to the nearest 1,000, never the day or the exact miles', async () => {
    const { dealer, code } = await dealerWithCode(ctx.db);
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const outback = { make: 'Subaru', model: 'Outback', year: 2021 };
    // Two sales of one week (Tuesday and Thursday, noon in the sale's time zone), a fortnight back,
    // whose exact miles differ but round alike: the table must not tell them apart.
    const todayNoon = Date.parse(`${today()}T18:00:00Z`);
    const monday = todayNoon - (((new Date(todayNoon).getUTCDay() + 6) % 7) + 14) * DAY;
    const weekOf = new Date(monday).toISOString().slice(0, 10);
    const daysAgoOf = (instant: number) => (Date.now() - instant) / DAY;
    const exact = [
      { miles: 41_237, at: monday + DAY },
      { miles: 40_812, at: monday + 3 * DAY },
    ];
    for (const sold of exact)
      await sale(dealer.id, '21555.00', daysAgoOf(sold.at), [], {
        vehicle: { ...outback, mileage: sold.miles },
      });
    // Ten more over five months, priced by a law with a little noise (so neither above is an outlier).
    const others: number[] = [];
    for (let i = 0; i < 10; i++) {
      const miles = 20_123 + ((i * 7919) % 60_000);
      others.push(miles);
      const dollars = 24_000 * Math.exp(-0.03 * (miles / 10_000)) * Math.exp(0.03 * Math.sin(i * 12.9898));
      await sale(dealer.id, dollars.toFixed(2), 25 + i * 12.3, [], {
        vehicle: { ...outback, mileage: miles },
      });
    }
    const subject = await insertVehicle(ctx.db, { ...outback, mileage: 45_000, price: '23000.00' });
    await refreshInsightFacts(ctx.db);
    await refitGuide(ctx.db);

    const asDealer = await ctx.call('GET', `/api/vehicles/${subject.id}/guide`, undefined, cookie);
    expect(asDealer.statusCode, asDealer.body).toBe(200);
    const { sales } = asDealer.json() as GuideDetail;
    expect(sales).toHaveLength(12);
    for (const row of sales) {
      expect(row.mileage! % 1000, JSON.stringify(row)).toBe(0);
      expect(new Date(`${row.soldWeekOf}T12:00:00Z`).getUTCDay(), row.soldWeekOf).toBe(1);
    }
    // The two sales of one week read the same, weight and adjusted price included.
    const twins = sales.filter((row) => row.price === '21555.00');
    expect(twins).toHaveLength(2);
    expect(twins[0]).toMatchObject({ soldWeekOf: weekOf, mileage: 41_000 });
    expect(twins[1]).toEqual(twins[0]);
    // Nothing exact leaves the server: no exact miles, no sale day of the week (only its Monday).
    for (const miles of [...exact.map((e) => e.miles), ...others.filter((m) => m % 1000 !== 0)])
      expect(asDealer.body).not.toContain(String(miles));
    for (const sold of exact) expect(asDealer.body).not.toContain(dateInZone(new Date(sold.at), ZONE));
    expect(asDealer.body).not.toMatch(/"soldOn"/);
    // An admin's view is the same table.
    const asAdmin = await ctx.call('GET', `/api/vehicles/${subject.id}/guide`);
    expect((asAdmin.json() as GuideDetail).sales).toEqual(sales);
  });
});

describe('the guide of a listing being completed (the queue)', () => {
  it('follows the fields as typed: a model with sales has a guide before anything is saved', async () => {
    const { dealer } = await dealerWithCode(ctx.db);
    // Twelve CX-5s over five months, priced by a law with a little noise.
    const cx5 = { make: 'Mazda', model: 'CX-5', year: 2021 };
    for (let i = 0; i < 12; i++) {
      const miles = 25_000 + ((i * 7919) % 50_000);
      const dollars = 26_000 * Math.exp(-0.03 * (miles / 10_000)) * Math.exp(0.03 * Math.sin(i * 7.31));
      await sale(dealer.id, dollars.toFixed(2), 6 + i * 12, [], { vehicle: { ...cx5, mileage: miles } });
    }
    await refreshInsightFacts(ctx.db);
    await refitGuide(ctx.db);
    // Staff uploaded it as a Mazda3 (no sales of that model); the admin corrects it while completing.
    const queued = await insertVehicle(ctx.db, {
      make: 'Mazda',
      model: 'Mazda3',
      year: 2021,
      mileage: 40_000,
      price: null,
      status: 'pending',
      inQueue: true,
    });
    const stored = await ctx.call('GET', `/api/vehicles/${queued.id}/guide`);
    expect((stored.json() as GuideDetail).summary).toMatchObject({ status: 'insufficient', comparables: 0 });

    const typed = `/api/vehicles/${queued.id}/guide-preview?year=2021&make=mazda&model=CX-5&mileage=40000&price=24000`;
    const preview = await ctx.call('GET', typed);
    expect(preview.statusCode, preview.body).toBe(200);
    const detail = preview.json() as GuideDetail;
    expect(detail.summary).toMatchObject({ status: 'ready', vehicleId: queued.id, comparables: 12 });
    expect(detail.sales).toHaveLength(12);
    if (detail.summary.status !== 'ready') return;
    const guide = decimalToCents(detail.summary.guide);
    expect(detail.summary.priceToGuide).toBeCloseTo(((2_400_000 - guide) / guide) * 100, 0);
    // Another year typed: out of the CX-5s' ±1 year; a blank model: no comparables at all.
    const old = await ctx.call(
      'GET',
      `/api/vehicles/${queued.id}/guide-preview?year=2015&make=Mazda&model=CX-5`,
    );
    expect((old.json() as GuideDetail).summary).toMatchObject({ status: 'insufficient', comparables: 0 });
    const blank = await ctx.call(
      'GET',
      `/api/vehicles/${queued.id}/guide-preview?year=2021&make=Mazda&model=`,
    );
    expect((blank.json() as GuideDetail).summary).toMatchObject({ status: 'insufficient', comparables: 0 });
    // Nothing was saved: the stored car's guide is still its own.
    expect((await ctx.call('GET', `/api/vehicles/${queued.id}/guide`)).json().summary.comparables).toBe(0);
    // A bad field is a 400 naming the rule.
    const bad = await ctx.call('GET', `/api/vehicles/${queued.id}/guide-preview?mileage=lots`);
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins and staff (a car staff may still edit), never a dealer or the public', async () => {
    const queued = await insertVehicle(ctx.db, { price: null, status: 'pending', inQueue: true });
    const published = await insertVehicle(ctx.db);
    const url = (id: number) => `/api/vehicles/${id}/guide-preview?make=Honda&model=Accord&year=2020`;
    const { dealer, code } = await dealerWithCode(ctx.db);
    const dealerCookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const staff = await signInStaff(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: url(queued.id) })).statusCode).toBe(401);
    expect((await ctx.call('GET', url(queued.id), undefined, dealerCookie)).statusCode).toBe(403);
    expect((await ctx.call('GET', url(queued.id), undefined, staff)).statusCode).toBe(200);
    // Staff: only a car still in the queue; an admin: any car.
    expect((await ctx.call('GET', url(published.id), undefined, staff)).statusCode).toBe(404);
    expect((await ctx.call('GET', url(published.id))).statusCode).toBe(200);
    expect((await ctx.call('GET', url(2_000_000))).statusCode).toBe(404);
  });
});

describe('a sale reaches the guide as it commits', () => {
  it('counts cars sold through Buy Now a moment ago, with no refresh of the facts and no refit', async () => {
    const telluride = { make: 'Kia', model: 'Telluride', year: 2022, mileage: 30_000 };
    // A refit exists (the guide needs its coefficients), from before these sales.
    const { dealer } = await dealerWithCode(ctx.db);
    for (let i = 0; i < 10; i++)
      await sale(dealer.id, (20_000 + i * 150).toFixed(2), 20 + i * 9, [], {
        vehicle: { make: 'Kia', model: 'Sorento', year: 2021, mileage: 30_000 + i * 1000 },
      });
    await refreshInsightFacts(ctx.db);
    expect(await refitGuide(ctx.db)).not.toBeNull();
    const fitsBefore = await rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from guide_fits`);
    const subject = await insertVehicle(ctx.db, { ...telluride, price: '38000.00' });
    const before = await ctx.call('GET', `/api/vehicles/${subject.id}/guide`);
    expect((before.json() as GuideDetail).summary).toMatchObject({ status: 'insufficient', comparables: 0 });

    for (let i = 0; i < 6; i++) {
      const car = await insertVehicle(ctx.db, {
        ...telluride,
        mileage: 25_000 + i * 2000,
        price: `${37_000 + i * 300}.00`,
      });
      const buyer = await dealerWithCode(ctx.db);
      await boughtNow(ctx.app, buyer.code, car.id);
    }

    const after = await ctx.call('GET', `/api/vehicles/${subject.id}/guide`);
    const detail = after.json() as GuideDetail;
    expect(detail.summary).toMatchObject({ status: 'ready', comparables: 6 });
    expect(detail.sales.map((s) => s.price).sort()).toEqual([
      '37000.00',
      '37300.00',
      '37600.00',
      '37900.00',
      '38200.00',
      '38500.00',
    ]);
    const badge = await ctx.call('GET', `/api/guides?ids=${subject.id}`);
    expect(badge.json()).toEqual([detail.summary]);
    // Neither a refit nor a refresh ran: the facts do not hold them yet.
    expect(await rowsOf(ctx.db, sql`select count(*)::int as n from guide_fits`)).toEqual(fitsBefore);
    const inFacts = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sale_facts where model_key = 'telluride'`,
    );
    expect(inFacts[0]?.n).toBe(0);
    // Once the facts are refreshed, each sale is counted once.
    await refreshInsightFacts(ctx.db);
    expect((await ctx.call('GET', `/api/guides?ids=${subject.id}`)).json()[0].comparables).toBe(6);
  });

  it('the guide job (every GUIDE_INTERVAL_MS, a minute) takes new sales and a cancellation into the facts', async () => {
    const palisade = { make: 'Hyundai', model: 'Palisade', year: 2022, mileage: 30_000 };
    const { dealer } = await dealerWithCode(ctx.db);
    // A fit from before these sales, which the job leaves alone (it is not a day old).
    await sale(dealer.id, '21000.00', 40, [], {
      vehicle: { make: 'Kia', model: 'Sorento', year: 2021, mileage: 1 },
    });
    await refreshInsightFacts(ctx.db);
    expect(await refitGuide(ctx.db)).not.toBeNull();
    const subject = await insertVehicle(ctx.db, { ...palisade, price: '41000.00' });
    const sold: number[] = [];
    for (let i = 0; i < 5; i++) {
      const car = await insertVehicle(ctx.db, {
        ...palisade,
        mileage: 26_000 + i * 2000,
        price: `${40_000 + i * 250}.00`,
      });
      sold.push(await boughtNow(ctx.app, (await dealerWithCode(ctx.db)).code, car.id));
    }
    const inFacts = async () =>
      (
        await rowsOf<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from sale_facts where model_key = 'palisade' and not cancelled`,
        )
      )[0]?.n;
    const summary = async () => (await ctx.call('GET', `/api/guides?ids=${subject.id}`)).json()[0];
    expect(await inFacts()).toBe(0);

    expect(await ctx.app.jobs.runNow('guide')).toEqual({ ran: true, outcome: 'ok' });
    expect(await inFacts()).toBe(5);
    expect(await summary()).toMatchObject({ status: 'ready', comparables: 5 });

    // A sale cancelled after it reached the facts: the facts still count it until the job runs.
    const cancelled = await ctx.call('PATCH', `/api/transactions/${sold[0]}`, { cancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await summary()).toMatchObject({ comparables: 5 });
    expect(await ctx.app.jobs.runNow('guide')).toEqual({ ran: true, outcome: 'ok' });
    expect(await inFacts()).toBe(4);
    expect(await summary()).toMatchObject({ status: 'insufficient', comparables: 4 });

    // Nothing sold since: the next run leaves the facts as they are.
    const refreshedAt = async () =>
      (
        await rowsOf<{ value: string }>(
          ctx.db,
          sql`select value from app_settings where key = 'insight_facts'`,
        )
      )[0]?.value;
    const before = await refreshedAt();
    expect(await ctx.app.jobs.runNow('guide')).toEqual({ ran: true, outcome: 'ok' });
    expect(await refreshedAt()).toBe(before);
    const job = (await ctx.call('GET', '/api/admin/jobs'))
      .json()
      .find((j: { name: string }) => j.name === 'guide');
    expect(job).toMatchObject({ lastOutcome: 'ok', consecutiveFailures: 0 });
    expect(job.totalRuns).toBeGreaterThanOrEqual(3);
  });
});
