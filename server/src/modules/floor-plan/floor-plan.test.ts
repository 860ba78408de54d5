import { dateInZone } from '@contracts/business-days';
import { FLOOR_PLAN_TEXT } from '@contracts/delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import { LENDER_TEST, signedWebhook, startFakeLender } from '../../../test/fake-carrier';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { auditLog, notifications, transactions, vehicles } from '../../db/schema';
import { sendIntegrations } from '../integrations/integration-outbox';
import { lenderHandlers } from './floor-plan-requests';
import { lenderApi } from './lender-api';

/** Paying with a floor-plan line (issue #32, docs/design.md §15) through a NextGear-style lender faked at the wire. */

let lender: Awaited<ReturnType<typeof startFakeLender>>;
beforeAll(async () => {
  lender = await startFakeLender();
});
afterAll(() => lender.close());

const ZONE = 'America/Chicago';
const ctx = withApp({
  env: () => ({
    SALE_TIME_ZONE: ZONE,
    LENDER_API_URL: lender.url,
    LENDER_API_KEY: LENDER_TEST.apiKey,
    LENDER_WEBHOOK_SECRET: LENDER_TEST.webhookSecret,
    INTEGRATION_INTERVAL_MS: '3600000',
  }),
  signIn: ['admin'],
});

const send = () => sendIntegrations(ctx.db, lenderHandlers(ctx.db, lenderApi(ctx.config.lender!)));

async function dealership() {
  const { dealer, code } = await dealerWithCode(ctx.db, {
    dealer: { address: '1 Main St, Oklahoma City, OK 73102' },
  });
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  const line = await ctx.call(
    'POST',
    '/api/dealer/floor-plan-lines',
    { lender: 'nextgear', accountNumber: 'NG-778214' },
    cookie,
  );
  expect(line.statusCode, line.body).toBe(201);
  return { dealer, code, cookie, lineId: line.json().id as number };
}

const buy = (code: string, vehicleId: number, extras: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/verify-code',
    payload: { code, vehicleId, ...extras },
    remoteAddress: nextAddress(),
  });
const view = async (cookie: string, id: number) =>
  (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
    .json()
    .find((t: { id: number }) => t.id === id);

let serial = 0;
const lenderEvent = (id: string, type: string, request: object = {}) => ({
  event_id: `ng-${++serial}`,
  type,
  occurred_at: new Date().toISOString(),
  request: { id, ...request },
});
const webhook = (event: unknown, secret = LENDER_TEST.webhookSecret) => {
  const signed = signedWebhook(secret, event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/lender',
    headers: signed.headers,
    payload: signed.payload,
  });
};

describe('floor-plan lines', () => {
  it('are the dealership’s own, kept by owners, the number shown by its last four only', async () => {
    const d = await dealership();
    const lines = (await ctx.call('GET', '/api/dealer/floor-plan-lines', undefined, d.cookie)).json();
    expect(lines).toEqual([
      expect.objectContaining({ lender: 'nextgear', last4: '8214', label: 'NextGear Capital ••••8214' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('778214');
    const duplicate = await ctx.call(
      'POST',
      '/api/dealer/floor-plan-lines',
      { lender: 'nextgear', accountNumber: 'ng-778214' },
      d.cookie,
    );
    expect(duplicate.json().message).toBe(FLOOR_PLAN_TEXT.lineDuplicate);
    expect(
      (
        await ctx.call(
          'POST',
          '/api/dealer/floor-plan-lines',
          { lender: 'nextgear', accountNumber: '12' },
          d.cookie,
        )
      ).json().message,
    ).toBe(FLOOR_PLAN_TEXT.accountNumber);
    // A buyer of the team reads the lines but may not change them.
    const buyer = await insertMember(ctx.db, { dealerId: d.dealer.id, role: 'buyer' });
    const buyerCookie = await signInMember(ctx.app, buyer.email, MEMBER_PASSWORD);
    expect(
      (await ctx.call('GET', '/api/dealer/floor-plan-lines', undefined, buyerCookie)).json(),
    ).toHaveLength(1);
    const refused = await ctx.call(
      'DELETE',
      `/api/dealer/floor-plan-lines/${d.lineId}`,
      undefined,
      buyerCookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FLOOR_PLAN_TEXT.ownersOnly);
    // Another dealership neither sees nor removes it.
    const other = await dealership();
    expect(
      (await ctx.call('DELETE', `/api/dealer/floor-plan-lines/${d.lineId}`, undefined, other.cookie))
        .statusCode,
    ).toBe(404);
    // The audit trail names the line by its last four, never the account.
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'floor_plan_line'));
    expect(JSON.stringify(audit)).not.toContain('778214');
  });
});

describe('paying with a line', () => {
  it('refuses another dealership’s line and sells nothing', async () => {
    const mine = await dealership();
    const theirs = await dealership();
    const car = await insertVehicle(ctx.db, { price: '12000.00' });
    const res = await buy(mine.code, car.id, { floorPlanLineId: theirs.lineId });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(FLOOR_PLAN_TEXT.lineNotFound);
    const [after] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, car.id));
    expect(after!.status).toBe('active');
    expect(await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, car.id))).toHaveLength(
      0,
    );
  });

  it('asks the lender for what is owed; approval releases, funding pays, the title goes to the lender', async () => {
    const d = await dealership();
    const car = await insertVehicle(ctx.db, { price: '15000.00' });
    const res = await buy(d.code, car.id, {
      floorPlanLineId: d.lineId,
      transport: { toZip: '73102', address: '1 Bricktown Ave, Oklahoma City' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().transactionId as number;
    let sale = await view(d.cookie, id);
    const owed = sale.balance as string;
    expect(Number(owed)).toBeGreaterThan(15000);
    expect(sale.floorPlan).toMatchObject({ status: 'requested', amount: owed, arrangedBy: 'lender' });
    expect(sale).toMatchObject({ canRelease: false, stage: 'awaiting_payment' });
    expect(sale.transport.status).toBe('awaiting_release');
    // Not released: a gate pass is refused, naming what is owed.
    const gate = await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'pickup_ready',
      address: 'Lot 4',
      hours: '9-5',
    });
    expect(gate.statusCode).toBe(409);

    // The outbox asks the lender: the whole account number, the amount owed, the car.
    expect(await send()).toMatchObject({ sent: 1, failed: 0 });
    const [asked] = [...lender.requests.values()].filter(
      (r) => r.body.dealer_reference === `DM-FP${sale.floorPlan.requestId}`,
    );
    expect(asked!.body).toMatchObject({
      account_number: 'NG-778214',
      amount: owed,
      currency: 'USD',
      vehicle: { vin: car.vin },
    });

    // Bad signature and unknown request change nothing.
    expect(
      (await webhook(lenderEvent(asked!.id, 'request.approved'), 'wrong-secret-0123456789')).statusCode,
    ).toBe(401);
    expect((await webhook(lenderEvent('NG-999999', 'request.approved'))).statusCode).toBe(404);
    // Funding before approval is refused, nothing changed.
    const early = await webhook(lenderEvent(asked!.id, 'request.funded', { funding_reference: 'F-1' }));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(FLOOR_PLAN_TEXT.notApproved);

    // Approved (sent twice: once applied): the car may go, the waiting transport is released.
    const approved = lenderEvent(asked!.id, 'request.approved', {
      approval_number: 'AP-5521',
      approved_amount: owed,
    });
    expect((await webhook(approved)).statusCode).toBe(200);
    expect((await webhook(approved)).statusCode).toBe(200);
    sale = await view(d.cookie, id);
    expect(sale).toMatchObject({ canRelease: true, stage: 'lender_approved', paidInFull: false });
    expect(sale.floorPlan).toMatchObject({ status: 'approved', reference: 'AP-5521' });
    expect(sale.transport.status).toBe('unassigned');
    expect(sale.timeline.filter((e: { type: string }) => e.type === 'floor_plan_approved')).toHaveLength(1);
    // A second, different answer for a decided request: refused, nothing changed.
    const late = await webhook(lenderEvent(asked!.id, 'request.declined', { decline_reason: 'Credit hold' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(FLOOR_PLAN_TEXT.alreadyDecided('Approved by the lender'));
    expect((await view(d.cookie, id)).floorPlan.status).toBe('approved');

    // Funded: a payment by floor plan on the ledger; the sale is paid, the flag follows.
    expect(
      (await webhook(lenderEvent(asked!.id, 'request.funded', { funding_reference: 'FD-88' }))).statusCode,
    ).toBe(200);
    sale = await view(d.cookie, id);
    expect(sale).toMatchObject({ paidInFull: true, isPaid: true, balance: '0.00' });
    expect(sale.ledger.at(-1)).toMatchObject({
      kind: 'payment',
      method: 'floor_plan',
      reference: 'FD-88',
      amount: owed,
    });
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row!.isPaid).toBe(true);

    // The title goes to the lender, with carrier and tracking, through the outbox.
    await ctx.call('POST', `/api/transactions/${id}/events`, { type: 'title_received', withDeal: true });
    const sent = await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'title_sent',
      carrier: 'FedEx',
      trackingNumber: '7789 1234 5566',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().timeline.at(-1).summary).toContain('floor-plan lender (NextGear Capital ••••8214)');
    expect(await send()).toMatchObject({ sent: 1 });
    expect(lender.requests.get(asked!.id)!.title).toEqual({
      carrier: 'FedEx',
      tracking_number: '7789 1234 5566',
    });

    // The billing contact heard of each decision.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.event, 'floor_plan_update'));
    expect(told.filter((n) => n.recipient === d.dealer.billingContactEmail)).toHaveLength(2);
  });

  it('after a decline the sale stays unreleased and another line may be tried', async () => {
    const d = await dealership();
    const car = await insertVehicle(ctx.db, { price: '7000.00' });
    const id = (await buy(d.code, car.id, { floorPlanLineId: d.lineId })).json().transactionId as number;
    await send();
    const requestId = (await view(d.cookie, id)).floorPlan.requestId;
    const lenderId = [...lender.requests.values()].find(
      (r) => r.body.dealer_reference === `DM-FP${requestId}`,
    )!.id;
    await webhook(lenderEvent(lenderId, 'request.declined', { decline_reason: 'Line over its limit' }));
    let sale = await view(d.cookie, id);
    expect(sale.floorPlan).toMatchObject({ status: 'declined', reason: 'Line over its limit' });
    expect(sale).toMatchObject({ canRelease: false, stage: 'awaiting_payment' });
    const afc = await ctx.call(
      'POST',
      '/api/dealer/floor-plan-lines',
      { lender: 'afc', accountNumber: 'AFC-55310' },
      d.cookie,
    );
    const retry = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/floor-plan`,
      { lineId: afc.json().id },
      d.cookie,
    );
    expect(retry.statusCode, retry.body).toBe(200);
    sale = retry.json();
    expect(sale.floorPlan).toMatchObject({
      status: 'requested',
      label: 'AFC (Automotive Finance Corporation) ••••5310',
    });
    // One live request at a time.
    const twice = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/floor-plan`,
      { lineId: d.lineId },
      d.cookie,
    );
    expect(twice.json().message).toBe(FLOOR_PLAN_TEXT.alreadyRequested);
    // Paid in cash meanwhile? Nothing is owed, nothing to floor.
    const cash = await dealership();
    const car2 = await insertVehicle(ctx.db, { price: '5000.00' });
    const id2 = (await buy(cash.code, car2.id, {})).json().transactionId as number;
    await ctx.call('POST', `/api/transactions/${id2}/events`, {
      type: 'payment_recorded',
      amount: '5000',
      method: 'wire',
      reference: 'W',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    const none = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id2}/floor-plan`,
      { lineId: cash.lineId },
      cash.cookie,
    );
    expect(none.json().message).toBe(FLOOR_PLAN_TEXT.nothingOwed);
  });
});
