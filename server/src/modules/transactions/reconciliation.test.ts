import { execFileSync } from 'node:child_process';
import { SALE_STAGES } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { centsToDecimal, decimalToCents, formatCents } from '@contracts/money';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode, walkPages } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyCodes, dealers, transactions } from '../../db/schema';

/**
 * One ledger, every view (issue #27): for each demo sale and for sales driven through every money
 * step, the admin list (which the details dialog shows), the dealer dashboard, the aging report,
 * the CSV export and the bill of sale state the same balance, refund owed, paid flag and stage.
 * Read through the API as the admin and each buying dealer would.
 */
const ZONE = 'America/Chicago';
const today = () => dateInZone(new Date(), ZONE);

const ctx = withApp({
  env: { SEED_DEMO: 'true', SALE_LATE_FEE_PERCENT: '3', SALE_TIME_ZONE: ZONE },
  signIn: ['admin'],
  timeout: 120_000,
});

interface View {
  id: number;
  dealerId: number;
  balance: string;
  amountDue: string;
  deal: { reconditioning: string; delivery: string; fees: string; credits: string; total: string };
  refundOwed: string;
  paidAmount: string;
  paidInFull: boolean;
  isPaid: boolean;
  paymentDueOn: string;
  stage: keyof typeof SALE_STAGES;
  cancelled: boolean;
  billOfSale: string | null;
}

/**
 * A dealer's session, signed in with its active code (as the dashboard would be); null for a
 * dealership without one (the demo's sales history was bought by such, seed/demo-sales-history.ts).
 */
const dealerCookies = new Map<number, string>();
async function dealerCookie(dealerId: number) {
  const known = dealerCookies.get(dealerId);
  if (known) return known;
  const [row] = await ctx.db
    .select({ name: dealers.dealerName, code: buyCodes.code })
    .from(dealers)
    .innerJoin(buyCodes, and(eq(buyCodes.dealerId, dealers.id), eq(buyCodes.active, true)))
    .where(eq(dealers.id, dealerId))
    .limit(1);
  if (!row) return null;
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: row!.name, buyCode: row!.code },
    `10.27.0.${dealerCookies.size + 1}`,
  );
  dealerCookies.set(dealerId, cookie);
  return cookie;
}

async function billOfSaleText(id: number) {
  const res = await ctx.call('GET', `/api/transactions/${id}/bill-of-sale`);
  expect(res.statusCode).toBe(200);
  // pdftotext reads the PDF from standard input: no file left behind.
  return execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload, encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

/** Every view of every sale agrees with the admin list's ledger figures. */
async function expectEveryViewAgrees() {
  const list = await walkPages<View>((url) => ctx.call('GET', url), '/api/transactions');
  const csv: Record<string, string>[] = parse((await ctx.call('GET', '/api/transactions/export.csv')).body, {
    columns: true,
  });
  const aging = (await ctx.call('GET', '/api/transactions/aging')).json();
  let unpaidCount = 0;
  let unpaidCents = 0;
  for (const t of list) {
    const balance = decimalToCents(t.balance);
    const label = `transaction ${t.id} (${t.stage})`;
    // The spec's paid flag is the ledger's.
    expect(t.isPaid, label).toBe(t.paidInFull);
    expect(t.paidInFull, label).toBe(!t.cancelled && balance <= 0);
    expect(decimalToCents(t.refundOwed), label).toBe(Math.max(0, -balance));
    if (!t.cancelled && balance > 0) {
      unpaidCount++;
      unpaidCents += balance;
    }
    const row = csv.find((r) => Number(r.Transaction) === t.id)!;
    // Each row adds up: the deal's parts make its total, the total less what was paid the balance.
    const cents = (header: string) => decimalToCents(row[header]!);
    expect(
      cents('Price') + cents('Reconditioning') + cents('Delivery') + cents('Late fee') - cents('Credits'),
      label,
    ).toBe(cents('Total due'));
    expect(cents('Total due') - cents('Paid') + cents('Refunded'), label).toBe(
      cents('Left to pay') - cents('Refund owed'),
    );
    expect(row['Total due'], label).toBe(t.amountDue);
    expect(row, label).toMatchObject({
      Paid: t.paidAmount,
      'Left to pay': centsToDecimal(Math.max(0, balance)),
      'Refund owed': t.refundOwed,
      'Paid in full': t.paidInFull ? 'yes' : 'no',
      Stage: SALE_STAGES[t.stage],
      // The due day is the server's, the same in the list and the export (and every screen).
      'Payment due': t.paymentDueOn,
    });
    // The sales history's hundreds of sales are checked above (list, CSV, aging); their dealers
    // cannot sign in, and a bill of sale each would take minutes.
    const cookie = await dealerCookie(t.dealerId);
    if (!cookie) continue;
    const mine: View[] = (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie)).json();
    expect(
      mine.find((d) => d.id === t.id),
      label,
    ).toMatchObject({
      balance: t.balance,
      refundOwed: t.refundOwed,
      paidAmount: t.paidAmount,
      paidInFull: t.paidInFull,
      isPaid: t.isPaid,
      stage: t.stage,
    });
    // The generated bill of sale states the same figure (an uploaded signed copy is the seller's own).
    if (!t.billOfSale) {
      const text = await billOfSaleText(t.id);
      expect(text, label).toContain(
        balance < 0
          ? `Refund owed to the buyer ${formatCents(-balance)}.`
          : `Balance due ${formatCents(Math.max(0, balance))}.`,
      );
      expect(text, label).toContain(`Received to date ${formatCents(decimalToCents(t.paidAmount))}.`);
      // Beyond the price, the deal's parts and its total: the one deal total (ADR 0033).
      const { reconditioning, delivery, fees, credits, total } = t.deal;
      if ([reconditioning, delivery, fees, credits].some((amount) => decimalToCents(amount) !== 0))
        expect(text, label).toContain(`Total ${formatCents(decimalToCents(total))}.`);
    }
  }
  expect(aging.total).toEqual({ count: unpaidCount, amount: centsToDecimal(unpaidCents) });
  return list;
}

/** A Buy Now sale at $10,000, `daysAgo` old. */
async function sale(daysAgo = 0) {
  const vehicle = await insertVehicle(ctx.db, { price: '10000.00' });
  const { code } = await dealerWithCode(ctx.db);
  const id = (await buyNow(ctx.app, code, vehicle.id)).json().transactionId as number;
  if (daysAgo)
    await ctx.db
      .update(transactions)
      .set({ createdAt: sql`now() - ${daysAgo} * interval '1 day'` })
      .where(eq(transactions.id, id));
  const step = async (body: object, status = 200) => {
    const res = await ctx.call('POST', `/api/transactions/${id}/events`, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const pay = (amount: string, receivedOn = today()) =>
    step({ type: 'payment_recorded', amount, method: 'ach', reference: `ACH-${id}`, receivedOn });
  return { id, step, pay };
}

describe('one ledger, every view', () => {
  it('agrees on the demo sales as seeded', async () => {
    const list = await expectEveryViewAgrees();
    // The demo shows sales at several stages, the ledger deciding each.
    expect(new Set(list.map((t) => t.stage)).size).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('agrees through partial payments, Mark paid, a late fee, a claim credit and its refund, unwinds and cancels', async () => {
    // Partly paid.
    const partial = await sale();
    expect(await partial.pay('$4,000')).toMatchObject({ balance: '6000.00', stage: 'awaiting_payment' });

    // Mark paid: the remaining balance recorded as a payment.
    const marked = await sale();
    await marked.pay('2500');
    const patched = await ctx.call('PATCH', `/api/transactions/${marked.id}`, {
      isPaid: true,
      payment: { method: 'wire', reference: 'FED-7', receivedOn: today() },
    });
    expect(patched.json()).toMatchObject({ balance: '0.00', isPaid: true, paidAmount: '10000.00' });

    // Late: 3% fee once overdue; paying the price alone leaves the fee.
    const late = await sale(20);
    expect(await late.pay('10000')).toMatchObject({ balance: '300.00', stage: 'overdue', lateFee: '300.00' });

    // Paid, picked up, a claim credited after payment: a refund owed, then settled.
    const claimed = await sale();
    await claimed.pay('10000');
    await claimed.step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '8–5' });
    await claimed.step({ type: 'picked_up', on: today(), by: 'Driver' });
    const opened = await ctx.call(
      'POST',
      `/api/dealer/transactions/${claimed.id}/events`,
      { type: 'claim_opened', category: 'mechanical', description: 'A/C warm', estimate: '$1,850' },
      (await dealerCookie(
        (
          await ctx.db.select().from(transactions).where(eq(transactions.id, claimed.id))
        )[0]!.dealerId,
      ))!,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const claimId = opened.json().claims[0].id;
    await claimed.step({
      type: 'claim_answered',
      claimId,
      decision: 'adjusted',
      reason: 'Fair',
      amount: '900',
    });
    await expectEveryViewAgrees();
    // $900 decided less the Auction Certified deductible ($250): $650 credited, so owed back.
    expect(
      await claimed.step({ type: 'refund_recorded', amount: '650', method: 'check', paidOn: today() }),
    ).toMatchObject({ balance: '0.00', refundOwed: '0.00', stage: 'picked_up' });

    // A paid sale unwound: the whole payment owed back; an unpaid one cancelled: nothing owed.
    const unwound = await sale();
    await unwound.pay('10000');
    expect(
      (await ctx.call('PATCH', `/api/transactions/${unwound.id}`, { cancelled: true })).json(),
    ).toMatchObject({
      cancelled: true,
      refundOwed: '10000.00',
      stage: 'refund_owed',
    });
    const cancelled = await sale();
    await ctx.call('PATCH', `/api/transactions/${cancelled.id}`, { cancelled: true });

    await expectEveryViewAgrees();
  }, 180_000);
});

/**
 * /admin's first screen in one read (issue #47, GET /api/admin/tab-counts): the stat cards' vehicle
 * counts and the counts beside the tabs are the numbers each tab's own list answers, on the demo's
 * offers, work orders, transports and floor-plan requests; for admins only.
 */
describe("the admin's tab counts", () => {
  it('are what each tab counts, in one read, for admins only', async () => {
    const read = async (url: string) => {
      const res = await ctx.call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const counts = await read('/api/admin/tab-counts');
    const [vehicles, offers, workOrders, transports, floorPlan] = await Promise.all([
      read('/api/admin/vehicles/counts'),
      read('/api/offers?sort=newest&limit=1'),
      read('/api/admin/work-orders?limit=1'),
      read('/api/transport-orders?status=all&limit=1'),
      read('/api/floor-plan-requests?limit=1'),
    ]);
    expect(counts).toEqual({
      vehicles,
      pendingOffers: offers.counts.pending,
      overdueWorkOrders: workOrders.counts.overdue,
      latePickups: transports.counts.late,
      awaitingLender: floorPlan.counts.requested,
    });
    // The demo has work waiting: the counts are not all zero by accident.
    expect(counts.vehicles.queue + counts.pendingOffers + counts.awaitingLender).toBeGreaterThan(0);

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/tab-counts' });
    expect(anonymous.statusCode).toBe(401);
    const { dealer, code } = await dealerWithCode(ctx.db);
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code },
      '10.27.1.1',
    );
    const asDealer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tab-counts',
      headers: { cookie },
    });
    expect([401, 403]).toContain(asDealer.statusCode);
  }, 120_000);
});
