import { addBusinessDays, businessDaysBetween, dateInZone } from '@contracts/business-days';
import {
  DELIVERY_TEXT,
  FLOOR_PLAN_TEXT,
  odometerHeldText,
  TRANSPORT_STATUS_LABELS,
} from '@contracts/delivery';
import { reconNotFinishedText } from '@contracts/work-order-texts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { uploadPhoto } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import {
  notifications,
  reconPackages,
  transactionEvents,
  transportOrders,
  workOrders,
  workOrderTasks,
} from '../../db/schema';
import { releaseWaitingTransports } from './transport-orders';

/**
 * Without a carrier or lender configured, transport and floor plan are "arranged by our team"
 * (issue #32): admins are asked, record the lender's answer and move the transport by hand; the
 * release rules are the same, and the dealer confirms the delivery.
 */

const ZONE = 'America/New_York';
const ctx = withApp({
  env: { SALE_TIME_ZONE: ZONE, INTEGRATION_INTERVAL_MS: '3600000' },
  signIn: ['admin', 'staff'],
});

async function dealership() {
  const { dealer, code } = await dealerWithCode(ctx.db, {
    dealer: { address: '9 Lake Shore Dr, Chicago, IL 60601' },
  });
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  const line = await ctx.call(
    'POST',
    '/api/dealer/floor-plan-lines',
    { lender: 'kinetic', accountNumber: 'KA-10042' },
    cookie,
  );
  return { dealer, code, cookie, lineId: line.json().id as number };
}
const view = async (cookie: string, id: number) =>
  (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
    .json()
    .find((t: { id: number }) => t.id === id);
const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#357' } })
    .jpeg()
    .toBuffer();
const board = async () =>
  (await ctx.call('GET', '/api/transport-orders?status=all&sort=newest&limit=100')).json().items;
const floorBoard = async () =>
  (await ctx.call('GET', '/api/floor-plan-requests?sort=newest&limit=100')).json().items;

describe('arranged by our team', () => {
  it('waits for the lender’s approval and the reconditioning, then admins move it to the dealer, who confirms', async () => {
    const d = await dealership();
    const car = await insertVehicle(ctx.db, { price: '11000.00', locationZip: '30303' });
    const [mechanical] = await ctx.db
      .select()
      .from(reconPackages)
      .where(eq(reconPackages.name, 'Mechanical'));
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: {
        code: d.code,
        vehicleId: car.id,
        reconPackageId: mechanical!.id,
        floorPlanLineId: d.lineId,
        transport: { toZip: '60601', address: '9 Lake Shore Dr, Chicago' },
      },
      remoteAddress: nextAddress(),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const id = bought.json().transactionId as number;
    let sale = await view(d.cookie, id);
    expect(sale.transport).toMatchObject({
      arrangedBy: 'team',
      fromZip: '30303',
      toZip: '60601',
      status: 'awaiting_release',
    });
    expect(sale.floorPlan).toMatchObject({ arrangedBy: 'team', status: 'requested', amount: sale.balance });
    // One ledger: price, package, delivery; the lender is asked for all of it.
    expect(sale.ledger.map((l: { label: string }) => l.label)).toEqual([
      'Price',
      'Reconditioning: Mechanical',
      expect.stringMatching(/^Certified delivery \([\d,]+ mi\)$/),
    ]);
    expect(
      (await ctx.db.select().from(notifications).where(eq(notifications.event, 'floor_plan_to_arrange')))
        .length,
    ).toBeGreaterThan(0);

    // The board says what it waits for; the admin cannot move a transport that is not released.
    let row = (await board()).find((r: { transactionId: number }) => r.transactionId === id);
    // One hold in the dealer's words: the money first, then the reconditioning left.
    expect(row.waitingFor).toMatch(/^\$[\d,.]+ owed: .*; Reconditioning is not finished/);
    expect(row).toMatchObject({ holdReason: 'money', deliveryStatus: 'awaiting_release' });
    expect((await view(d.cookie, id)).holdText).toBe(row.waitingFor);
    const early = await ctx.call('PATCH', `/api/transport-orders/${row.orderId}`, { status: 'assigned' });
    expect(early.json().message).toBe(DELIVERY_TEXT.releaseFirst);

    // The admin records the lender's approval (team-arranged), then funding before that is refused.
    const fp = (await floorBoard()).find((r: { transactionId: number }) => r.transactionId === id);
    expect(fp).toMatchObject({ status: 'requested', label: 'Kinetic Advantage ••••0042' });
    const approve = await ctx.call('PATCH', `/api/floor-plan-requests/${fp.requestId}`, {
      status: 'approved',
      reference: 'KA-APP-1',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', reference: 'KA-APP-1' });
    const again = await ctx.call('PATCH', `/api/floor-plan-requests/${fp.requestId}`, {
      status: 'declined',
      reason: 'x',
    });
    expect(again.json().message).toBe(FLOOR_PLAN_TEXT.alreadyDecided('Approved by the lender'));

    // Approved but the work order is open: still not released.
    expect(await releaseWaitingTransports(ctx.db, ctx.config)).toBe(0);
    row = (await board()).find((r: { transactionId: number }) => r.transactionId === id);
    const [order] = await ctx.db.select().from(workOrders).where(eq(workOrders.transactionId, id));
    const tasks = await ctx.db.select().from(workOrderTasks).where(eq(workOrderTasks.workOrderId, order!.id));
    expect(row.waitingFor).toBe(reconNotFinishedText(tasks.length, tasks.length));
    for (const task of tasks) {
      const done = await ctx.call(
        'PATCH',
        `/api/work-orders/${order!.id}/tasks/${task.id}`,
        { status: 'done' },
        ctx.staff,
      );
      expect(done.statusCode, done.body).toBe(200);
    }
    expect(await releaseWaitingTransports(ctx.db, ctx.config)).toBe(1);
    const released = (await view(d.cookie, id)).transport;
    expect(released.status).toBe('unassigned');
    // The release's windows replace the quote's: the order row's pickup day follows (the board's
    // sort and its late-pickup narrowing read it, issue #47).
    const [orderRow] = await ctx.db.select().from(transportOrders).where(eq(transportOrders.id, row.orderId));
    expect(row.pickupWindow.to, 'quoted after the package’s promised days').not.toBe(
      released.pickupWindow.to,
    );
    expect(orderRow!.pickupBy).toBe(released.pickupWindow.to);
    expect(
      (await ctx.db.select().from(notifications).where(eq(notifications.event, 'transport_to_arrange')))
        .length,
    ).toBeGreaterThan(0);

    // The dealer cannot confirm before pickup; the admin moves it forward, never back.
    const tooSoon = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/delivery-confirmation`,
      { odometer: 42100 },
      d.cookie,
    );
    expect(tooSoon.json().message).toBe(DELIVERY_TEXT.notArrived);
    for (const status of ['assigned', 'picked_up', 'in_transit'])
      expect(
        (
          await ctx.call('PATCH', `/api/transport-orders/${row.orderId}`, {
            status,
            carrierName: 'Windy City Auto Transport',
          })
        ).statusCode,
      ).toBe(200);
    const back = await ctx.call('PATCH', `/api/transport-orders/${row.orderId}`, { status: 'assigned' });
    expect(back.json().message).toBe(DELIVERY_TEXT.statusBackwards('In transit', 'Carrier assigned'));
    sale = await view(d.cookie, id);
    expect(sale).toMatchObject({ stage: 'in_transport', canOpenClaim: false, guaranteeEndsAt: null });
    expect(sale.guarantee).toMatchObject({ state: 'not_started', pausedDays: 0 });

    // The carrier is 2 business days past the day we promised (a window re-issued earlier, as at a
    // late release): the dealer's clock stands paused, and says why (ADR 0040).
    let promised = dateInZone(new Date(), ZONE);
    while (businessDaysBetween(promised, dateInZone(new Date(), ZONE)) < 2)
      promised = new Date(Date.parse(`${promised}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await ctx.db.insert(transactionEvents).values({
      transactionId: id,
      dealerId: d.dealer.id,
      type: 'transport_status',
      actorType: 'system',
      data: { orderId: row.orderId, status: 'in_transit', deliveryWindow: { from: promised, to: promised } },
    });
    sale = await view(d.cookie, id);
    expect(sale.guarantee).toMatchObject({
      state: 'paused',
      pausedDays: 2,
      text: 'Paused: the carrier is late',
    });

    // Bill of lading photos (the admin's uploads) are kept with the sale.
    const bol = await uploadPhoto(ctx.app, ctx.admin, await jpeg());
    const attached = await ctx.call('POST', `/api/transport-orders/${row.orderId}/bol`, { photoIds: [bol] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await view(d.cookie, id)).transport.bolPhotos).toHaveLength(1);

    // The dealer confirms at arrival (odometer, a photo): the delivery, and the guarantee from today.
    const photo = await uploadPhoto(ctx.app, d.cookie, await jpeg());
    const bad = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/delivery-confirmation`,
      { odometer: -5 },
      d.cookie,
    );
    expect(bad.json().message).toBe(DELIVERY_TEXT.odometerRange);
    const confirmed = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/delivery-confirmation`,
      { odometer: 42_180, photoIds: [photo] },
      d.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    sale = confirmed.json();
    const today = dateInZone(new Date(), ZONE);
    expect(sale.deliveryConfirmation).toMatchObject({ on: today, odometer: 42_180 });
    expect(sale.deliveryConfirmation.photos).toHaveLength(1);
    expect(sale).toMatchObject({ stage: 'delivered', canOpenClaim: true });
    // The window runs from the delivery, with the 2 late business days added.
    expect(dateInZone(new Date(sale.guaranteeEndsAt), ZONE)).toBe(
      addBusinessDays(today, ctx.config.saleTerms.guaranteeDays + 2),
    );
    expect(sale.guarantee).toMatchObject({ state: 'running', startsOn: today, pausedDays: 2 });
    expect(sale.guarantee.text).toContain('2 business days added for the late carrier');
    const twice = await ctx.call(
      'POST',
      `/api/dealer/transactions/${id}/delivery-confirmation`,
      { odometer: 42_180 },
      d.cookie,
    );
    expect(twice.json().message).toBe(DELIVERY_TEXT.alreadyConfirmed);

    // Funded by hand: a floor-plan payment; paid in full.
    const funded = await ctx.call('PATCH', `/api/floor-plan-requests/${fp.requestId}`, {
      status: 'funded',
      reference: 'KA-FUND-7',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    expect(await view(d.cookie, id)).toMatchObject({ paidInFull: true, balance: '0.00' });

    // A claim after the late delivery, in the window the late carrier lengthened (issue #48): the
    // evidence marked complete, a decision the same day, the credit (less the level's deductible) on
    // the sale, the admin's list and the CSV alike.
    const dealerStep = (body: object) =>
      ctx.call('POST', `/api/dealer/transactions/${id}/events`, body, d.cookie);
    const opened = await dealerStep({
      type: 'claim_opened',
      category: 'mechanical',
      description: 'Transmission slips into neutral',
      estimate: '900',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const claimId = opened.json().claims[0].id as number;
    const evidence = await dealerStep({
      type: 'claim_evidence_added',
      claimId,
      section: 'undisclosed',
      estimate: '900',
      note: 'Shop quote',
      complete: true,
    });
    expect(evidence.statusCode, evidence.body).toBe(200);
    const decided = await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'claim_answered',
      claimId,
      decision: 'adjusted',
      reason: 'Missed at inspection',
      amount: '600',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const claimedSale = await view(d.cookie, id);
    const [claim] = claimedSale.claims;
    const credit = Number(claim.adjustment);
    expect(credit).toBe(Math.max(0, 600 - Number(claim.deductible)));
    expect(claim.case).toMatchObject({ stage: 'decided', decidedWithinSla: true });
    expect(Number(claimedSale.deal.credits)).toBe(credit);
    expect(Number(claimedSale.refundOwed)).toBe(credit);
    const adminRow = (await ctx.call('GET', `/api/transactions?q=${id}&limit=100`))
      .json()
      .items.find((t: { id: number }) => t.id === id);
    expect(adminRow.claims).toEqual(claimedSale.claims);
    const csv = (await ctx.call('GET', `/api/transactions/export.csv?q=${id}`)).body;
    expect(csv).toContain(claimedSale.deal.credits);
  });

  it('keeps viewers out of spending and other dealerships out of the sale', async () => {
    const d = await dealership();
    const car = await insertVehicle(ctx.db, { price: '6000.00' });
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { code: d.code, vehicleId: car.id },
      remoteAddress: nextAddress(),
    });
    const id = bought.json().transactionId as number;
    // Once the dealership has a team, each person signs in as themselves (docs/design.md §11).
    const viewer = await insertMember(ctx.db, { dealerId: d.dealer.id, role: 'viewer' });
    const viewerCookie = await signInMember(ctx.app, viewer.email, MEMBER_PASSWORD);
    const owner = await insertMember(ctx.db, { dealerId: d.dealer.id, role: 'owner' });
    const ownerCookie = await signInMember(ctx.app, owner.email, MEMBER_PASSWORD);
    // Delivered elsewhere than the address on file (a second lot).
    const order = { toZip: '53703', address: '1200 Lakeshore Dr, Madison' };
    expect(
      (await ctx.call('POST', `/api/dealer/transactions/${id}/transport`, order, viewerCookie)).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.call(
          'POST',
          `/api/dealer/transactions/${id}/floor-plan`,
          { lineId: d.lineId },
          viewerCookie,
        )
      ).statusCode,
    ).toBe(403);
    const other = await dealership();
    expect(
      (await ctx.call('POST', `/api/dealer/transactions/${id}/transport`, order, other.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('POST', '/api/transport/quote', { transactionId: id }, other.cookie)).statusCode,
    ).toBe(404);
    // The owner orders it after the sale; a second order is refused.
    const ordered = await ctx.call('POST', `/api/dealer/transactions/${id}/transport`, order, ownerCookie);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const twice = await ctx.call('POST', `/api/dealer/transactions/${id}/transport`, order, ownerCookie);
    expect(twice.json().message).toBe(DELIVERY_TEXT.alreadyOrdered);
    // The dealership's next quote goes to the ZIP it last had a car delivered to.
    const next = await insertVehicle(ctx.db, { price: '6500.00' });
    const defaultQuote = await ctx.call('POST', '/api/transport/quote', { vehicleId: next.id }, ownerCookie);
    expect(defaultQuote.json()).toMatchObject({ toZip: '53703', toPlace: 'Madison, WI' });
    // Webhooks without a configured carrier or lender do not exist.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/webhooks/carrier', payload: {} })).statusCode,
    ).toBe(404);
  });
});

/**
 * One delivery state (issue #44, docs/decisions/0035-one-delivery-state.md): the reproductions of
 * "where a car is" — every API view of a sale reads the same delivery, a confirmation is dated when
 * it happened, an odometer far from the bill of sale is held for the admin, a paid car waiting for
 * its reconditioning says so.
 */
describe('one delivery state', () => {
  /** A car bought with delivery, paid in full, released and moved by our team to in transit. */
  async function transported(vehicle = {}) {
    const d = await dealership();
    const car = await insertVehicle(ctx.db, { price: '9000.00', locationZip: '30303', ...vehicle });
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: {
        code: d.code,
        vehicleId: car.id,
        transport: { toZip: '60601', address: '9 Lake Shore Dr, Chicago' },
      },
      remoteAddress: nextAddress(),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const id = bought.json().transactionId as number;
    const sale = await view(d.cookie, id);
    const paid = await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'payment_recorded',
      amount: sale.balance,
      method: 'wire',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await releaseWaitingTransports(ctx.db, ctx.config);
    const orderId = sale.transport.orderId as number;
    for (const next of ['assigned', 'picked_up', 'in_transit']) {
      const moved = await ctx.call('PATCH', `/api/transport-orders/${orderId}`, { status: next });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return { ...d, id, orderId, car };
  }
  const adminView = async (id: number) =>
    (await ctx.call('GET', '/api/transactions?limit=100'))
      .json()
      .items.find((t: { id: number }) => t.id === id);
  const boardRow = async (orderId: number) =>
    (await ctx.call('GET', '/api/transport-orders?status=all&sort=newest&limit=100'))
      .json()
      .items.find((r: { orderId: number }) => r.orderId === orderId);

  it('a dealer’s confirmation delivers the sale in every view, dated today, and never before pickup', async () => {
    const s = await transported();
    const today = dateInZone(new Date(), ZONE);
    const before = Date.now();
    const confirmed = await ctx.call(
      'POST',
      `/api/dealer/transactions/${s.id}/delivery-confirmation`,
      { odometer: 42_150 },
      s.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The sale's header, its delivery box (transport status, the Delivered step ticked) and the board agree.
    const delivered = {
      stage: 'delivered',
      deliveryStatus: 'delivered',
      pickupStatus: 'delivered',
      transport: { status: 'delivered', deliveryWindow: { from: today, to: today } },
      holdReason: 'title',
    };
    for (const sale of [confirmed.json(), await view(s.cookie, s.id), await adminView(s.id)]) {
      expect([sale.stage, sale.transport.status]).toEqual(['delivered', 'delivered']);
      expect(sale).toMatchObject(delivered);
      expect(sale.transport.steps.at(-1)).toMatchObject({ status: 'delivered', by: 'dealer' });
    }
    expect(await boardRow(s.orderId)).toMatchObject({ status: 'delivered', deliveryStatus: 'delivered' });
    // Dated when it happened: today in the sale's zone, at this moment (never the day before).
    const confirmation = confirmed.json().deliveryConfirmation;
    expect(confirmation).toMatchObject({ on: today, held: false, note: null });
    expect(Date.parse(confirmation.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(confirmation.at)).toBeLessThanOrEqual(Date.now());
    // Nothing left for the admin to move: "Mark delivered" is refused as going nowhere.
    const again = await ctx.call('PATCH', `/api/transport-orders/${s.orderId}`, { status: 'delivered' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DELIVERY_TEXT.statusBackwards('Delivered', 'Delivered'));

    // Before the carrier has the car, a confirmation is refused.
    const waiting = await dealership();
    const car = await insertVehicle(ctx.db, { price: '5000.00', locationZip: '30303' });
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: {
        code: waiting.code,
        vehicleId: car.id,
        transport: { toZip: '60601', address: '9 Lake Shore Dr, Chicago' },
      },
      remoteAddress: nextAddress(),
    });
    const notYet = await ctx.call(
      'POST',
      `/api/dealer/transactions/${bought.json().transactionId}/delivery-confirmation`,
      { odometer: 42_000 },
      waiting.cookie,
    );
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(DELIVERY_TEXT.notArrived);
  });

  it('holds a confirmation 10,000 mi above the bill of sale for the admin, with a note, until accepted', async () => {
    const s = await transported({ mileage: 42_180 });
    const confirmed = await ctx.call(
      'POST',
      `/api/dealer/transactions/${s.id}/delivery-confirmation`,
      { odometer: 52_180 },
      s.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Not accepted without a word: the sale is not delivered on the dealer's say-so (the old code delivered it).
    expect(confirmed.json().stage).toBe('in_transport');
    expect(confirmed.json().deliveryConfirmation.held).toBe(true);
    const note = odometerHeldText(52_180, 42_180, ctx.config.transport.odometerToleranceMiles);
    expect(note).toBe(
      'Held for an admin: the odometer at arrival (52,180 mi) is 10,000 mi above the bill of sale (42,180 mi), more than the 500 mi allowed',
    );
    const held = {
      deliveryConfirmation: { held: true, note, odometer: 52_180 },
      holdReason: 'transport',
      holdText: note,
      deliveryStatus: 'in_transit',
      stage: 'in_transport',
      guaranteeEndsAt: null,
    };
    expect(confirmed.json()).toMatchObject(held);
    expect(await adminView(s.id)).toMatchObject(held);
    expect(await boardRow(s.orderId)).toMatchObject({
      status: 'in_transit',
      confirmationHeld: note,
      waitingFor: note,
    });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.event, 'delivery_held'));
    expect(told.some((n) => n.idempotencyKey.startsWith(`delivery_held:${s.id}:`))).toBe(true);
    // A dealer may not accept their own; the admin does, and the delivery counts from the confirmation's day.
    expect(
      (await ctx.call('POST', `/api/transactions/${s.id}/delivery-confirmation/accept`, {}, s.cookie))
        .statusCode,
    ).toBe(403);
    const accepted = await ctx.call('POST', `/api/transactions/${s.id}/delivery-confirmation/accept`, {
      note: 'Carrier drove it from the port; checked the photos',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const on = confirmed.json().deliveryConfirmation.on;
    expect(accepted.json()).toMatchObject({
      deliveryConfirmation: { held: false, on },
      stage: 'delivered',
      deliveryStatus: 'delivered',
      transport: { status: 'delivered' },
    });
    expect(dateInZone(new Date(accepted.json().guaranteeEndsAt), ZONE)).toBe(
      addBusinessDays(on, ctx.config.saleTerms.guaranteeDays),
    );
    expect(await boardRow(s.orderId)).toMatchObject({ status: 'delivered', confirmationHeld: null });
    const twice = await ctx.call('POST', `/api/transactions/${s.id}/delivery-confirmation/accept`, {});
    expect(twice.json().message).toBe(DELIVERY_TEXT.noHeldConfirmation);
  });

  it('a car paid in full that waits for its reconditioning says so; its pickup waits for the package', async () => {
    const d = await dealership();
    const car = await insertVehicle(ctx.db, { price: '8000.00', locationZip: '30303' });
    const [mechanical] = await ctx.db
      .select()
      .from(reconPackages)
      .where(eq(reconPackages.name, 'Mechanical'));
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: {
        code: d.code,
        vehicleId: car.id,
        reconPackageId: mechanical!.id,
        transport: { toZip: '60601', address: '9 Lake Shore Dr, Chicago' },
      },
      remoteAddress: nextAddress(),
    });
    const id = bought.json().transactionId as number;
    let sale = await view(d.cookie, id);
    // Quoted from the day the package is promised (its 3 business days), not from today; the dialog's quote too.
    const today = dateInZone(new Date(), ZONE);
    expect(sale.workOrder.promisedOn).toBe(addBusinessDays(today, mechanical!.promisedDays));
    expect(sale.workOrder.promisedOn > today).toBe(true);
    expect(sale.transport.pickupWindow.from).toBe(addBusinessDays(sale.workOrder.promisedOn, 1));
    const other = await insertVehicle(ctx.db, { price: '8000.00', locationZip: '30303' });
    const quoted = await ctx.call(
      'POST',
      '/api/transport/quote',
      { vehicleId: other.id, toZip: '60601', reconPackageId: mechanical!.id },
      d.cookie,
    );
    expect(quoted.json().pickupWindow.from).toBe(addBusinessDays(sale.workOrder.promisedOn, 1));
    const paid = await ctx.call('POST', `/api/transactions/${id}/events`, {
      type: 'payment_recorded',
      amount: sale.balance,
      method: 'wire',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    expect(paid.json()).toMatchObject({ paidInFull: true });
    sale = await view(d.cookie, id);
    const words = reconNotFinishedText(sale.workOrder.total, sale.workOrder.total);
    expect(sale).toMatchObject({
      holdReason: 'reconditioning',
      holdText: words,
      deliveryStatus: 'awaiting_release',
      transport: { status: 'awaiting_release' },
    });
    expect(TRANSPORT_STATUS_LABELS.awaiting_release).not.toMatch(/payment/);
    expect(await adminView(id)).toMatchObject({ holdReason: 'reconditioning', holdText: words });
    expect(await boardRow(sale.transport.orderId)).toMatchObject({
      status: 'awaiting_release',
      holdReason: 'reconditioning',
      waitingFor: words,
    });
  });
});
