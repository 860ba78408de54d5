import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode, walkPages } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { uploadPhoto } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import {
  auditLog,
  notifications,
  transactions,
  vehiclePhotos,
  workOrders,
  workOrderTasks,
} from '../../db/schema';
import { runHousekeeping } from '../housekeeping/run-housekeeping';
import { type ChosenPackage, createWorkOrder } from './create-work-order';
import { notifyDelayedWorkOrders } from './notify-delayed-work-orders';

/** Work orders (issue #31, docs/design.md §14): made with the sale, worked by staff, holding the release. */

const ZONE = 'America/Chicago';
const ctx = withApp({ env: { SALE_TIME_ZONE: ZONE }, signIn: ['admin', 'staff'] });

const MECHANICAL: ChosenPackage = {
  id: null,
  name: 'Mechanical',
  price: '495.00',
  checklist: ['Oil and filter change', 'Road test'],
  promisedDays: 3,
};

/** The condition report of the car sold: two damage items, two worn tires, one warning light. */
const REPORT = {
  damage: [
    { panel: 'hood' as const, type: 'dent' as const, size: 'large' as const, photoId: null, note: null },
    {
      panel: 'rear_bumper' as const,
      type: 'scratch' as const,
      size: 'small' as const,
      photoId: null,
      note: 'curb',
    },
  ],
  tires: { lf: 3, rf: 5, lr: null, rr: 2 },
  warningLights: ['P0420'],
  conditionReportedAt: new Date(),
};

/** A Buy Now sale by a fresh dealer with a work order for `pkg` made in a DB transaction, as the sale will. */
async function sale(pkg: ChosenPackage = MECHANICAL, report: Partial<typeof REPORT> = REPORT) {
  const vehicle = await insertVehicle(ctx.db, { price: '10000.00', ...report });
  const { dealer, code } = await dealerWithCode(ctx.db);
  const id = await boughtNow(ctx.app, code, vehicle.id);
  const workOrderId = await ctx.db.transaction((tx) =>
    createWorkOrder(tx, { transactionId: id, vehicleId: vehicle.id, dealerId: dealer.id, package: pkg }),
  );
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  const view = async (as = ctx.staff) => {
    const res = await ctx.call('GET', `/api/work-orders/${workOrderId}`, undefined, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const patch = (taskId: number, body: object, as = ctx.staff) =>
    ctx.call('PATCH', `/api/work-orders/${workOrderId}/tasks/${taskId}`, body, as);
  const step = (body: object) => ctx.call('POST', `/api/transactions/${id}/events`, body);
  const adminSale = async () =>
    (await ctx.call('GET', '/api/transactions?limit=100'))
      .json()
      .items.find((t: { id: number }) => t.id === id);
  const dealerSale = async () =>
    (await ctx.call('GET', '/api/dealer/transactions', undefined, cookie))
      .json()
      .find((t: { id: number }) => t.id === id);
  const payInFull = async () => {
    const paid = await step({
      type: 'payment_recorded',
      amount: (await adminSale()).balance,
      method: 'wire',
      reference: 'W-1',
      receivedOn: dateInZone(new Date(), ZONE),
    });
    expect(paid.statusCode, paid.body).toBe(200);
  };
  return { vehicle, dealer, id, workOrderId, cookie, view, patch, step, adminSale, dealerSale, payInFull };
}

const outbox = (event: string, entityId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.event, event),
        sql`${notifications.idempotencyKey} like ${`${event}:${entityId}:%`}`,
      ),
    );

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

describe('creating a work order with the sale', () => {
  it('makes tasks from the package and the condition report, promised in business days in the sale’s zone', async () => {
    const s = await sale();
    const order = await s.view();
    expect(order.tasks.map((t: { source: string; title: string }) => [t.source, t.title])).toEqual([
      ['package', 'Oil and filter change'],
      ['package', 'Road test'],
      ['damage', 'Repair hood: dent > 3 in'],
      ['damage', 'Repair rear bumper: scratch < 1 in (curb)'],
      ['tire', 'Replace left front tire (3/32, under 4/32)'],
      ['tire', 'Replace right rear tire (2/32, under 4/32)'],
      ['warning_light', 'Diagnose and fix warning light: P0420'],
    ]);
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, s.id));
    expect(order).toMatchObject({
      status: 'to_do',
      packageName: 'Mechanical',
      packagePrice: '495.00',
      promisedOn: addBusinessDays(dateInZone(row!.createdAt, ZONE), 3),
      done: 0,
      total: 7,
      totalCost: '0.00',
      overdue: false,
      dealerId: s.dealer.id,
      timeToLine: { readyAt: null, releasedAt: null, saleToReadyMinutes: null },
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'work_order'), eq(auditLog.entityId, s.workOrderId!)));
    expect(audit.map((a) => a.action)).toEqual(['created']);
  });

  it('makes none for a package that costs nothing and covers nothing: the release is not held', async () => {
    const s = await sale({ id: null, name: 'As inspected', price: '0.00', checklist: [], promisedDays: 0 });
    expect(s.workOrderId).toBeNull();
    expect((await s.adminSale()).workOrder).toBeNull();
    await s.payInFull();
    const ready = await s.step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '9–5' });
    expect(ready.statusCode, ready.body).toBe(200);
  });
});

describe('working a work order', () => {
  it('follows its tasks: started, costs summed, done; tells the dealer; then refuses changes', async () => {
    const s = await sale();
    const tasks = (await s.view()).tasks as { id: number }[];
    const started = await s.patch(tasks[0]!.id, {
      status: 'in_progress',
      partsCost: '$1,120.50',
      labourCost: 80,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'in_progress',
      partsCost: '1120.50',
      labourCost: '80.00',
    });
    expect(started.json().startedAt).not.toBeNull();
    expect((await outbox('work_order_started', s.workOrderId!)).map((n) => n.recipient)).toEqual([
      s.dealer.email.toLowerCase(),
    ]);

    await s.patch(tasks[1]!.id, { partsCost: '10', notes: 'Road test after the brakes' }, ctx.admin);
    const summed = await s.view(ctx.admin);
    expect(summed).toMatchObject({ partsCost: '1130.50', labourCost: '80.00', totalCost: '1210.50' });
    expect(summed.tasks[1]).toMatchObject({ notes: 'Road test after the brakes', partsCost: '10.00' });

    const photo = await uploadPhoto(ctx.app, ctx.staff, await jpeg());
    const attached = await ctx.call(
      'POST',
      `/api/work-orders/${s.workOrderId}/tasks/${tasks[0]!.id}/photos`,
      { stage: 'after', photoIds: [photo] },
      ctx.staff,
    );
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().tasks[0].photos).toEqual([
      expect.objectContaining({
        id: photo,
        stage: 'after',
        src: expect.stringMatching(/^\/media\/photos\//),
      }),
    ]);

    for (const [i, task] of tasks.entries()) {
      const body =
        i === 6 ? { status: 'not_needed', notNeededReason: 'Cleared, no fault stored' } : { status: 'done' };
      expect((await s.patch(task.id, body)).statusCode).toBe(200);
    }
    const done = await s.view();
    expect(done).toMatchObject({ status: 'done', done: 7, total: 7 });
    expect(done.doneAt).not.toBeNull();
    expect(done.timeToLine.saleToReadyMinutes).toBeGreaterThanOrEqual(0);
    const [doneMessage] = await outbox('work_order_done', s.workOrderId!);
    expect(doneMessage?.payload).toMatchObject({
      template: 'work_order_done',
      facts: { afterPhotos: 1, done: 7 },
    });
    expect(
      (await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, s.workOrderId!))).map(
        (a) => a.action,
      ),
    ).toEqual(expect.arrayContaining(['created', 'started', 'task_updated', 'photos_added', 'done']));

    const refused = await s.patch(tasks[0]!.id, { notes: 'one more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This work order is done and can no longer be changed');
    const added = await ctx.call(
      'POST',
      `/api/work-orders/${s.workOrderId}/tasks`,
      { title: 'Wax' },
      ctx.staff,
    );
    expect(added.statusCode).toBe(409);
  });

  it('refuses bad input clearly and changes nothing', async () => {
    const s = await sale();
    const [task] = (await s.view()).tasks as { id: number }[];
    const refusals: [object, string][] = [
      [{ status: 'not_needed' }, 'Say why the task is not needed'],
      [{ status: 'not_needed', notNeededReason: '   ' }, 'Say why the task is not needed'],
      [{ partsCost: '-5' }, 'A cost must be an amount from $0 to $99,999.99'],
      [{ labourCost: '100000' }, 'A cost must be an amount from $0 to $99,999.99'],
      [{ partsCost: 'lots' }, 'A cost must be an amount from $0 to $99,999.99'],
      [{ labourCost: 1e9 }, 'A cost must be an amount from $0 to $99,999.99'],
      [{ notes: 'x'.repeat(2001) }, 'Notes can be at most 2000 characters'],
      [{}, 'Send a status, a cost or notes to change'],
    ];
    for (const [body, message] of refusals) {
      const res = await s.patch(task!.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await s.patch(999_999, { status: 'done' })).statusCode).toBe(404);
    const after = await s.view();
    expect(after).toMatchObject({ status: 'to_do', totalCost: '0.00' });
    expect(after.tasks[0]).toMatchObject({ status: 'to_do', notes: '' });
  });

  it('attaches only the shop’s own processed, unused photos', async () => {
    const s = await sale();
    const [task, other] = (await s.view()).tasks as { id: number }[];
    const attach = (taskId: number, photoIds: number[], as = ctx.staff) =>
      ctx.call(
        'POST',
        `/api/work-orders/${s.workOrderId}/tasks/${taskId}/photos`,
        { stage: 'before', photoIds },
        as,
      );
    const mine = await uploadPhoto(ctx.app, ctx.staff, await jpeg());
    expect((await attach(task!.id, [mine])).statusCode).toBe(200);
    const unknownText =
      'Unknown photo: upload it first as a photo; one already used by a vehicle, a claim or another task cannot be attached';
    // The same photo again (on another task), a dealer's upload, a car's photo, no such photo.
    const dealers = await uploadPhoto(ctx.app, s.cookie, await jpeg());
    const onCar = await uploadPhoto(ctx.app, ctx.staff, await jpeg());
    await ctx.db.update(vehiclePhotos).set({ vehicleId: s.vehicle.id }).where(eq(vehiclePhotos.id, onCar));
    for (const ids of [[mine], [dealers], [onCar], [2_000_000]]) {
      const res = await attach(other!.id, ids);
      expect(res.statusCode, String(ids)).toBe(400);
      expect(res.json().message).toBe(unknownText);
    }
    expect((await attach(other!.id, [])).statusCode).toBe(400);
    // A dealer reads, never works.
    expect((await attach(other!.id, [mine], s.cookie)).statusCode).toBe(403);
    // The photo a task holds outlives the housekeeping of abandoned uploads.
    await ctx.db
      .update(vehiclePhotos)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(vehiclePhotos.id, mine));
    await runHousekeeping(ctx.database, {
      uploadsDir: null,
      photos: { uploadsDir: null, deleteFiles: async () => {} },
    });
    expect(await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.id, mine))).toHaveLength(1);
    expect((await s.view()).tasks[0].photos).toHaveLength(1);
  });
});

describe('the release waits for the work order', () => {
  it('refuses gate pass, pickup and transport until done, naming what is left; then measures time-to-line', async () => {
    const s = await sale();
    await s.payInFull();
    const adminView = await s.adminSale();
    expect(adminView).toMatchObject({
      canRelease: false,
      workOrder: { id: s.workOrderId, status: 'to_do', done: 0, total: 7, packageName: 'Mechanical' },
    });
    expect((await s.dealerSale()).workOrder).toEqual(adminView.workOrder);
    const today = dateInZone(new Date(), ZONE);
    for (const body of [
      { type: 'pickup_ready', address: '1 Lot Rd', hours: '9–5' },
      { type: 'delivered', on: today, carrier: 'Acme Transport' },
    ]) {
      const res = await s.step(body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Reconditioning is not finished: 7 of 7 tasks left');
    }
    const tasks = (await s.view()).tasks as { id: number }[];
    for (const task of tasks.slice(0, 4)) await s.patch(task.id, { status: 'done' });
    expect((await s.step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '9–5' })).json().message).toBe(
      'Reconditioning is not finished: 3 of 7 tasks left',
    );
    for (const task of tasks.slice(4)) await s.patch(task.id, { status: 'done' });
    expect((await s.adminSale()).canRelease).toBe(true);
    const ready = await s.step({ type: 'pickup_ready', address: '1 Lot Rd', hours: '9–5' });
    expect(ready.statusCode, ready.body).toBe(200);
    const picked = await s.step({ type: 'picked_up', on: today, by: 'J. Driver' });
    expect(picked.statusCode, picked.body).toBe(200);
    const line = (await s.view()).timeToLine;
    expect(line.readyAt).not.toBeNull();
    expect(line.releasedAt).not.toBeNull();
    expect(line.saleToReleaseMinutes).toBe(line.saleToReadyMinutes + line.readyToReleaseMinutes);
    expect((await s.dealerSale()).workOrder.timeToLine).toEqual(line);
  });

  it('cancels the work order with its sale, which then refuses changes', async () => {
    const s = await sale();
    const cancel = await ctx.call('PATCH', `/api/transactions/${s.id}`, { cancelled: true });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [task] = (await s.view()).tasks as { id: number }[];
    const res = await s.patch(task!.id, { status: 'done' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This work order was cancelled with its sale and can no longer be changed',
    );
  });
});

describe('who reads work orders', () => {
  it('pages a dealership’s own by the earliest promise at any page size, one by id, never another’s (issue #47)', async () => {
    const vehicles = await Promise.all(
      [1, 2, 3, 4, 5].map(() => insertVehicle(ctx.db, { price: '9000.00' })),
    );
    const { dealer, code } = await dealerWithCode(ctx.db);
    // Promises 5, 2, 2, 9 and 2 business days out: ties are read by id.
    const days = [5, 2, 2, 9, 2];
    const made: { id: number; days: number }[] = [];
    for (const [i, vehicle] of vehicles.entries()) {
      const transactionId = await boughtNow(ctx.app, code, vehicle.id);
      const id = await ctx.db.transaction((tx) =>
        createWorkOrder(tx, {
          transactionId,
          vehicleId: vehicle.id,
          dealerId: dealer.id,
          package: { ...MECHANICAL, promisedDays: days[i]! },
        }),
      );
      expect(id).not.toBeNull();
      made.push({ id: id!, days: days[i]! });
    }
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const get = (url: string) => ctx.call('GET', url, undefined, cookie);
    const expected = [...made].sort((a, b) => a.days - b.days || a.id - b.id).map((w) => w.id);
    for (const limit of [1, 2, 100]) {
      const walked = await walkPages<{ id: number; partsCost?: unknown }>(
        get,
        '/api/dealer/work-orders/page',
        limit,
      );
      expect(
        walked.map((w) => w.id),
        `by ${limit}`,
      ).toEqual(expected);
      // The shop's costs are never in a dealer's page (issue #43).
      expect(walked.some((w) => 'partsCost' in w)).toBe(false);
    }
    // A link names one work order, which may be on another page.
    expect((await get(`/api/dealer/work-orders/page?id=${expected.at(-1)}&limit=1`)).json()).toMatchObject({
      items: [{ id: expected.at(-1), packageName: 'Mechanical' }],
      nextCursor: null,
      total: 1,
    });
    // Another dealership reads none of them, even by id.
    const other = await sale();
    const theirs = (
      await ctx.call('GET', `/api/dealer/work-orders/page?id=${expected[0]}`, undefined, other.cookie)
    ).json();
    expect(theirs).toEqual({ items: [], nextCursor: null, total: 0 });
    // Bad paging is a 400; only a dealer reads it.
    for (const query of ['limit=0', 'limit=101', 'cursor=bm9wZQ', 'id=x'])
      expect((await get(`/api/dealer/work-orders/page?${query}`)).statusCode, query).toBe(400);
    const otherOrder = Buffer.from(JSON.stringify(['newest', '2026-01-01 00:00:00+00', 1])).toString(
      'base64url',
    );
    expect((await get(`/api/dealer/work-orders/page?cursor=${otherOrder}`)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dealer/work-orders/page' })).statusCode).toBe(
      401,
    );
    expect((await ctx.call('GET', '/api/dealer/work-orders/page', undefined, ctx.staff)).statusCode).toBe(
      403,
    );
  });

  it('lets staff and admins read the board by state and a dealer only its own', async () => {
    const a = await sale();
    const b = await sale();
    await a.patch((await a.view()).tasks[0].id, { status: 'in_progress' });
    const open = await ctx.call('GET', '/api/work-orders?status=in_progress', undefined, ctx.staff);
    expect(open.json().map((w: { id: number }) => w.id)).toContain(a.workOrderId);
    expect(open.json().map((w: { id: number }) => w.id)).not.toContain(b.workOrderId);
    const mine = await ctx.call('GET', '/api/dealer/work-orders/page', undefined, a.cookie);
    expect(mine.json().items.map((w: { id: number }) => w.id)).toEqual([a.workOrderId]);
    expect((await ctx.call('GET', `/api/work-orders/${b.workOrderId}`, undefined, a.cookie)).statusCode).toBe(
      403,
    );
    expect((await ctx.call('GET', '/api/work-orders/2000000', undefined, ctx.staff)).statusCode).toBe(404);
  });

  it('shows a dealer the package’s price and each task’s status, never the shop’s costs (issue #43)', async () => {
    const s = await sale();
    const tasks = (await s.view()).tasks as { id: number }[];
    const costs = {
      status: 'in_progress',
      partsCost: '1234.56',
      labourCost: '789.01',
      notes: 'Quote Q-4321',
    };
    expect((await s.patch(tasks[0]!.id, costs)).statusCode).toBe(200);
    expect(
      (await s.patch(tasks[1]!.id, { status: 'done', partsCost: '111.11', labourCost: '22.22' })).statusCode,
    ).toBe(200);
    // Staff and admins keep them.
    const shop = { partsCost: '1345.67', labourCost: '811.23', totalCost: '2156.90' };
    expect(await s.view(ctx.admin)).toMatchObject(shop);
    expect(await s.view(ctx.staff)).toMatchObject(shop);

    const mine = await ctx.call('GET', '/api/dealer/work-orders/page', undefined, s.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const [order] = mine.json().items;
    expect(order).toMatchObject({
      id: s.workOrderId,
      packageName: 'Mechanical',
      packagePrice: '495.00',
      status: 'in_progress',
      done: 1,
    });
    expect(order.tasks.slice(0, 2).map((t: { status: string }) => t.status)).toEqual(['in_progress', 'done']);
    for (const key of ['partsCost', 'labourCost', 'totalCost']) expect(order).not.toHaveProperty(key);
    for (const task of order.tasks)
      for (const key of ['partsCost', 'labourCost', 'notes']) expect(task).not.toHaveProperty(key);
    // Nor anywhere else the dealer reads the sale: its transactions and the messages it is sent.
    const figures = ['1234.56', '789.01', '111.11', '22.22', ...Object.values(shop), 'Q-4321'];
    const readByDealer = {
      workOrders: mine.body,
      transactions: (await ctx.call('GET', '/api/dealer/transactions', undefined, s.cookie)).body,
      messages: JSON.stringify(await outbox('work_order_started', s.workOrderId!)),
    };
    for (const [where, body] of Object.entries(readByDealer))
      for (const figure of figures) expect(body, `${where} shows ${figure}`).not.toContain(figure);
  });
});

describe('a work order past its promised date', () => {
  it('tells the dealer once', async () => {
    const s = await sale();
    await ctx.db
      .update(workOrders)
      .set({ promisedOn: '2020-01-02' })
      .where(eq(workOrders.id, s.workOrderId!));
    expect((await s.view()).overdue).toBe(true);
    expect(await notifyDelayedWorkOrders(ctx.db)).toBeGreaterThanOrEqual(1);
    await notifyDelayedWorkOrders(ctx.db);
    const told = await outbox('work_order_delayed', s.workOrderId!);
    expect(told.map((n) => n.recipient)).toEqual([s.dealer.email.toLowerCase()]);
    const tasks = await ctx.db
      .select()
      .from(workOrderTasks)
      .where(eq(workOrderTasks.workOrderId, s.workOrderId!));
    expect(told[0]!.payload).toMatchObject({ facts: { total: tasks.length, done: 0 } });
  });
});
