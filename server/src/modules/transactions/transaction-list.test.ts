import type { DealerTransaction } from '@contracts/buying';
import { waitsOnDealer } from '@contracts/dealer-tasks';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { expectEachOrder, nextAddress, walkPages } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { appSettings, transactionEvents, transactions } from '../../db/schema';
import { BAD_CURSOR } from '../../lib/keyset-page';
import { PAID_FLAGS_SETTING, reconcilePaidFlags } from './paid-flags';
import { syncPaidFlag } from './sale-timeline';

/** The admin's Transactions list paged by the server (issue #47): walks, orders, filters, counts, export. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

interface Row {
  id: number;
  dealerId: number;
  amount: string;
  createdAt: string;
  cancelled: boolean;
  vehicle: { vin: string };
}
const DAY = 86_400_000;
// Sales a minute apart or at the very same instant (ties on the sort key), some 40 days old.
const instants = [0, 0, 0, 60_000, 60_000, 40 * DAY, 40 * DAY, 120_000, 0, 40 * DAY + 1];
const amounts = [
  '5000.00',
  '5000.00',
  '12000.00',
  '700.50',
  '5000.00',
  '12000.00',
  '9000.00',
  '700.50',
  '5000.00',
  '31000.00',
];

let worlds = 0;
async function world() {
  worlds++;
  const base = Date.now() - 3_600_000;
  const acme = await insertDealer(ctx.db, { dealerName: `Acme Autos ${worlds}` });
  const zed = await insertDealer(ctx.db, { dealerName: `=HYPERLINK("http://evil.example/${worlds}")` });
  const sales: { id: number; vehicleId: number; vin: string; dealerId: number }[] = [];
  for (const [i, ago] of instants.entries()) {
    const vehicle = await insertVehicle(ctx.db, { status: 'sold' });
    const dealerId = i % 3 === 0 ? zed.id : acme.id;
    const [sale] = await ctx.db
      .insert(transactions)
      .values({
        vehicleId: vehicle.id,
        dealerId,
        amount: amounts[i]!,
        createdAt: new Date(base - ago),
        cancelled: i === 4,
      })
      .returning();
    sales.push({ id: sale!.id, vehicleId: vehicle.id, vin: vehicle.vin, dealerId });
  }
  return { acme, zed, sales };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const get = (url: string) => ctx.call('GET', url);

describe('GET /api/transactions, paged by the server', () => {
  it('walks every sale once under each order, ties included, and counts them', async () => {
    const { acme, zed, sales } = await world();
    const mine = `dealerId=`;
    const all = [
      ...(await walkPages<Row>(get, `/api/transactions?${mine}${acme.id}`, 2)),
      ...(await walkPages<Row>(get, `/api/transactions?${mine}${zed.id}`, 2)),
    ];
    expect(ids(all).sort()).toEqual(ids(sales).sort());
    await expectEachOrder(
      get,
      `/api/transactions?dealerId=${acme.id}`,
      all.filter((r) => r.dealerId === acme.id),
    );
  });

  it('filters on the server: dealer, state, days, owed, search by VIN, dealer name or number', async () => {
    const { acme, zed, sales } = await world();
    const walk = (query: string) => walkPages<Row>(get, `/api/transactions?${query}`, 2);
    const both = (query: string) =>
      Promise.all([walk(`dealerId=${acme.id}&${query}`), walk(`dealerId=${zed.id}&${query}`)]).then((r) =>
        ids(r.flat()).sort(),
      );
    const expected = (pick: (i: number) => boolean) => ids(sales.filter((_, i) => pick(i))).sort();
    expect(await both('state=cancelled')).toEqual(expected((i) => i === 4));
    expect(await both('state=open')).toEqual(expected((i) => i !== 4));
    // Nothing is paid: every open sale is owed.
    expect(await both('owed=true')).toEqual(expected((i) => i !== 4));
    // Paid in full: owed no longer; a delivery ordered after the payment owes again (the paid flag alone
    // would say paid). The fold decides, on the page, in the total and in the export.
    const step = (sale: (typeof sales)[number], type: string, data: Record<string, unknown>) =>
      ctx.db.insert(transactionEvents).values({
        transactionId: sale.id,
        dealerId: sale.dealerId,
        type,
        data,
        actorType: 'admin',
        actorId: 1,
      });
    for (const i of [0, 1]) {
      await step(sales[i]!, 'payment_recorded', {
        amount: amounts[i],
        method: 'ach',
        receivedOn: '2026-11-02',
        reference: 'ACH-1',
      });
      await ctx.db.update(transactions).set({ isPaid: true }).where(eq(transactions.id, sales[i]!.id));
    }
    await step(sales[1]!, 'transport_ordered', { orderId: 1, amount: '380.00', miles: 300 });
    // As the delivery order does after writing its charge.
    await syncPaidFlag(ctx.db, sales[1]!.id);
    expect(await both('owed=true')).toEqual(expected((i) => i !== 4 && i !== 0));
    const owedPage = await get(`/api/transactions?dealerId=${acme.id}&owed=true&limit=1`).then((r) =>
      r.json(),
    );
    expect(owedPage.total).toBe(expected((i) => i !== 4 && i !== 0 && i % 3 !== 0).length);
    const csv = parse((await get(`/api/transactions/export.csv?dealerId=${zed.id}&owed=true`)).body, {
      columns: true,
    });
    expect(csv).toHaveLength(expected((i) => i % 3 === 0 && i !== 0).length);
    const old = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    expect(await both(`to=${old}`)).toEqual(expected((i) => instants[i]! >= 40 * DAY));
    expect(await both(`from=${old}`)).toEqual(expected((i) => instants[i]! < 40 * DAY));
    const vin = sales[2]!.vin;
    expect(ids(await walk(`q=${vin.slice(-8)}`))).toEqual([sales[2]!.id]);
    expect(ids(await walk(`q=${vin.toLowerCase()}`))).toEqual([sales[2]!.id]);
    expect(ids(await walk(`q=${sales[5]!.id}`))).toContain(sales[5]!.id);
    expect(ids(await walk(`q=${sales[5]!.vehicleId}`))).toContain(sales[5]!.id);
    expect(ids(await walk(`dealerId=${acme.id}&q=acme aut`)).sort()).toEqual(expected((i) => i % 3 !== 0));
    // A search's LIKE wildcards are plain characters.
    expect(await walk('q=%25')).toEqual([]);
  });

  it('decides the derived filters by the sale’s state, with their counts, and pages them', async () => {
    const { zed, sales } = await world();
    const page = (query: string) =>
      get(`/api/transactions?dealerId=${zed.id}&${query}`).then((r) => r.json());
    // Zed's sales: 0, 3, 6, 9; 6 and 9 are 40 days old, unpaid, without a title: overdue and title late.
    const first = await page('filter=overdue&limit=1');
    expect(first.counts).toEqual({
      overdue: 2,
      title_late: 2,
      unwind_requested: 0,
      open_claims: 0,
      claim_payment_late: 0,
    });
    expect(first.total).toBe(2);
    const overdue = await walkPages<Row & { daysLate: number }>(
      get,
      `/api/transactions?dealerId=${zed.id}&filter=overdue`,
      1,
    );
    expect(ids(overdue)).toEqual([sales[6]!.id, sales[9]!.id]);
    expect(overdue.every((r) => r.daysLate > 0)).toBe(true);
    expect(await page('filter=open_claims')).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it('refuses a bad cursor, another order’s cursor and a bad limit (400), and serves admins only', async () => {
    const { acme } = await world();
    const refused = async (query: string) => {
      const res = await get(`/api/transactions?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toBe(
      'This page link is out of date or damaged: start again from the first page',
    );
    const { nextCursor } = (await get(`/api/transactions?dealerId=${acme.id}&limit=1`)).json();
    expect(await refused(`cursor=${nextCursor}&sort=oldest`)).toBe(
      'This page link belongs to another sort order: start again from the first page',
    );
    for (const limit of ['0', '101', 'x'])
      expect(await refused(`limit=${limit}`)).toContain('between 1 and 100');
    expect(await refused('from=yesterday')).toContain('YYYY-MM-DD');
    expect(await refused('sort=cheapest')).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/transactions', undefined, ctx.staff)).statusCode).toBe(403);
  });

  it('exports every sale of the list’s choices as CSV, streamed in order, formulas escaped', async () => {
    const { zed } = await world();
    const listed = await walkPages<Row>(get, `/api/transactions?dealerId=${zed.id}&sort=oldest`, 1);
    const res = await get(`/api/transactions/export.csv?dealerId=${zed.id}&sort=oldest`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.Transaction))).toEqual(ids(listed));
    expect(rows.every((r) => r.Dealer === `'${zed.dealerName}`)).toBe(true);
    const overdue = parse(
      (await get(`/api/transactions/export.csv?dealerId=${zed.id}&filter=overdue`)).body,
      {
        columns: true,
      },
    ) as Record<string, string>[];
    expect(overdue).toHaveLength(2);
    expect(overdue.every((r) => Number(r['Days late']) > 0)).toBe(true);
  });

  it('reconciles, once, paid flags a later charge left stale, so the owed narrowing sees them', async () => {
    const { zed, sales } = await world();
    const stale = sales[3]!;
    await ctx.db.insert(transactionEvents).values([
      {
        transactionId: stale.id,
        dealerId: stale.dealerId,
        type: 'payment_recorded',
        data: { amount: amounts[3], method: 'ach', receivedOn: '2026-11-02', reference: 'ACH-2' },
        actorType: 'admin',
        actorId: 1,
      },
      {
        transactionId: stale.id,
        dealerId: stale.dealerId,
        type: 'recon_package',
        data: { packageId: 1, name: 'Front line', amount: '450.00' },
        actorType: 'admin',
        actorId: 1,
      },
    ]);
    // Written as a package used to be: after the payment, the flag left as it was.
    await ctx.db.update(transactions).set({ isPaid: true }).where(eq(transactions.id, stale.id));
    const owed = () => walkPages<Row>(get, `/api/transactions?dealerId=${zed.id}&owed=true`, 5).then(ids);
    expect(await owed()).not.toContain(stale.id);
    await ctx.db.delete(appSettings).where(eq(appSettings.key, PAID_FLAGS_SETTING));
    expect(await reconcilePaidFlags(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await owed()).toContain(stale.id);
    // Once: a later start reads the setting and does nothing.
    expect(await reconcilePaidFlags(ctx.db)).toBeNull();
  });
});

/** The dealer's own sales a page at a time (Purchases, Deliveries, Documents; docs/features/dealer-dashboard.md). */
describe('GET /api/dealer/transactions/page, the dealership’s own sales', () => {
  async function signedIn(dealer: { id: number; dealerName: string }) {
    const { code } = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id });
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code },
      nextAddress(),
    );
    return (url: string) => ctx.call('GET', url, undefined, cookie);
  }

  it('walks its sales once under each order, live ones apart, one by id; members as their role allows; none of another’s', async () => {
    const { acme, zed, sales } = await world();
    const asAcme = await signedIn(acme);
    const acmes = await walkPages<Row>(asAcme, '/api/dealer/transactions/page', 2);
    expect(ids(acmes).sort()).toEqual(ids(sales.filter((s) => s.dealerId === acme.id)).sort());
    await expectEachOrder(asAcme, '/api/dealer/transactions/page?', acmes);
    // Deliveries: the live sales only (the fifth sale, Acme's, is cancelled).
    const live = await walkPages<Row>(asAcme, '/api/dealer/transactions/page?live=true', 1);
    expect(ids(live)).toEqual(ids(acmes.filter((r) => !r.cancelled)));
    expect(live.length).toBe(acmes.length - 1);
    // A link names one sale, which may be on another page.
    const named = (await asAcme(`/api/dealer/transactions/page?id=${acmes.at(-1)!.id}&limit=1`)).json();
    expect(named).toMatchObject({ items: [{ id: acmes.at(-1)!.id }], nextCursor: null, total: 1 });

    // Another dealership sees none of them, even by id.
    const asZed = await signedIn(zed);
    const zeds = await walkPages<Row>(asZed, '/api/dealer/transactions/page', 100);
    expect(ids(zeds).sort()).toEqual(ids(sales.filter((s) => s.dealerId === zed.id)).sort());
    expect((await asZed(`/api/dealer/transactions/page?id=${acmes[0]!.id}`)).json()).toMatchObject({
      items: [],
      total: 0,
    });

    // A viewer and a buyer of the team read the dealership's sales, as the whole list let them.
    for (const role of ['viewer', 'buyer'] as const) {
      const member = await insertMember(ctx.db, { dealerId: acme.id, role });
      const cookie = await signInMember(ctx.app, member.email, MEMBER_PASSWORD, nextAddress());
      const walked = await walkPages<Row>(
        (url) => ctx.call('GET', url, undefined, cookie),
        '/api/dealer/transactions/page',
        3,
      );
      expect(ids(walked), role).toEqual(ids(acmes));
    }
  });

  it('answers "Needs you" with exactly the live sales the whole list says wait on the dealer', async () => {
    const { acme, zed, sales } = await world();
    const asAcme = await signedIn(acme);
    const waiting = async (as: typeof asAcme) => {
      const res = await as('/api/dealer/transactions/waiting');
      expect(res.statusCode, res.body).toBe(200);
      const whole = (await as('/api/dealer/transactions')).json() as DealerTransaction[];
      const kept = ids(whole.filter(waitsOnDealer));
      expect(ids(res.json()), 'the fold over the whole list keeps the same sales').toEqual(kept);
      return kept;
    };
    const acmes = sales.filter((s) => s.dealerId === acme.id);
    const live = acmes.filter((s) => s.id !== sales[4]!.id);
    // Nothing is paid: every live sale is owed (the cancelled one is not).
    expect((await waiting(asAcme)).sort()).toEqual(ids(live).sort());
    const step = (sale: (typeof sales)[number], type: string, data: Record<string, unknown>) =>
      ctx.db.insert(transactionEvents).values({
        transactionId: sale.id,
        dealerId: sale.dealerId,
        type,
        data,
        actorType: 'admin',
        actorId: 1,
      });
    const paid = live[0]!;
    await step(paid, 'payment_recorded', {
      amount: amounts[sales.indexOf(paid)],
      method: 'ach',
      receivedOn: '2026-11-02',
      reference: 'ACH-9',
    });
    await syncPaidFlag(ctx.db, paid.id);
    expect(await waiting(asAcme)).not.toContain(paid.id);
    // Its title sent: it waits again, until the dealer confirms it.
    await step(paid, 'title_sent', { carrier: 'UPS', tracking: '1Z999' });
    expect(await waiting(asAcme)).toContain(paid.id);
    await step(paid, 'title_confirmed', {});
    expect(await waiting(asAcme)).not.toContain(paid.id);
    // Another dealership's list holds its own sales only.
    const zeds = await waiting(await signedIn(zed));
    expect(zeds.sort()).toEqual(ids(sales.filter((s) => s.dealerId === zed.id)).sort());
  });

  it('refuses a bad cursor, another order’s cursor, a bad limit or sort (400), and serves dealers only', async () => {
    const { acme } = await world();
    const asAcme = await signedIn(acme);
    const refused = async (query: string) => {
      const res = await asAcme(`/api/dealer/transactions/page?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toBe(BAD_CURSOR);
    const { nextCursor } = (await asAcme('/api/dealer/transactions/page?limit=1')).json();
    expect(await refused(`cursor=${nextCursor}&sort=amount`)).toMatch(/another sort order/);
    await refused('limit=101');
    await refused('sort=owed');
    await refused('id=abc');
    // The admin is no dealer: the dealer's list is not theirs to read.
    expect((await get('/api/dealer/transactions/page')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/dealer/transactions/page' })).statusCode).toBe(401);
  });
});
