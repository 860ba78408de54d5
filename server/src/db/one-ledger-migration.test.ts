import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../test/factories';
import { requestsAs, signInAdmin } from '../../test/sessions';
import { withApp } from '../../test/with-app';
import { transactionEvents, transactions } from './schema';

/**
 * Migration 0011 (issue #27): sales marked paid by the old one-click toggle get the payment that
 * click stood for, so their ledger agrees with their flag; a cancelled sale is not a paid one.
 * Rows as the old code left them are written, then the migration's statements run on them.
 */
const ctx = withApp();

const migration = readFileSync(join(import.meta.dirname, 'migrations', '0011_one_ledger.sql'), 'utf8');
const migrate = async () => {
  for (const statement of migration.split('--> statement-breakpoint'))
    await ctx.db.execute(sql.raw(statement));
};

async function oldSale(values: { isPaid: boolean; cancelled?: boolean; paid?: string }) {
  const vehicle = await insertVehicle(ctx.db, { price: '12000.00', status: 'sold' });
  const dealer = await insertDealer(ctx.db);
  const [sale] = await ctx.db
    .insert(transactions)
    .values({
      vehicleId: vehicle.id,
      dealerId: dealer.id,
      amount: '12000.00',
      isPaid: values.isPaid,
      cancelled: values.cancelled ?? false,
    })
    .returning();
  if (values.paid)
    await ctx.db.insert(transactionEvents).values({
      transactionId: sale!.id,
      dealerId: dealer.id,
      type: 'payment_recorded',
      data: { amount: values.paid, method: 'ach', reference: '', receivedOn: '2026-11-02' },
      actorType: 'admin',
    });
  return sale!.id;
}

describe('migration 0011: hand-marked paid sales join the ledger', () => {
  it('records the rest of a marked-paid sale, leaves unpaid ones, clears the flag on cancelled ones', async () => {
    const marked = await oldSale({ isPaid: true });
    const partlyThenMarked = await oldSale({ isPaid: true, paid: '5000.00' });
    const unpaid = await oldSale({ isPaid: false, paid: '2000.00' });
    const cancelledPaid = await oldSale({ isPaid: true, cancelled: true });
    await migrate();
    // Run twice (a restore replayed): nothing is recorded twice.
    await migrate();

    const call = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const list = (await call('GET', '/api/transactions?limit=100')).json().items as {
      id: number;
      balance: string;
      refundOwed: string;
      isPaid: boolean;
      ledger: { kind: string; amount: string; method: string | null; by: string }[];
      timeline: { summary: string }[];
    }[];
    const view = (id: number) => list.find((t) => t.id === id)!;
    expect(view(marked)).toMatchObject({ balance: '0.00', isPaid: true });
    expect(view(marked).ledger.filter((e) => e.kind === 'payment')).toEqual([
      expect.objectContaining({ amount: '12000.00', method: null, by: 'system' }),
    ]);
    expect(view(marked).timeline.at(-1)!.summary).toMatch(
      /^Payment of \$12,000 by an unrecorded method \(ref\. Marked paid before payments were recorded\)/,
    );
    expect(view(partlyThenMarked)).toMatchObject({ balance: '0.00', isPaid: true });
    expect(
      view(partlyThenMarked)
        .ledger.filter((e) => e.kind === 'payment')
        .map((e) => e.amount),
    ).toEqual(['5000.00', '7000.00']);
    expect(view(unpaid)).toMatchObject({ balance: '10000.00', isPaid: false });
    expect(view(cancelledPaid)).toMatchObject({ isPaid: false, refundOwed: '12000.00' });
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, cancelledPaid));
    expect(row!.isPaid).toBe(false);
  });
});
