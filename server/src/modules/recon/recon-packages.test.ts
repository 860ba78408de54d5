import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUYING_TEXT } from '@contracts/buying';
import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode } from '../../../test/helpers';
import { scratchDir } from '../../../test/scratch';
import { withApp } from '../../../test/with-app';
import { transactionEvents, transactions, workOrders, workOrderTasks } from '../../db/schema';

const ctx = withApp({ signIn: ['admin'] });

type Package = { id: number; name: string; price: string; checklist: string[]; retired: boolean };
const offered = async () => (await ctx.app.inject('/api/recon-packages')).json() as Package[];
const named = async (name: string) => (await offered()).find((p) => p.name === name)!;
const saleOf = async (vehicleId: number) =>
  (await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicleId)))[0];
const ledgerOf = async (transactionId: number) => {
  const list = (await ctx.call('GET', '/api/transactions?limit=100')).json().items as {
    id: number;
    balance: string;
    ledger: { kind: string; label: string; amount: string }[];
  }[];
  return list.find((t) => t.id === transactionId)!;
};

describe('reconditioning packages', () => {
  it('offers the four defaults in order to anyone, as inspected first and free', async () => {
    const list = await offered();
    expect(list.map((p) => [p.name, p.price])).toEqual([
      ['As inspected', '0.00'],
      ['Mechanical', '495.00'],
      ['Front-line ready', '1295.00'],
      ['Near-CPO', '2450.00'],
    ]);
    expect(list.every((p) => !p.retired)).toBe(true);
  });

  it('are kept by admins: added, renamed, retired and offered again; bad input changes nothing', async () => {
    const created = await ctx.call('POST', '/api/recon-packages', {
      name: 'Detail only',
      price: '$149.50',
      checklist: ['Full detail', 'Photos'],
      promisedDays: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Detail only',
      price: '149.50',
      checklist: ['Full detail', 'Photos'],
    });
    const id = created.json().id as number;
    for (const [body, message] of [
      [{ name: 'detail ONLY', price: '1' }, RECON_PACKAGE_TEXT.nameTaken],
      [{ name: 'Cheap', price: '-5' }, RECON_PACKAGE_TEXT.price],
      [{ name: 'Dear', price: '100000' }, RECON_PACKAGE_TEXT.price],
      [{ name: '', price: '5' }, RECON_PACKAGE_TEXT.nameRequired],
      [{ name: 'Slow', price: '5', promisedDays: 90 }, RECON_PACKAGE_TEXT.promisedDays],
    ] as const) {
      const res = await ctx.call('POST', '/api/recon-packages', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.json().message).toContain(message);
    }
    const retired = await ctx.call('PATCH', `/api/recon-packages/${id}`, { retired: true });
    expect(retired.json().retired).toBe(true);
    // Retiring changes nothing else: the checklist, description and promise are kept.
    expect(retired.json()).toMatchObject({ checklist: ['Full detail', 'Photos'], promisedDays: 1 });
    expect((await offered()).some((p) => p.id === id)).toBe(false);
    const all = (await ctx.call('GET', '/api/recon-packages/all')).json() as Package[];
    expect(all.at(-1)).toMatchObject({ id, retired: true });
    const restored = await ctx.call('PATCH', `/api/recon-packages/${id}`, { retired: false });
    expect(restored.json()).toMatchObject({
      retired: false,
      checklist: ['Full detail', 'Photos'],
      promisedDays: 1,
    });
    // A price change alone keeps the rest too.
    const repriced = await ctx.call('PATCH', `/api/recon-packages/${id}`, { price: '175' });
    expect(repriced.json()).toMatchObject({
      price: '175.00',
      checklist: ['Full detail', 'Photos'],
      promisedDays: 1,
    });
    // Only admins keep them.
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/recon-packages',
      payload: { name: 'X', price: '1' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is chosen at Buy Now: its price is a charge on the ledger, the work order opens, the bill of sale lists it', async () => {
    const frontLine = await named('Front-line ready');
    const car = await insertVehicle(ctx.db, { price: '20000.00' });
    const { code, dealer } = await dealerWithCode(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { code, vehicleId: car.id, reconPackageId: frontLine.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = (await saleOf(car.id))!;
    expect(sale.amount).toBe('20000.00');
    const view = await ledgerOf(sale.id);
    expect(view.ledger.map((l) => [l.kind, l.label, l.amount])).toEqual([
      ['price', 'Price', '20000.00'],
      ['charge', 'Reconditioning: Front-line ready', '1295.00'],
    ]);
    expect(view.balance).toBe('21295.00');
    const [order] = await ctx.db.select().from(workOrders).where(eq(workOrders.transactionId, sale.id));
    expect(order).toMatchObject({
      packageName: 'Front-line ready',
      packagePrice: '1295.00',
      dealerId: dealer.id,
    });
    const tasks = await ctx.db.select().from(workOrderTasks).where(eq(workOrderTasks.workOrderId, order!.id));
    expect(tasks.filter((t) => t.source === 'package').map((t) => t.title)).toEqual(frontLine.checklist);

    const pdf = await ctx.app.inject({
      url: `/api/transactions/${sale.id}/bill-of-sale`,
      headers: { cookie: ctx.admin },
    });
    const dir = scratchDir('recon-bos-');
    writeFileSync(join(dir, 'bos.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'bos.pdf'), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text, text).toContain(
      'Reconditioning: Front-line ready $1,295. Total $21,295. Received to date $0. Balance due $21,295.',
    );
  });

  it('as inspected adds nothing and opens no work order', async () => {
    const asInspected = await named('As inspected');
    const car = await insertVehicle(ctx.db, { price: '15000.00', damage: [], warningLights: [] });
    const { code } = await dealerWithCode(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { code, vehicleId: car.id, reconPackageId: asInspected.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = (await saleOf(car.id))!;
    expect(
      await ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, sale.id)),
    ).toEqual([]);
    expect(await ctx.db.select().from(workOrders).where(eq(workOrders.transactionId, sale.id))).toEqual([]);
  });

  it('a retired or unknown package refuses the purchase and the offer, and sells nothing', async () => {
    const created = await ctx.call('POST', '/api/recon-packages', { name: 'Gone soon', price: '10' });
    await ctx.call('PATCH', `/api/recon-packages/${created.json().id}`, { retired: true });
    const car = await insertVehicle(ctx.db, { price: '12000.00' });
    const { code } = await dealerWithCode(ctx.db);
    for (const [reconPackageId, status, message] of [
      [created.json().id, 409, RECON_PACKAGE_TEXT.noneOffered],
      [999_999, 404, RECON_PACKAGE_TEXT.notFound],
    ] as const) {
      const bought = await ctx.app.inject({
        method: 'POST',
        url: '/api/verify-code',
        payload: { code, vehicleId: car.id, reconPackageId },
      });
      expect(bought.statusCode).toBe(status);
      expect(bought.json().message).toBe(message);
      const offer = await ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${car.id}/offers`,
        payload: { amount: '11000', buyCode: code, reconPackageId },
      });
      expect(offer.statusCode).toBe(status);
    }
    expect(await saleOf(car.id)).toBeUndefined();
    // Without a package it sells as inspected.
    expect((await buyNow(ctx.app, code, car.id)).json().message).toBe(BUYING_TEXT.buySuccess);
  });

  it('an offer made with a package sells with it when accepted, even if the package was retired since', async () => {
    const created = await ctx.call('POST', '/api/recon-packages', {
      name: 'Offer special',
      price: '300',
      checklist: ['Wash'],
    });
    const car = await insertVehicle(ctx.db, { price: '18000.00' });
    const { code } = await dealerWithCode(ctx.db);
    const offer = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${car.id}/offers`,
      payload: { amount: '16000', buyCode: code, reconPackageId: created.json().id },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    await ctx.call('PATCH', `/api/recon-packages/${created.json().id}`, { retired: true });
    const accepted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/offers/${offer.json().id}`,
      payload: { status: 'accepted' },
      headers: { cookie: ctx.admin },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sale = (await saleOf(car.id))!;
    const view = await ledgerOf(sale.id);
    expect(view.ledger.map((l) => l.label)).toEqual(['Price', 'Reconditioning: Offer special']);
    expect(view.balance).toBe('16300.00');
  });
});

describe('a buy order names its package', () => {
  it('is placed with a package and reads it back; a retired one is refused', async () => {
    const { dealer, code } = await dealerWithCode(ctx.db);
    const cookie = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/dealer/login',
        payload: { dealerName: dealer.dealerName, buyCode: code },
      })
    ).headers['set-cookie'] as string;
    const mechanical = await named('Mechanical');
    const order = {
      targets: [{ make: 'Toyota' }],
      certification: 'all',
      quantity: 1,
      neededBy: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      deliveryZip: '60614',
    };
    const placed = await ctx.call(
      'POST',
      '/api/dealer/buy-orders',
      { ...order, reconPackageId: mechanical.id },
      cookie,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().reconPackage).toBe('Mechanical');
    const gone = await ctx.call('POST', '/api/recon-packages', { name: 'Order special', price: '50' });
    await ctx.call('PATCH', `/api/recon-packages/${gone.json().id}`, { retired: true });
    const refused = await ctx.call(
      'POST',
      '/api/dealer/buy-orders',
      { ...order, reconPackageId: gone.json().id },
      cookie,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RECON_PACKAGE_TEXT.noneOffered);
  });
});
