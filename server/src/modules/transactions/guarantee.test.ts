import { execFileSync } from 'node:child_process';
import { premiumCertification } from '@contracts/brand';
import { dateInZone } from '@contracts/business-days';
import { dealerItemPath } from '@contracts/dealer-dashboard';
import { guaranteeLines } from '@contracts/guarantee';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode, madeOffer } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import {
  appSettings,
  guaranteeClocksSettled,
  type NotificationPayload,
  notifications,
  transactionEvents,
  transactions,
} from '../../db/schema';
import { GUARANTEE_TERMS_SETTING } from '../../lib/sale-terms-setting';
import { messageContextOf } from '../notifications/notification-messages';
import { renderPayload } from '../notifications/render-message';
import { remindGuaranteeEnding } from './remind-guarantee-ending';

/**
 * The guarantee per certification level and its clock through the API (issue #48, ADR 0040): the
 * terms a sale is made under are its level's, snapshotted, and read the same on the vehicle page's
 * data, the buying dialog's, the sale views and the bill of sale; the reminder goes once.
 */

const ZONE = 'America/Chicago';
const ctx = withApp({
  env: {
    SALE_TIME_ZONE: ZONE,
    GUARANTEE_AUCTION_DEDUCTIBLE: '300',
    GUARANTEE_PREMIUM_COVERED: 'engine,odometer',
  },
  signIn: ['admin'],
});

const dealerView = async (cookie: string, id: number) =>
  (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
    .json()
    .find((t: { id: number }) => t.id === id);
const adminView = async (id: number) =>
  (await ctx.call('GET', '/api/transactions?limit=100'))
    .json()
    .items.find((t: { id: number }) => t.id === id);
const billText = async (id: number) => {
  const bill = await ctx.call('GET', `/api/transactions/${id}/bill-of-sale`);
  expect(bill.statusCode).toBe(200);
  return execFileSync('pdftotext', ['-', '-'], { input: bill.rawPayload, encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
};

describe('guarantee terms per certification level', () => {
  it('snapshots the level’s terms at Buy Now and at an accepted offer, shown the same everywhere; later changes apply to new sales only', async () => {
    // What the vehicle page and the buying dialogs read: the terms in force, per level.
    const preview = (await ctx.call('GET', '/api/sale-terms')).json();
    expect(preview.guarantees.auction).toMatchObject({ level: 'auction', deductible: '300.00', days: 7 });
    expect(preview.guarantees.premium).toMatchObject({
      level: 'premium',
      label: premiumCertification(ctx.config.brand),
      covered: ['engine', 'odometer'],
    });

    // Buy Now of an Auction Certified car.
    const auctionCar = await insertVehicle(ctx.db, { price: '9000.00' });
    const a = await dealerWithCode(ctx.db);
    const bought = await boughtNow(ctx.app, a.code, auctionCar.id);
    const cookieA = await signIn(ctx.app, 'dealer', { dealerName: a.dealer.dealerName, buyCode: a.code });
    const sold = await dealerView(cookieA, bought);
    expect(sold.terms.guarantee).toEqual(preview.guarantees.auction);
    expect(sold.terms.guaranteeDays).toBe(7);
    expect((await adminView(bought)).terms.guarantee).toEqual(preview.guarantees.auction);
    // Not handed over yet: the clock waits.
    expect(sold.guarantee).toMatchObject({ state: 'not_started', endsOn: null, daysLeft: null });
    // The bill of sale prints the same lines, and no "as is".
    const text = await billText(bought);
    for (const line of guaranteeLines(preview.guarantees.auction)) expect(text).toContain(line);
    expect(text).toContain('deductible: $300 per claim');
    expect(text).not.toContain('sold as is');

    // An accepted offer on a premium car: the premium terms.
    const premiumCar = await insertVehicle(ctx.db, {
      price: '20000.00',
      condition: premiumCertification(ctx.config.brand),
    });
    const p = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, premiumCar.id, p.code, { amount: '19000' });
    const accepted = await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [offerSale] = await ctx.db.select().from(transactions).where(eq(transactions.offerId, offerId));
    expect(offerSale!.terms.guarantee).toEqual(preview.guarantees.premium);
    expect(await billText(offerSale!.id)).toContain('Covered: Engine, Odometer');

    // The configuration changes (a restart with other GUARANTEE_*): new sales only.
    const shorter = { ...preview.guarantees, auction: { ...preview.guarantees.auction, days: 3 } };
    await ctx.db
      .update(appSettings)
      .set({ value: JSON.stringify(shorter) })
      .where(eq(appSettings.key, GUARANTEE_TERMS_SETTING));
    try {
      expect((await ctx.call('GET', '/api/sale-terms')).json().guarantees.auction.days).toBe(3);
      expect((await dealerView(cookieA, bought)).terms.guarantee.days).toBe(7);
      const later = await insertVehicle(ctx.db, { price: '9000.00' });
      const b = await dealerWithCode(ctx.db);
      const [laterSale] = await ctx.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, await boughtNow(ctx.app, b.code, later.id)));
      expect(laterSale!.terms).toMatchObject({ guaranteeDays: 3, guarantee: { days: 3 } });
    } finally {
      await ctx.db
        .update(appSettings)
        .set({ value: JSON.stringify(preview.guarantees) })
        .where(eq(appSettings.key, GUARANTEE_TERMS_SETTING));
    }
  });
});

describe('the guarantee clock on the sale', () => {
  it('starts at pickup, shows the days left on both views, and reminds the dealer once, through the outbox, near its end', async () => {
    const car = await insertVehicle(ctx.db, { price: '9000.00' });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const id = await boughtNow(ctx.app, code, car.id);
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const step = (body: object) => ctx.call('POST', `/api/transactions/${id}/events`, body);
    const today = dateInZone(new Date(), ZONE);
    const balance = (await adminView(id)).balance;
    expect(
      (
        await step({
          type: 'payment_recorded',
          amount: balance,
          method: 'wire',
          reference: 'W-9',
          receivedOn: today,
        })
      ).statusCode,
    ).toBe(200);
    expect((await step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '8–5' })).statusCode).toBe(200);
    const picked = await step({ type: 'picked_up', on: today, by: 'Driver' });
    expect(picked.statusCode, picked.body).toBe(200);

    const view = await dealerView(cookie, id);
    expect(view.guarantee).toMatchObject({ state: 'running', startsOn: today, pausedDays: 0, daysLeft: 7 });
    expect(view.guarantee.text).toMatch(
      /^Guarantee: 7 business days left \(until [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/,
    );
    expect((await adminView(id)).guarantee).toEqual(view.guarantee);
    expect(dateInZone(new Date(view.guaranteeEndsAt), ZONE)).toBe(view.guarantee.endsOn);
    expect(view.canOpenClaim).toBe(true);

    const reminders = () =>
      ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.event, 'guarantee_ending'),
            like(notifications.idempotencyKey, `guarantee_ending:${id}:%`),
          ),
        );
    // Seven business days left: nothing yet.
    await remindGuaranteeEnding(ctx.db);
    expect(await reminders()).toHaveLength(0);
    // On the end day (noon in the zone), once, however often the job runs; read a sale at a time
    // (the job reads them in parts), the same.
    const endDay = new Date(`${view.guarantee.endsOn}T18:00:00Z`);
    expect((await remindGuaranteeEnding(ctx.db, endDay, { part: 1 })).told).toBeGreaterThanOrEqual(1);
    const sent = await reminders();
    expect(sent.map((n) => n.recipient)).toContain(dealer.email);
    await remindGuaranteeEnding(ctx.db, endDay);
    await remindGuaranteeEnding(ctx.db, new Date(endDay.getTime() - 86_400_000));
    expect(await reminders()).toHaveLength(sent.length);
    const message = renderPayload(messageContextOf(ctx.config), sent[0]!.payload as NotificationPayload);
    expect(message.link).toContain(dealerItemPath('sale', id));
    expect(message.text).toContain('today is the last day');
  });

  it('notes a clock found settled with its steps and reads that sale again only once a step is added (issue #47)', async () => {
    const car = await insertVehicle(ctx.db, { price: '9000.00' });
    const { code } = await dealerWithCode(ctx.db);
    const id = await boughtNow(ctx.app, code, car.id);
    const step = async (body: object) =>
      expect((await ctx.call('POST', `/api/transactions/${id}/events`, body)).statusCode).toBe(200);
    const today = dateInZone(new Date(), ZONE);
    const { balance } = await adminView(id);
    await step({
      type: 'payment_recorded',
      amount: balance,
      method: 'wire',
      reference: 'W-10',
      receivedOn: today,
    });
    await step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '8–5' });
    await step({ type: 'picked_up', on: today, by: 'Driver' });
    const note = async () =>
      (
        await ctx.db.select().from(guaranteeClocksSettled).where(eq(guaranteeClocksSettled.transactionId, id))
      )[0];
    const steps = async () =>
      (await ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id))).length;

    // Running: read and not noted.
    expect((await remindGuaranteeEnding(ctx.db)).read).toBeGreaterThanOrEqual(1);
    expect(await note()).toBeUndefined();
    // A pass a month on (never reminded: no pass ran near its end): closed, nobody told, noted.
    const later = new Date(Date.now() + 31 * 86_400_000);
    await remindGuaranteeEnding(ctx.db, later);
    const first = await note();
    expect(first).toMatchObject({ state: 'closed', steps: await steps() });
    // The next pass does not read it: its note is left as it was.
    const unread = await remindGuaranteeEnding(ctx.db, later);
    expect(await note()).toEqual(first);
    // A step added: read again, noted with the new count.
    await step({ type: 'title_received', withDeal: true });
    const again = await remindGuaranteeEnding(ctx.db, later);
    expect(again.read).toBe(unread.read + 1);
    const second = await note();
    expect(second).toMatchObject({ state: 'closed', steps: first!.steps + 1 });
    expect(second!.checkedAt.getTime()).toBeGreaterThan(first!.checkedAt.getTime());
    expect(again.told).toBe(0);
  });
});
