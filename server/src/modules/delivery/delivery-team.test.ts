import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { DELIVERY_TEXT, FLOOR_PLAN_TEXT } from '@contracts/delivery';
import { reconNotFinishedText } from '@contracts/work-order-texts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { uploadPhoto } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import { notifications, reconPackages, workOrders, workOrderTasks } from '../../db/schema';
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
const board = async () => (await ctx.call('GET', '/api/transport-orders')).json();
const floorBoard = async () => (await ctx.call('GET', '/api/floor-plan-requests')).json();

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
      expect.stringMatching(/^Certified delivery \(\d+ mi\)$/),
    ]);
    expect(
      (await ctx.db.select().from(notifications).where(eq(notifications.event, 'floor_plan_to_arrange')))
        .length,
    ).toBeGreaterThan(0);

    // The board says what it waits for; the admin cannot move a transport that is not released.
    let row = (await board()).find((r: { transactionId: number }) => r.transactionId === id);
    expect(row.waitingFor).toMatch(/^\$[\d,.]+ owed; Reconditioning is not finished/);
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
    expect((await view(d.cookie, id)).transport.status).toBe('unassigned');
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
    expect(dateInZone(new Date(sale.guaranteeEndsAt), ZONE)).toBe(
      addBusinessDays(today, ctx.config.saleTerms.guaranteeDays),
    );
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
    // Once the dealership has a team, each person signs in as themselves (DESIGN.md §11).
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
