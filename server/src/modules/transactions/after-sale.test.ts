import { execFileSync } from 'node:child_process';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { premiumCertification } from '@contracts/brand';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { formatDay } from '@contracts/dates';
import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode, publicIds } from '../../../test/helpers';
import { scratchDir } from '../../../test/scratch';
import { signIn } from '../../../test/sessions';
import { uploadPhoto, uploadVideo } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import { dealers, notifications, transactions, vehiclePhotos, vehicles } from '../../db/schema';
import { runHousekeeping } from '../housekeeping/run-housekeeping';

/** The life of a sale after Buy Now (issue #18): payment, title, pickup, unwind, through the API. */

const ctx = withApp({
  env: { SALE_LATE_FEE_PERCENT: '3', SALE_TIME_ZONE: 'America/Chicago' },
  signIn: ['admin'],
});

/** A Buy Now sale at $10,000 by a fresh dealer, signed in. */
async function sale(car: Parameters<typeof insertVehicle>[1] = {}) {
  const vehicle = await insertVehicle(ctx.db, { price: '10000.00', ...car });
  const { dealer, code } = await dealerWithCode(ctx.db);
  const id = await boughtNow(ctx.app, code, vehicle.id);
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  const step = (body: object) => ctx.call('POST', `/api/transactions/${id}/events`, body);
  const dealerStep = (body: object, as = cookie) =>
    ctx.call('POST', `/api/dealer/transactions/${id}/events`, body, as);
  const adminView = async () =>
    (await ctx.call('GET', '/api/transactions?limit=100'))
      .json()
      .items.find((t: { id: number }) => t.id === id);
  const dealerView = async () =>
    (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
      .json()
      .find((t: { id: number }) => t.id === id);
  /** Records the whole balance as one wire received today (what "Mark paid" records). */
  const payInFull = async () => {
    const paid = await step({
      type: 'payment_recorded',
      amount: (await adminView()).balance,
      method: 'wire',
      reference: 'W-1',
      receivedOn: dateInZone(new Date(), 'America/Chicago'),
    });
    expect(paid.json(), paid.body).toMatchObject({ paidInFull: true, balance: '0.00' });
    return paid;
  };
  return { vehicle, dealer, id, cookie, step, dealerStep, adminView, dealerView, payInFull };
}

/** Moves a sale back in time (its clocks run from its creation). */
const backdate = (id: number, days: number) =>
  ctx.db
    .update(transactions)
    .set({ createdAt: sql`now() - ${days} * interval '1 day'` })
    .where(eq(transactions.id, id));

const messagesFor = async (event: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.event, event))).map((n) => n.recipient);

describe('payment', () => {
  it('counts partial payments to paid in full, sets the paid flag, tells billing, and refuses overpaying', async () => {
    const s = await sale();
    const first = await s.adminView();
    const saleDay = dateInZone(new Date(first.createdAt), 'America/Chicago');
    expect(dateInZone(new Date(first.paymentDueAt), 'America/Chicago')).toBe(addBusinessDays(saleDay, 3));
    // The day the screens word is that clock's day in the sale's zone, given by the server.
    expect(first.paymentDueOn).toBe(addBusinessDays(saleDay, 3));
    expect(first).toMatchObject({ paidAmount: '0.00', paidInFull: false, isPaid: false, daysLate: 0 });
    expect(first.terms).toMatchObject({ paymentDays: 3, lateFeePercent: 3, timeZone: 'America/Chicago' });

    const today = dateInZone(new Date(), 'America/Chicago');
    const partial = await s.step({
      type: 'payment_recorded',
      amount: '4000',
      method: 'ach',
      reference: 'ACH-1',
      receivedOn: today,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ paidAmount: '4000.00', paidInFull: false, isPaid: false });
    expect(await messagesFor('payment_recorded')).toContain(s.dealer.billingContactEmail);

    const over = await s.step({
      type: 'payment_recorded',
      amount: '6000.01',
      method: 'wire',
      receivedOn: today,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('This payment is more than what is left to pay');

    const rest = await s.step({
      type: 'payment_recorded',
      amount: '6000.00',
      method: 'check',
      reference: '1042',
      receivedOn: today,
    });
    expect(rest.json()).toMatchObject({
      paidAmount: '10000.00',
      paidInFull: true,
      isPaid: true,
      lateFee: '0.00',
    });
    expect(rest.json().timeline.map((e: { summary: string }) => e.summary)).toEqual([
      expect.stringMatching(/^Sold for \$10,000; payment due [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      `Payment of $4,000 by ACH (ref. ACH-1), received ${formatDay(today)}`,
      `Payment of $6,000 by Check (ref. 1042), received ${formatDay(today)}`,
    ]);
    expect(await messagesFor('transaction_paid')).toContain(s.dealer.billingContactEmail);
    // The dealer sees the same clocks and timeline.
    expect(await s.dealerView()).toMatchObject({
      paidAmount: '10000.00',
      paidInFull: true,
      billOfSale: `/api/transactions/${s.id}/bill-of-sale`,
    });
  });

  it('shows an overdue sale with its days late and the late fee of the terms', async () => {
    const s = await sale();
    await backdate(s.id, 20);
    const view = await s.adminView();
    expect(view.daysLate).toBeGreaterThan(10);
    expect(view).toMatchObject({ paidInFull: false, lateFee: '300.00', amountDue: '10300.00' });
    const today = dateInZone(new Date(), 'America/Chicago');
    // Paying the price alone is not enough once late; the fee settles it.
    const price = await s.step({
      type: 'payment_recorded',
      amount: '10000',
      method: 'floor_plan',
      receivedOn: today,
    });
    expect(price.json()).toMatchObject({ paidInFull: false, isPaid: false });
    const fee = await s.step({ type: 'payment_recorded', amount: '300', method: 'ach', receivedOn: today });
    expect(fee.json()).toMatchObject({ paidInFull: true, isPaid: true, daysLate: 0 });
  });

  it('answers bad input with a clear 400', async () => {
    const s = await sale();
    const bad = await s.step({
      type: 'payment_recorded',
      amount: '-5',
      method: 'ach',
      receivedOn: '2026-11-23',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Must be a valid positive number/);
    expect(
      (await s.step({ type: 'payment_recorded', amount: '5', method: 'bitcoin', receivedOn: '2026-11-23' }))
        .statusCode,
    ).toBe(400);
    expect((await s.step({ type: 'teleported' })).statusCode).toBe(400);
    expect(
      (await ctx.call('POST', '/api/transactions/999999/events', { type: 'title_received' })).statusCode,
    ).toBe(404);
  });
});

describe('title', () => {
  it('goes received → sent with tracking → confirmed by the dealer, each side told', async () => {
    const s = await sale();
    const early = await s.step({ type: 'title_sent', carrier: 'FedEx', trackingNumber: '7712' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Record the title as received before sending it');
    expect((await s.dealerStep({ type: 'title_confirmed' })).json().message).toBe(
      'The title has not been sent yet',
    );

    const received = await s.step({ type: 'title_received', withDeal: true });
    const due = dateInZone(new Date(received.json().titleDueAt), 'America/Chicago');
    const saleDay = dateInZone(new Date(received.json().createdAt), 'America/Chicago');
    expect(due).toBe(addBusinessDays(saleDay, 5));
    expect(received.json().titleDueOn).toBe(due);
    expect(
      (await s.step({ type: 'title_sent', carrier: 'FedEx', trackingNumber: '7712 3456 9900' })).json(),
    ).toMatchObject({
      titleStatus: 'sent',
    });
    expect(await messagesFor('title_sent')).toContain(s.dealer.titleContactEmail);

    // Another dealer cannot touch it: it looks like a missing transaction.
    const other = await sale();
    expect((await s.dealerStep({ type: 'title_confirmed' }, other.cookie)).statusCode).toBe(404);
    // The admin cannot confirm for the dealer, nor the dealer record a payment.
    expect((await s.step({ type: 'title_confirmed' })).statusCode).toBe(400);
    expect(
      (await s.dealerStep({ type: 'payment_recorded', amount: '1', method: 'ach', receivedOn: '2026-11-23' }))
        .statusCode,
    ).toBe(400);

    const confirmed = await s.dealerStep({ type: 'title_confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ titleStatus: 'confirmed', titleLate: false });
    expect(confirmed.json().timeline.at(-1)).toMatchObject({
      type: 'title_confirmed',
      by: 'dealer',
      summary: 'Title received by the dealer',
    });
    expect((await messagesFor('title_confirmed')).length).toBeGreaterThan(0);
  });

  it('flags a late title; the dealer asks to unwind, the admin declines, then unwinds by cancelling', async () => {
    const s = await sale();
    expect((await s.dealerStep({ type: 'unwind_requested', reason: 'No title' })).json().message).toBe(
      'An unwind can be requested once the title is late',
    );
    await backdate(s.id, 40);
    expect(await s.dealerView()).toMatchObject({ titleLate: true, canRequestUnwind: true });
    const asked = await s.dealerStep({ type: 'unwind_requested', reason: 'No title after 40 days' });
    expect(asked.json()).toMatchObject({ unwindRequested: true, canRequestUnwind: false });
    expect((await s.dealerStep({ type: 'unwind_requested', reason: 'again' })).statusCode).toBe(409);
    expect((await messagesFor('unwind_requested')).length).toBeGreaterThan(0);

    const declined = await s.step({
      type: 'unwind_declined',
      reason: 'The title is at the DMV; it ships Monday',
    });
    expect(declined.json()).toMatchObject({ unwindRequested: false, canRequestUnwind: true });
    expect(await messagesFor('unwind_declined')).toContain(s.dealer.email);

    await s.dealerStep({ type: 'unwind_requested', reason: 'Still nothing' });
    const cancelled = await ctx.call('PATCH', `/api/transactions/${s.id}`, { cancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().timeline.at(-1)).toMatchObject({ type: 'cancelled', by: 'admin' });
    expect(await publicIds(ctx.app)).toContain(s.vehicle.id);
    expect((await s.step({ type: 'title_received' })).json().message).toBe(
      'This transaction was cancelled and can no longer be changed',
    );
  });
});

describe('pickup', () => {
  it('needs ready before picked up, gives a gate pass, and starts the guarantee', async () => {
    const s = await sale();
    const today = dateInZone(new Date(), 'America/Chicago');
    const early = await s.step({ type: 'picked_up', on: today, by: 'Sam Driver' });
    expect(early.json().message).toBe('Mark the vehicle ready for pickup first');
    // The release rule: no gate pass, pickup or delivery while money is owed; the refusal says how much.
    const releases = [
      { type: 'pickup_ready', address: '100 Lot Rd, Dallas TX', hours: 'Mon–Fri 8–5' },
      { type: 'delivered', on: today, carrier: 'Acme' },
    ];
    for (const release of releases) {
      const refused = await s.step(release);
      expect(refused.statusCode, release.type).toBe(409);
      expect(refused.json().message).toBe(
        'The vehicle cannot be released while $10,000 is owed; record the payment or lender approval first',
      );
    }
    await s.step({ type: 'payment_recorded', amount: '4000', method: 'ach', receivedOn: today });
    for (const release of releases)
      expect((await s.step(release)).json().message).toBe(
        'The vehicle cannot be released while $6,000 is owed; record the payment or lender approval first',
      );
    // A dealer cannot release its own car either (not a dealer step at all).
    expect((await s.dealerStep(releases[0]!)).statusCode).toBe(400);
    expect((await s.dealerView()).canRelease).toBe(false);
    await s.payInFull();
    const ready = await s.step({
      type: 'pickup_ready',
      address: '100 Lot Rd, Dallas TX',
      hours: 'Mon–Fri 8–5',
    });
    expect(ready.json().pickupStatus).toBe('ready');
    expect(ready.json().gatePassCode).toMatch(/^\d{6}$/);
    expect((await s.dealerView()).gatePassCode).toBe(ready.json().gatePassCode);
    expect(await messagesFor('pickup_ready')).toContain(s.dealer.email);

    const picked = await s.step({ type: 'picked_up', on: today, by: 'Sam Driver' });
    expect(picked.json()).toMatchObject({ pickupStatus: 'picked_up' });
    expect(dateInZone(new Date(picked.json().guaranteeEndsAt), 'America/Chicago')).toBe(
      addBusinessDays(today, 7),
    );
    expect((await s.step({ type: 'delivered', on: today, carrier: 'Acme' })).json().message).toBe(
      'The vehicle was already picked up or delivered',
    );
  });
});

describe('one derived state (issue #44)', () => {
  it('withdraws a gate pass when a later charge leaves money owed, says so, and issues it again once paid', async () => {
    const s = await sale();
    await s.payInFull();
    const ready = await s.step({
      type: 'pickup_ready',
      address: '100 Lot Rd, Dallas TX',
      hours: 'Mon–Fri 8–5',
    });
    const code = ready.json().gatePassCode as string;
    expect(code).toMatch(/^\d{6}$/);
    expect((await s.dealerView()).gatePassCode).toBe(code);
    // A later charge: the dealer orders delivery after the gate pass was issued.
    const ordered = await ctx.call(
      'POST',
      `/api/dealer/transactions/${s.id}/transport`,
      { toZip: '60601', address: '9 Lake Shore Dr, Chicago' },
      s.cookie,
    );
    expect(ordered.statusCode, ordered.body).toBe(201);
    const owed = ordered.json().balance as string;
    expect(Number(owed)).toBeGreaterThan(0);
    // Money is owed again: no valid gate pass on either side (the old code kept showing it).
    expect((await s.dealerView()).gatePassCode).toBeNull();
    expect((await s.adminView()).gatePassCode).toBeNull();
    const withdrawn = {
      gatePassCode: null,
      gatePassWithdrawn: expect.stringMatching(
        /^Gate pass withdrawn: \$[\d,.]+ is owed after a later charge/,
      ),
      canRelease: false,
      holdReason: 'money',
      stage: 'awaiting_payment',
      deliveryStatus: 'awaiting_release',
    };
    expect(ordered.json()).toMatchObject(withdrawn);
    expect(await s.dealerView()).toMatchObject(withdrawn);
    expect(await s.adminView()).toMatchObject(withdrawn);
    // The stored paid flag follows the ledger (the admin's lists narrow on it): owed again, listed so.
    const storedPaid = async () =>
      (
        await ctx.db
          .select({ isPaid: transactions.isPaid })
          .from(transactions)
          .where(eq(transactions.id, s.id))
      )[0]!.isPaid;
    expect(await storedPaid()).toBe(false);
    const owedList = (await ctx.call('GET', `/api/transactions?owed=true&q=${s.id}`)).json();
    expect(owedList.items.map((t: { id: number }) => t.id)).toContain(s.id);
    // The refusal of a pickup now says what is owed.
    const today = dateInZone(new Date(), 'America/Chicago');
    const pickup = await s.step({ type: 'picked_up', on: today, by: 'Sam Driver' });
    expect(pickup.statusCode).toBe(409);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.event, 'pickup_ready'));
    const subjects = told
      .filter((n) => n.recipient === s.dealer.email)
      .map((n) => ('template' in n.payload ? n.payload.template : ''));
    expect(subjects).toContain('gate_pass_changed');
    // Settled: the same gate pass is valid again, and the dealer hears it.
    await s.payInFull();
    expect(await storedPaid()).toBe(true);
    expect(await s.dealerView()).toMatchObject({
      gatePassCode: code,
      gatePassWithdrawn: null,
      canRelease: true,
    });
    const again = (
      await ctx.db.select().from(notifications).where(eq(notifications.event, 'pickup_ready'))
    ).filter(
      (n) =>
        n.recipient === s.dealer.email &&
        'template' in n.payload &&
        n.payload.template === 'gate_pass_changed',
    );
    expect(again).toHaveLength(2);
  });

  it('a sale the admin marked completed reads completed for the dealer too', async () => {
    const s = await sale();
    expect(await s.dealerView()).toMatchObject({ status: 'pending', stage: 'awaiting_payment' });
    const done = await ctx.call('PATCH', `/api/transactions/${s.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', stage: 'completed' });
    expect(await s.dealerView()).toMatchObject({ status: 'completed', stage: 'completed' });
    // Still owed: the hold says so on both sides, in the same words.
    const dealer = await s.dealerView();
    expect(dealer.holdReason).toBe('money');
    expect((await s.adminView()).holdText).toBe(dealer.holdText);
    // Back to pending: the stage follows the money again.
    await ctx.call('PATCH', `/api/transactions/${s.id}`, { status: 'pending' });
    expect(await s.dealerView()).toMatchObject({ status: 'pending', stage: 'awaiting_payment' });
  });
});

describe('the timeline', () => {
  it('is append-only in the database', async () => {
    const s = await sale();
    await s.step({ type: 'title_received' });
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.db.execute(statement).then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(sql`update transaction_events set type = 'x' where transaction_id = ${s.id}`),
    ).toMatch(/append-only/);
    expect(await refusal(sql`delete from transaction_events where transaction_id = ${s.id}`)).toMatch(
      /append-only/,
    );
  });
});

describe('the bill of sale', () => {
  it('is generated for the admin and the buying dealer (pdftotext reads VIN, price, buyer, odometer), never for others', async () => {
    const s = await sale();
    const download = (cookie: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/transactions/${s.id}/bill-of-sale`, headers: { cookie } });
    const asAdmin = await download(ctx.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    const dir = scratchDir('bill-of-sale-');
    writeFileSync(join(dir, 'bos.pdf'), asAdmin.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'bos.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(s.vehicle.vin);
    expect(text).toContain('$10,000');
    expect(text).toContain(s.dealer.dealerName);
    expect(text).toContain('Odometer Disclosure Statement');
    expect(text).toMatch(/\[X\]\s+reflects the actual mileage/);
    // The terms wrap wherever the date's length puts the line end: read them as one line.
    expect(text.replace(/\s+/g, ' ')).toMatch(
      /Payment due within 3 business days, by [A-Z][a-z]{2} \d{1,2}, \d{4}\. A late fee of 3% of the price/,
    );
    execFileSync('pdftoppm', ['-png', '-r', '30', '-singlefile', join(dir, 'bos.pdf'), join(dir, 'page')]);
    expect(statSync(join(dir, 'page.png')).size).toBeGreaterThan(1000);
    rmSync(dir, { recursive: true, force: true });

    expect((await download(s.cookie)).statusCode).toBe(200);
    const other = await sale();
    expect((await download(other.cookie)).statusCode).toBe(404);

    // The admin states an odometer discrepancy: the next bill of sale certifies it instead.
    const stated = await s.step({ type: 'odometer_stated', status: 'not_actual' });
    expect(stated.json()).toMatchObject({ odometerStatus: 'not_actual' });
    expect(stated.json().timeline.at(-1).summary).toBe(
      'Odometer statement: Not the actual mileage (odometer discrepancy)',
    );
    const again = scratchDir('bill-of-sale-');
    writeFileSync(join(again, 'bos.pdf'), (await download(ctx.admin)).rawPayload);
    const restated = execFileSync('pdftotext', ['-layout', join(again, 'bos.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(restated).toMatch(/\[ \]\s+reflects the actual mileage/);
    expect(restated).toMatch(/\[X\]\s+is NOT the actual mileage/);
    rmSync(again, { recursive: true, force: true });
  });
});

describe('the admin reports', () => {
  it('filters overdue, title-late and unwind-requested sales, and ages unpaid ones in buckets', async () => {
    const fresh = await sale();
    const late = await sale();
    await backdate(late.id, 10);
    const ancient = await sale();
    await backdate(ancient.id, 40);
    const ids = async (filter: string) =>
      (await ctx.call('GET', `/api/transactions?filter=${filter}&limit=100`))
        .json()
        .items.map((t: { id: number }) => t.id);
    expect(await ids('overdue')).toEqual(expect.arrayContaining([late.id, ancient.id]));
    expect(await ids('overdue')).not.toContain(fresh.id);
    expect(await ids('title_late')).toContain(ancient.id);
    expect(await ids('title_late')).not.toContain(late.id);
    await ancient.dealerStep({ type: 'unwind_requested', reason: 'No title' });
    expect(await ids('unwind_requested')).toEqual([ancient.id]);
    expect((await ctx.call('GET', '/api/transactions?filter=everything')).statusCode).toBe(400);

    const aging = (await ctx.call('GET', '/api/transactions/aging')).json();
    expect(aging.buckets.map((b: { label: string }) => b.label)).toEqual([
      '0–3 days',
      '4–7 days',
      '8–14 days',
      '15+ days',
    ]);
    const [recent, , tenDays, old] = aging.buckets;
    expect(recent.count).toBeGreaterThanOrEqual(1);
    expect(tenDays.count).toBeGreaterThanOrEqual(1);
    expect(old.count).toBeGreaterThanOrEqual(1);
    // Overdue sales owe the late fee too (3 % in these terms).
    expect(Number(old.amount)).toBeGreaterThanOrEqual(10300);
    expect(aging.total.count).toBe(aging.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0));
  });

  it('exports sales as CSV that a real parser reads back, with formula-like cells escaped', async () => {
    const s = await sale();
    const evil = '=HYPERLINK("http://evil.example","Click")';
    await ctx.db.update(dealers).set({ dealerName: evil }).where(eq(dealers.id, s.dealer.id));
    const res = await ctx.call('GET', '/api/transactions/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.Transaction === String(s.id))!;
    expect(row).toMatchObject({
      Dealer: `'${evil}`,
      VIN: s.vehicle.vin,
      Price: '10000.00',
      Paid: '0.00',
      'Left to pay': '10000.00',
      'Paid in full': 'no',
      Title: 'Title absent',
      Pickup: 'Not ready',
    });
    expect(rows.length).toBe((await ctx.call('GET', '/api/transactions?limit=1')).json().total);
    // Dealers and the public cannot export.
    expect((await ctx.call('GET', '/api/transactions/export.csv', undefined, s.cookie)).statusCode).toBe(403);
  });
});

describe('guarantee claims', () => {
  /**
   * A sale of a premium-level car (it covers every category, no deductible) picked up today, with a
   * disclosed dent on the hood and a disclosed P0420 code.
   */
  async function pickedUp() {
    const s = await sale({ condition: premiumCertification(ctx.config.brand) });
    await ctx.db
      .update(vehicles)
      .set({
        damage: [{ panel: 'hood', type: 'dent', size: 'small', photoId: null, note: null }],
        warningLights: ['P0420'],
      })
      .where(eq(vehicles.id, s.vehicle.id));
    const today = dateInZone(new Date(), 'America/Chicago');
    await s.payInFull();
    await s.step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '8–5' });
    await s.step({ type: 'picked_up', on: today, by: 'Driver' });
    return s;
  }
  const claim = (extra: object) => ({
    type: 'claim_opened',
    description: 'Found after pickup',
    estimate: '850',
    ...extra,
  });

  it('refuses claims before pickup and on disclosed items; the admin denies, then adjusts the price', async () => {
    const before = await sale();
    expect((await before.dealerStep(claim({ category: 'mechanical' }))).json().message).toBe(
      'A claim can be opened within the guarantee window after pickup or delivery',
    );
    const s = await pickedUp();
    expect((await s.dealerView()).canOpenClaim).toBe(true);
    const disclosedDent = await s.dealerStep(claim({ category: 'body', panel: 'hood', damageType: 'dent' }));
    expect(disclosedDent.statusCode).toBe(409);
    expect(disclosedDent.json().message).toBe(
      'This was disclosed in the condition report and cannot be claimed',
    );
    expect((await s.dealerStep(claim({ category: 'warning_light', code: 'p0420' }))).statusCode).toBe(409);
    expect((await s.dealerStep(claim({ category: 'body' }))).statusCode).toBe(400);
    // Picked up at our gate: no carrier of ours moved it, so no damage-in-transit claim.
    expect((await s.dealerStep(claim({ category: 'transit_damage' }))).json().message).toBe(
      'Damage in transit can be claimed when our carrier delivered the vehicle',
    );

    const opened = await s.dealerStep(claim({ category: 'body', panel: 'roof', damageType: 'dent' }));
    expect(opened.statusCode, opened.body).toBe(200);
    const [first] = opened.json().claims;
    expect(first).toMatchObject({ category: 'body', status: 'open', estimate: '850.00' });
    expect(opened.json().canOpenClaim).toBe(false);
    expect((await s.dealerStep(claim({ category: 'mechanical' }))).json().message).toBe(
      'A claim is already open for this sale',
    );
    expect((await messagesFor('claim_opened')).length).toBeGreaterThan(0);
    expect(
      (await ctx.call('GET', '/api/transactions?filter=open_claims&limit=100'))
        .json()
        .items.map((t: { id: number }) => t.id),
    ).toContain(s.id);

    const denied = await s.step({
      type: 'claim_answered',
      claimId: first.id,
      decision: 'denied',
      reason: 'Pre-existing, see photo 4',
    });
    expect(denied.json().claims[0]).toMatchObject({ status: 'denied', answer: 'Pre-existing, see photo 4' });
    expect(await messagesFor('claim_answered')).toContain(s.dealer.email);
    expect(
      (
        await s.step({ type: 'claim_answered', claimId: first.id, decision: 'denied', reason: 'again' })
      ).json().message,
    ).toBe('There is no open claim with this id');

    const second = (await s.dealerStep(claim({ category: 'mechanical' }))).json().claims[1];
    expect(
      (await s.step({ type: 'claim_answered', claimId: second.id, decision: 'adjusted', reason: 'Fair' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await s.step({
          type: 'claim_answered',
          claimId: second.id,
          decision: 'adjusted',
          reason: 'x',
          amount: '10000.01',
        })
      ).json().message,
    ).toBe('The adjustment cannot be more than the price');
    const adjusted = await s.step({
      type: 'claim_answered',
      claimId: second.id,
      decision: 'adjusted',
      reason: 'Half the estimate',
      amount: '425',
    });
    // After payment in full, the adjustment is a credit: the marketplace owes the dealer $425.
    expect(adjusted.json()).toMatchObject({
      adjustments: '425.00',
      amountDue: '9575.00',
      balance: '-425.00',
      refundOwed: '425.00',
      paidInFull: true,
      stage: 'refund_owed',
    });
    expect(adjusted.json().ledger.at(-1)).toMatchObject({ kind: 'credit', amount: '425.00' });
    expect(adjusted.json().timeline.at(-1).summary).toBe(
      'Claim answered: Price adjusted $425. Half the estimate',
    );
    expect(await s.dealerView()).toMatchObject({ balance: '-425.00', refundOwed: '425.00' });
    // The admin settles it: no more than what is owed, then the ledger is square.
    const today = dateInZone(new Date(), 'America/Chicago');
    const refund = (amount: string) =>
      s.step({ type: 'refund_recorded', amount, method: 'ach', reference: 'R-9', paidOn: today });
    expect((await refund('425.01')).json().message).toBe(
      'This refund is more than what is owed to the dealer',
    );
    const settled = await refund('$425');
    expect(settled.json()).toMatchObject({
      refunded: '425.00',
      balance: '0.00',
      refundOwed: '0.00',
      paidInFull: true,
      stage: 'picked_up',
    });
    expect(settled.json().timeline.at(-1).summary).toBe(
      `Refund of $425 paid to the dealer by ACH (ref. R-9) on ${formatDay(today)}`,
    );
    expect((await refund('1')).json().message).toBe('Nothing is owed to the dealer');
  });

  it('unwinds the sale on a claim: cancelled, listed again, final', async () => {
    const s = await pickedUp();
    const opened = await s.dealerStep(
      claim({ category: 'frame', description: 'Frame rail repaired, not disclosed' }),
    );
    const claimId = opened.json().claims[0].id;
    const unwound = await s.step({
      type: 'claim_answered',
      claimId,
      decision: 'unwound',
      reason: 'Undisclosed frame repair',
    });
    expect(unwound.statusCode, unwound.body).toBe(200);
    // A paid sale unwound: the price is taken back and the whole payment is owed back.
    expect(unwound.json()).toMatchObject({
      cancelled: true,
      isPaid: false,
      paidInFull: false,
      balance: '-10000.00',
      refundOwed: '10000.00',
      stage: 'refund_owed',
    });
    expect(
      unwound
        .json()
        .timeline.slice(-2)
        .map((e: { type: string }) => e.type),
    ).toEqual(['claim_answered', 'cancelled']);
    expect(await publicIds(ctx.app)).toContain(s.vehicle.id);
    expect((await s.dealerStep(claim({ category: 'other' }))).json().message).toBe(
      'This transaction was cancelled and can no longer be changed',
    );
    // Cancelled is final, except for paying back what is owed.
    const today = dateInZone(new Date(), 'America/Chicago');
    const refunded = await s.step({
      type: 'refund_recorded',
      amount: '10000',
      method: 'wire',
      paidOn: today,
    });
    expect(refunded.json(), refunded.body).toMatchObject({
      balance: '0.00',
      refundOwed: '0.00',
      stage: 'cancelled',
    });
  });

  it('closes the window after the guarantee days', async () => {
    const s = await sale();
    await backdate(s.id, 30);
    const delivered = dateInZone(new Date(Date.now() - 20 * 24 * 60 * 60 * 1000), 'America/Chicago');
    const refused = await s.step({
      type: 'delivered',
      on: addBusinessDays(dateInZone(new Date(), 'America/Chicago'), 1),
      carrier: 'Acme',
    });
    expect(refused.json().message).toBe('The date cannot be in the future');
    await s.payInFull();
    await s.step({ type: 'delivered', on: delivered, carrier: 'Acme Transport' });
    const view = await s.dealerView();
    expect(dateInZone(new Date(view.guaranteeEndsAt), 'America/Chicago')).toBe(addBusinessDays(delivered, 7));
    expect(view.canOpenClaim).toBe(false);
    expect((await s.dealerStep(claim({ category: 'other' }))).statusCode).toBe(409);
  });
});

describe('claim photos', () => {
  const jpeg = () =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
  const uploadClaimPhoto = async (cookie: string) => uploadPhoto(ctx.app, cookie, await jpeg());

  it('attaches the dealer’s own uploaded photos to the claim, and keeps them from housekeeping', async () => {
    const s = await sale();
    const today = dateInZone(new Date(), 'America/Chicago');
    await s.payInFull();
    await s.step({ type: 'delivered', on: today, carrier: 'Acme Transport' });
    const mine = await uploadClaimPhoto(s.cookie);
    const other = await sale();
    const theirs = await uploadClaimPhoto(other.cookie);
    const base = {
      type: 'claim_opened',
      category: 'mechanical',
      description: 'Transmission slips',
      estimate: '1800',
    };
    const foreign = await s.dealerStep({ ...base, photoIds: [mine, theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'Upload the claim photos first (a photo can belong to one claim only)',
    );

    const opened = await s.dealerStep({ ...base, photoIds: [mine] });
    expect(opened.statusCode, opened.body).toBe(200);
    const [photo] = opened.json().claims[0].photos;
    expect(photo.id).toBe(mine);
    expect((await ctx.app.inject({ url: photo.src })).statusCode).toBe(200);
    expect((await s.adminView()).claims[0].photos.map((p: { id: number }) => p.id)).toEqual([mine]);

    // A day later the housekeeping deletes unattached photos, but not a claim's.
    await ctx.db
      .update(vehiclePhotos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(vehiclePhotos.id, [mine, theirs]));
    const deleted = await runHousekeeping(ctx.database, {
      uploadsDir: ctx.config.uploadsDir,
      photos: {
        uploadsDir: ctx.app.photos.uploadsDir,
        deleteFiles: (key) => ctx.app.photos.deleteFiles(key),
      },
    });
    expect(deleted?.photos).toBe(1);
    expect((await s.dealerView()).claims[0].photos).toHaveLength(1);
  });

  it('names the dealer’s uploaded video, and refuses a URL that is not ours', async () => {
    const s = await sale();
    await s.payInFull();
    await s.step({ type: 'delivered', on: dateInZone(new Date(), 'America/Chicago'), carrier: 'Acme' });
    const base = {
      type: 'claim_opened',
      category: 'mechanical',
      description: 'Noise at idle',
      estimate: '300',
    };
    const stranger = await s.dealerStep({ ...base, videoUrl: 'https://evil.example/v.mp4' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('Upload the claim video first');
    const videoUrl = await uploadVideo(ctx.app, s.cookie);
    const opened = await s.dealerStep({ ...base, videoUrl });
    expect(opened.json().claims[0].videoUrl).toBe(videoUrl);
  });
});
