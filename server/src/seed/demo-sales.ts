import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { centsToDecimal, decimalToCents } from '@contracts/money';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { transactions } from '../db/schema';
import type { Actor } from '../lib/actor';
import { recordSaleEvent } from '../modules/transactions/sale-events';
import { getTransactionView } from '../modules/transactions/transaction-views';
import { demoAdmin } from './demo-lookups';
import { seedDemoWorkOrders } from './demo-work-orders';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's sales at every step after Buy Now (issue #18), written through the same use case as
 * the admin's and dealer's own steps: one sale paid in full (its price and its reconditioning
 * package), its title sent and confirmed, picked up and under an open guarantee claim; one partly
 * paid and overdue, title received, held on the lot until the balance is paid;
 * one whose title is late, with the dealer's request to unwind waiting. Their packages go on them
 * first (seedDemoWorkOrders: the ledger's charge and the work order), as a purchase puts them
 * there, so each deal total counts its package. Run once, on the demo's first start, after the
 * demo seed made the sales (oldest first: completed, pending, offer).
 */
export async function seedDemoSales(db: Database, now = new Date()) {
  const sales = await db
    .select()
    .from(transactions)
    .where(eq(transactions.cancelled, false))
    .orderBy(asc(transactions.id));
  const asAdmin: Actor = await demoAdmin(db);
  const backdate = (id: number, days: number) =>
    db
      .update(transactions)
      .set({ createdAt: new Date(now.getTime() - days * DAY) })
      .where(eq(transactions.id, id));
  const dayOf = (days: number, zone: string) => dateInZone(new Date(now.getTime() - days * DAY), zone);

  const [done, pending, fromOffer] = sales;
  if (done) await backdate(done.id, 6);
  if (pending) await backdate(pending.id, 10);
  if (fromOffer) await backdate(fromOffer.id, 35);
  // Bought with their packages: the charges on the ledgers and the work orders, before any payment.
  await seedDemoWorkOrders(db);

  if (done) {
    const zone = done.terms.timeZone;
    const asDealer: Actor = { type: 'dealer', id: done.dealerId };
    const step = (body: Parameters<typeof recordSaleEvent>[2], actor = asAdmin) =>
      recordSaleEvent(db, done.id, body, actor);
    await step({ type: 'title_received', withDeal: true });
    // Paid in full the next business day, before its due date (so no late fee): the whole deal,
    // the price and the package (dealOf, docs/decisions/0033-one-deal-total.md).
    const { deal } = (await getTransactionView(db, done.id))!;
    await step({
      type: 'payment_recorded',
      amount: centsToDecimal(decimalToCents(deal.total) - decimalToCents(deal.fees)),
      method: 'wire',
      reference: 'FED-20931',
      receivedOn: addBusinessDays(dayOf(6, zone), 1),
    });
    await step({ type: 'title_sent', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await step({ type: 'title_confirmed' }, asDealer);
    await step({
      type: 'pickup_ready',
      address: '2200 Commerce Dr, Dallas, TX 75201',
      hours: 'Mon–Fri 8 am–5 pm',
    });
    await step({ type: 'picked_up', on: dayOf(1, zone), by: 'Marco Diaz (dealer driver)' });
    await step(
      {
        type: 'claim_opened',
        category: 'mechanical',
        description: 'A/C blows warm; the compressor clutch does not engage. Not in the condition report.',
        estimate: '640.00',
      },
      asDealer,
    );
  }
  if (pending) {
    const zone = pending.terms.timeZone;
    await recordSaleEvent(
      db,
      pending.id,
      {
        type: 'payment_recorded',
        amount: centsToDecimal(Math.round(decimalToCents(pending.amount) * 0.4)),
        method: 'ach',
        reference: 'ACH 7741-22',
        receivedOn: dayOf(8, zone),
      },
      asAdmin,
    );
    // Title in, but the car stays on the lot until the balance is paid (the release rule).
    await recordSaleEvent(db, pending.id, { type: 'title_received' }, asAdmin);
  }
  if (fromOffer) {
    await recordSaleEvent(
      db,
      fromOffer.id,
      {
        type: 'unwind_requested',
        reason: 'Five weeks and still no title; we cannot retail the car without it.',
      },
      { type: 'dealer', id: fromOffer.dealerId },
    );
  }
}
