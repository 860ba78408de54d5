import { premiumCertification } from '@contracts/brand';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { coveredCategories } from '@contracts/claim-coverage';
import { AUCTION_CERTIFIED } from '@contracts/limits';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode, publicIds } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import {
  liveEvents,
  type NotificationPayload,
  notifications,
  transactions,
  vehicles,
  workOrders,
} from '../../db/schema';
import { findLiveEventsAfter } from '../live/find-live-events';
import { messageContextOf } from '../notifications/notification-messages';
import { renderPayload } from '../notifications/render-message';
import { ledgerLine } from './bill-of-sale';
import { enforceClaimDeadlines } from './claim-deadlines';
import { enforceClaimPayments } from './claim-payments';

/** A claim becomes a case (issue #48, docs/decisions/0041-claim-cases.md), through the API. */

const zone = 'America/Chicago';
const ctx = withApp({ env: { SALE_TIME_ZONE: zone }, signIn: ['admin'] });
const today = () => dateInZone(new Date(), zone);

/** A $10,000 sale, paid and picked up today, with a claim opened by its dealer. */
async function claimed(extra: object = {}, car: Parameters<typeof insertVehicle>[1] = {}) {
  const s = await pickedUp(car);
  const opened = await s.dealerStep({
    type: 'claim_opened',
    category: 'mechanical',
    description: 'Transmission slips',
    estimate: '1200',
    ...extra,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const claimId: number = opened.json().claims[0].id;
  return { ...s, claimId };
}

/** A $10,000 sale, paid and picked up today (a dent on the hood disclosed), signed in as its dealer. */
async function pickedUp(car: Parameters<typeof insertVehicle>[1] = {}) {
  const vehicle = await insertVehicle(ctx.db, { price: '10000.00', ...car });
  // A dent on the hood disclosed in the condition report.
  await ctx.db
    .update(vehicles)
    .set({ damage: [{ panel: 'hood', type: 'dent', size: 'small', photoId: null, note: null }] })
    .where(eq(vehicles.id, vehicle.id));
  const { dealer, code } = await dealerWithCode(ctx.db);
  const id = await boughtNow(ctx.app, code, vehicle.id);
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  const step = (body: object) => ctx.call('POST', `/api/transactions/${id}/events`, body);
  const dealerStep = (body: object) =>
    ctx.call('POST', `/api/dealer/transactions/${id}/events`, body, cookie);
  const dealerView = async () =>
    (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
      .json()
      .find((t: { id: number }) => t.id === id);
  const adminView = async () =>
    (await ctx.call('GET', `/api/transactions?limit=100`))
      .json()
      .items.find((t: { id: number }) => t.id === id);
  await step({
    type: 'payment_recorded',
    amount: '10000',
    method: 'wire',
    reference: 'W',
    receivedOn: today(),
  });
  await step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '8–5' });
  await step({ type: 'picked_up', on: today(), by: 'Driver' });
  return { vehicle, dealer, cookie, id, step, dealerStep, dealerView, adminView };
}

/** The e-mails of an event in the outbox, to one address or to anyone. */
const told = async (event: string, to?: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.event, event))).filter(
    (n) => n.channel === 'email' && (to === undefined || n.recipient === to),
  );

describe('a claim case', () => {
  it('takes evidence against report lines until complete, then is decided within the deadline: the same credit in the sale, ledger, CSV and insights', async () => {
    // The premium level: it covers undisclosed damage and takes no deductible.
    const s = await claimed({}, { condition: premiumCertification(ctx.config.brand) });
    const first = (await s.dealerView()).claims[0];
    expect(first.case).toMatchObject({
      stage: 'awaiting_evidence',
      evidenceDueOn: addBusinessDays(today(), 2),
      dueOn: addBusinessDays(today(), 2),
      businessDaysLeft: 2,
    });
    // A line the condition report disclosed (the factory's hood dent) is refused, as at opening.
    const disclosed = await s.dealerStep({
      type: 'claim_evidence_added',
      claimId: s.claimId,
      section: 'damage',
      panel: 'hood',
      damageType: 'dent',
      estimate: '300',
    });
    expect(disclosed.statusCode).toBe(409);
    expect(disclosed.json().message).toBe('This was disclosed in the condition report and cannot be claimed');
    const empty = await s.dealerStep({
      type: 'claim_evidence_added',
      claimId: s.claimId,
      section: 'undisclosed',
    });
    expect(empty.statusCode).toBe(400);
    const added = await s.dealerStep({
      type: 'claim_evidence_added',
      claimId: s.claimId,
      section: 'damage',
      panel: 'roof',
      damageType: 'dent',
      estimate: '1500',
      note: 'Shop quote',
      complete: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    const claim = added.json().claims[0];
    expect(claim).toMatchObject({ section: 'damage', estimate: '1500.00' });
    expect(claim.evidence[0]).toMatchObject({ line: 'Roof: Dent', estimate: '1500.00', note: 'Shop quote' });
    expect(claim.case).toMatchObject({
      stage: 'awaiting_decision',
      evidenceCompleteOn: today(),
      decisionDueOn: addBusinessDays(today(), 3),
    });
    expect((await told('claim_evidence_added')).length).toBeGreaterThan(0);
    // Complete: no more evidence.
    expect(
      (
        await s.dealerStep({
          type: 'claim_evidence_added',
          claimId: s.claimId,
          section: 'undisclosed',
          estimate: '1',
        })
      ).json().message,
    ).toBe('The evidence of this claim is already complete');

    const decided = await s.step({
      type: 'claim_answered',
      claimId: s.claimId,
      decision: 'adjusted',
      reason: 'Roof dent missed at inspection',
      amount: '640.50',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const state = await s.dealerView();
    expect(state.claims[0].case).toMatchObject({
      stage: 'decided',
      decidedWithinSla: true,
      businessDaysToDecision: 0,
      payDueOn: addBusinessDays(today(), 3),
    });
    expect(state.ledger.at(-1)).toMatchObject({ kind: 'credit', amount: '640.50' });
    expect(state.deal.credits).toBe('640.50');
    expect(state.refundOwed).toBe('640.50');
    expect((await s.adminView()).claims[0].case.stage).toBe('decided');
    const csv = parse((await ctx.call('GET', '/api/transactions/export.csv')).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(csv.find((r) => r.Transaction === String(s.id))).toMatchObject({
      Credits: '640.50',
      'Refund owed': '640.50',
    });
    const insights = (await ctx.call('GET', `/api/insights?dealerId=${s.dealer.id}`)).json();
    const figure = (key: string) => insights.figures.find((f: { key: string }) => f.key === key)?.value;
    expect(figure('claimsDecided')).toBe(1);
    expect(figure('claimCredits')).toBe('640.50');
    expect(figure('claimsWithinSla')).toBe(100);
    expect(figure('claimDecisionDays')).toBe(0);
    const rows = insights.charts.find((c: { id: string }) => c.id === 'claims').rows;
    // A row per certification and report section; this claim's in its own.
    expect(rows).toHaveLength(8);
    expect(rows.filter((r: { decided: number }) => r.decided > 0)).toEqual([
      expect.objectContaining({
        section: 'Damage',
        decided: 1,
        adjusted: 1,
        credits: '640.50',
        withinSla: 100,
      }),
    ]);
  });

  it('closes a case whose dealer missed the evidence deadline, once; the case is never decided', async () => {
    const s = await claimed();
    expect((await enforceClaimDeadlines(ctx.db)).closed).toBe(0);
    const later = new Date(Date.now() + 6 * 86_400_000);
    const firstPass = await enforceClaimDeadlines(ctx.db, later);
    expect(firstPass.closed).toBeGreaterThanOrEqual(1);
    await enforceClaimDeadlines(ctx.db, later);
    const view = await s.dealerView();
    expect(view.claims[0]).toMatchObject({ status: 'closed', case: { stage: 'closed' } });
    const closedSteps = view.timeline.filter((e: { type: string }) => e.type === 'claim_closed');
    expect(closedSteps).toHaveLength(1);
    expect(await told('claim_case', s.dealer.email)).toHaveLength(1);
    expect(view.canOpenClaim).toBe(true);
    const refused = await s.step({
      type: 'claim_answered',
      claimId: s.claimId,
      decision: 'denied',
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This claim was closed: the evidence deadline passed without photos or video',
    );
  });

  it('escalates a case the marketplace did not decide in time, once; the admin list flags it; a buyback returns the car and owes the money back', async () => {
    const s = await claimed({ evidenceComplete: true });
    const later = new Date(Date.now() + 8 * 86_400_000);
    await enforceClaimDeadlines(ctx.db, later);
    const escalatedMails = (await told('claim_escalated')).length;
    expect(escalatedMails).toBeGreaterThan(0);
    await enforceClaimDeadlines(ctx.db, later);
    expect(await told('claim_escalated')).toHaveLength(escalatedMails);
    const flagged = (await ctx.call('GET', '/api/transactions?filter=open_claims&limit=100'))
      .json()
      .items.find((t: { id: number }) => t.id === s.id);
    expect(flagged.claims[0]).toMatchObject({
      status: 'open',
      escalated: true,
      case: { stage: 'escalated' },
    });
    const escalations = flagged.timeline.filter((e: { type: string }) => e.type === 'claim_escalated');
    expect(escalations).toHaveLength(1);

    const bought = await s.step({
      type: 'claim_answered',
      claimId: s.claimId,
      decision: 'unwound',
      reason: 'Transmission failure: we buy it back',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ stage: 'refund_owed', refundOwed: '10000.00', amountDue: '0.00' });
    const [car] = await ctx.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, s.vehicle.id)));
    expect(car!.status).toBe('active');
    const insights = (await ctx.call('GET', `/api/insights?dealerId=${s.dealer.id}`)).json();
    expect(insights.figures.find((f: { key: string }) => f.key === 'claimBuybacks').value).toBe(1);
  });

  it('shows the refund of an award with its pay-by day, reminds the admins the business day before once, and never flags it when paid in time', async () => {
    // The premium level takes no deductible: the refund is the amount decided.
    const s = await claimed(
      { evidenceComplete: true },
      { condition: premiumCertification(ctx.config.brand) },
    );
    await s.step({
      type: 'claim_answered',
      claimId: s.claimId,
      decision: 'adjusted',
      reason: 'Missed',
      amount: '640.50',
    });
    const dueOn = addBusinessDays(today(), 3);
    const owed = (await s.dealerView()).claims[0].case;
    expect(owed.payment).toMatchObject({
      owed: '640.50',
      credited: '0.00',
      dueOn,
      paidOn: null,
      late: false,
    });
    expect((await s.adminView()).claims[0].case.payment).toEqual(owed.payment);
    // Three business days left: no reminder yet; the business day before the pay-by day, once.
    expect((await enforceClaimPayments(ctx.db)).reminded).toBe(0);
    const dayBefore = new Date(`${addBusinessDays(today(), 2)}T18:00:00Z`);
    expect((await enforceClaimPayments(ctx.db, dayBefore)).reminded).toBeGreaterThanOrEqual(1);
    const reminders = (await told('claim_payment_due')).length;
    expect(reminders).toBeGreaterThan(0);
    await enforceClaimPayments(ctx.db, dayBefore);
    expect(await told('claim_payment_due')).toHaveLength(reminders);

    const paid = await s.step({
      type: 'refund_recorded',
      amount: '640.50',
      method: 'ach',
      reference: 'R1',
      paidOn: today(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = (await s.dealerView()).claims[0].case.payment;
    expect(payment).toMatchObject({
      paidOn: today(),
      paidWithinSla: true,
      businessDaysToPay: 0,
      late: false,
    });
    // Past the pay-by day, a paid award is never flagged.
    await enforceClaimPayments(ctx.db, new Date(Date.now() + 10 * 86_400_000));
    const view = await s.dealerView();
    expect(view.claims[0].paymentLate).toBe(false);
    expect(view.timeline.filter((e: { type: string }) => e.type === 'claim_payment_late')).toHaveLength(0);
    const insights = (await ctx.call('GET', `/api/insights?dealerId=${s.dealer.id}`)).json();
    const figure = (key: string) => insights.figures.find((f: { key: string }) => f.key === key)?.value;
    expect(figure('claimsPaidWithinSla')).toBe(100);
    expect(figure('claimPayDays')).toBe(0);
    expect(figure('claimRefundsLate')).toBe(0);
  });

  it('flags the refund of a buyback unpaid past its pay-by day once, tells the admins and the dealer, lists it under Claim refund late until paid', async () => {
    const s = await claimed({ evidenceComplete: true });
    await s.step({ type: 'claim_answered', claimId: s.claimId, decision: 'unwound', reason: 'Buy it back' });
    expect((await s.adminView()).claims[0].case.payment).toMatchObject({ owed: '10000.00', paidOn: null });
    const later = new Date(Date.now() + 10 * 86_400_000);
    expect((await enforceClaimPayments(ctx.db, later)).late).toBeGreaterThanOrEqual(1);
    const adminMails = (await told('claim_payment_late')).length;
    expect(adminMails).toBeGreaterThan(0);
    expect((await told('claim_refund_late')).map((n) => n.recipient)).toContain(s.dealer.billingContactEmail);
    await enforceClaimPayments(ctx.db, later);
    expect(await told('claim_payment_late')).toHaveLength(adminMails);
    const listed = (await ctx.call('GET', '/api/transactions?filter=claim_payment_late&limit=100')).json();
    const flagged = listed.items.find((t: { id: number }) => t.id === s.id);
    expect(flagged.claims[0].paymentLate).toBe(true);
    expect(flagged.timeline.filter((e: { type: string }) => e.type === 'claim_payment_late')).toHaveLength(1);
    expect(listed.counts.claim_payment_late).toBe(listed.total);
    const insights = (await ctx.call('GET', `/api/insights?dealerId=${s.dealer.id}`)).json();
    expect(insights.figures.find((f: { key: string }) => f.key === 'claimRefundsLate').value).toBe(1);
    expect(insights.figures.find((f: { key: string }) => f.key === 'claimsPaidWithinSla').value).toBe(0);

    await s.step({
      type: 'refund_recorded',
      amount: '10000',
      method: 'wire',
      reference: 'R2',
      paidOn: today(),
    });
    const after = (await ctx.call('GET', '/api/transactions?filter=claim_payment_late&limit=100')).json();
    expect(after.items.some((t: { id: number }) => t.id === s.id)).toBe(false);
    expect((await s.adminView()).claims[0].paymentLate).toBe(true);
  });
});

describe('the guarantee applied to claims (coverage, deductible, buyback destination)', () => {
  const auction = { condition: AUCTION_CERTIFIED };
  const mechanical = {
    type: 'claim_opened',
    category: 'mechanical',
    description: 'Transmission slips',
    estimate: '1200',
  };

  it('refuses a category the sale’s terms do not cover, naming what they cover; an adjustment credits the amount less the deductible, the same on every view', async () => {
    const s = await pickedUp(auction);
    const terms = (await s.dealerView()).terms.guarantee;
    expect(terms).toMatchObject({ level: 'auction', deductible: '250.00' });
    expect(coveredCategories(terms)).not.toContain('body');
    const body = await s.dealerStep({ ...mechanical, category: 'body', panel: 'roof', damageType: 'dent' });
    expect(body.statusCode).toBe(409);
    expect(body.json().message).toBe(
      'The Auction Certified guarantee does not cover body damage; it covers: Engine, Transmission, Frame and structure, Title brand, Odometer',
    );
    expect((await s.dealerStep({ ...mechanical, category: 'other' })).statusCode).toBe(409);
    const opened = await s.dealerStep(mechanical);
    expect(opened.statusCode, opened.body).toBe(200);
    const claimId = opened.json().claims[0].id;
    // Evidence on a report line (undisclosed damage) is not what this guarantee covers either.
    const dent = await s.dealerStep({
      type: 'claim_evidence_added',
      claimId,
      section: 'damage',
      panel: 'roof',
      damageType: 'dent',
      estimate: '300',
    });
    expect(dent.statusCode).toBe(409);
    expect(dent.json().message).toBe(
      'The Auction Certified guarantee does not cover undisclosed damage or warning lights; it covers: Engine, Transmission, Frame and structure, Title brand, Odometer',
    );

    const decided = await s.step({
      type: 'claim_answered',
      claimId,
      decision: 'adjusted',
      reason: 'Valve body',
      amount: '900',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const dealer = await s.dealerView();
    const admin = await s.adminView();
    for (const view of [dealer, admin]) {
      expect(view.claims[0]).toMatchObject({
        status: 'adjusted',
        decidedAmount: '900.00',
        deductible: '250.00',
        adjustment: '650.00',
      });
      expect(view.ledger.at(-1)).toMatchObject({
        kind: 'credit',
        amount: '650.00',
        label: 'Claim adjustment (Mechanical): Credit $900 − deductible $250 = $650',
      });
      expect(view).toMatchObject({ adjustments: '650.00', refundOwed: '650.00', amountDue: '9350.00' });
      expect(view.deal).toMatchObject({ credits: '650.00', total: '9350.00' });
    }
    expect(dealer.timeline.at(-1).summary).toBe(
      'Claim answered: Price adjusted (Credit $900 − deductible $250 = $650). Valve body',
    );
    // The bill of sale states the ledger's lines and total.
    expect(ledgerLine(dealer)).toContain(
      'Claim adjustment (Mechanical): Credit $900 − deductible $250 = $650 −$650',
    );
    const csv = parse((await ctx.call('GET', '/api/transactions/export.csv')).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(csv.find((r) => r.Transaction === String(s.id))).toMatchObject({
      Credits: '650.00',
      'Refund owed': '650.00',
    });
    const insights = (await ctx.call('GET', `/api/insights?dealerId=${s.dealer.id}`)).json();
    expect(insights.figures.find((f: { key: string }) => f.key === 'claimCredits').value).toBe('650.00');
    // The e-mail states the same credit, with the same arithmetic.
    const [answered] = await told('claim_answered', s.dealer.email);
    expect(
      renderPayload(messageContextOf(ctx.config), answered!.payload as NotificationPayload).text,
    ).toContain(
      `Your claim on transaction #${s.id}: Price adjusted, $650 off the price (Credit $900 − deductible $250 = $650).`,
    );

    // An adjustment under the deductible credits nothing: no ledger line.
    const second = (await s.dealerStep({ ...mechanical, category: 'odometer' })).json().claims[1];
    const small = await s.step({
      type: 'claim_answered',
      claimId: second.id,
      decision: 'adjusted',
      reason: 'Minor',
      amount: '200',
    });
    expect(small.json().claims[1]).toMatchObject({ adjustment: '0.00', deductible: '250.00' });
    expect(small.json().ledger.filter((l: { kind: string }) => l.kind === 'credit')).toHaveLength(1);
    expect(small.json().adjustments).toBe('650.00');
  });

  it('keeps every category and no deductible for a sale made before levels had terms', async () => {
    const s = await pickedUp(auction);
    await ctx.db
      .update(transactions)
      .set({ terms: sql`${transactions.terms} - 'guarantee'` })
      .where(eq(transactions.id, s.id));
    const opened = await s.dealerStep({ ...mechanical, category: 'body', panel: 'roof', damageType: 'dent' });
    expect(opened.statusCode, opened.body).toBe(200);
    const decided = await s.step({
      type: 'claim_answered',
      claimId: opened.json().claims[0].id,
      decision: 'adjusted',
      reason: 'Roof dent',
      amount: '400',
    });
    expect(decided.json().claims[0]).toMatchObject({ adjustment: '400.00', deductible: '0.00' });
    expect(decided.json().ledger.at(-1)).toMatchObject({
      amount: '400.00',
      label: 'Claim adjustment (Body damage)',
    });
  });

  it('sends a bought-back car to reconditioning first: a work order for the claimed item, the car off the market; no deductible on a buyback', async () => {
    const s = await claimed({ description: 'Transmission slips in 3rd' }, auction);
    const bought = await s.step({
      type: 'claim_answered',
      claimId: s.claimId,
      decision: 'unwound',
      reason: 'We buy it back',
      destination: 'reconditioning',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // The whole price goes back: a buyback takes no deductible.
    expect(bought.json()).toMatchObject({ refundOwed: '10000.00', amountDue: '0.00' });
    expect(bought.json().claims[0]).toMatchObject({ status: 'unwound', destination: 'reconditioning' });
    expect(bought.json().timeline.at(-2).summary).toBe(
      'Claim answered: Sale unwound (reconditioning first). We buy it back',
    );
    const [car] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, s.vehicle.id));
    expect(car).toMatchObject({ status: 'active', inQueue: true });
    expect(await publicIds(ctx.app)).not.toContain(s.vehicle.id);
    const [order] = await ctx.db.select().from(workOrders).where(eq(workOrders.claimId, s.claimId));
    expect(order).toMatchObject({ transactionId: s.id, status: 'to_do' });
    const view = (await ctx.call('GET', `/api/work-orders/${order!.id}`)).json();
    expect(view.tasks).toEqual([
      expect.objectContaining({ source: 'claim', title: 'Mechanical: Transmission slips in 3rd' }),
    ]);
    // The car is ours again: the dealer who returned it does not follow its work order.
    const theirs = (
      await ctx.call('GET', '/api/dealer/work-orders/page?limit=100', undefined, s.cookie)
    ).json().items;
    expect(theirs.map((w: { id: number }) => w.id)).not.toContain(order!.id);
    // Nor does their live stream: the work order's changes reach the admins and the lot staff only.
    const started = await ctx.call('POST', `/api/work-orders/${order!.id}/tasks`, {
      title: 'Road test after the repair',
    });
    expect(started.statusCode, started.body).toBe(201);
    const orderEvents = await ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.topic, 'work_orders'), eq(liveEvents.entityId, order!.id)));
    expect(orderEvents.length).toBeGreaterThanOrEqual(2);
    expect(orderEvents.every((e) => e.dealerId === null)).toBe(true);
    const dealerStream = await findLiveEventsAfter(
      ctx.db,
      { role: 'dealer', dealerId: s.dealer.id },
      0,
      1000,
    );
    const staffStream = await findLiveEventsAfter(ctx.db, { role: 'staff' }, 0, 1000);
    const ids = new Set(orderEvents.map((e) => e.id));
    expect(dealerStream.filter((e) => ids.has(e.id))).toEqual([]);
    expect(staffStream.filter((e) => ids.has(e.id))).toHaveLength(orderEvents.length);

    // Listed again (the default): as an unwind always was, no work order.
    const again = await claimed({}, auction);
    const relisted = await again.step({
      type: 'claim_answered',
      claimId: again.claimId,
      decision: 'unwound',
      reason: 'We buy it back',
    });
    expect(relisted.json().claims[0].destination).toBe('listed');
    expect(await publicIds(ctx.app)).toContain(again.vehicle.id);
    expect(await ctx.db.select().from(workOrders).where(eq(workOrders.claimId, again.claimId))).toEqual([]);
  });
});
