import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import {
  buyCodes,
  dealers,
  floorPlanLines,
  floorPlanRequests,
  transactions,
  transportOrders,
  vehicles,
  watchlistEntries,
} from '../db/schema';
import type { Actor } from '../lib/actor';
import {
  lockLiveOrder,
  lockOwnSale,
  orderTransportInTx,
  recordTransportStatus,
} from '../modules/delivery/transport-orders';
import { recordFloorPlanStep, requestFloorPlanInTx } from '../modules/floor-plan/floor-plan-requests';
import { purchaseWithCode } from '../modules/purchases/purchase-with-code';
import { demoAdmin, oldestListingWithoutOffers } from './demo-lookups';

const DAY = 24 * 60 * 60 * 1000;

/** Each demo dealership's line (the account numbers are made up). */
const LINES = [
  { dealerName: 'Lakeside Auto Sales', lender: 'nextgear', accountNumber: 'NG-4471-8214' },
  { dealerName: 'Route 9 Motors', lender: 'afc', accountNumber: 'AFC-220-5310' },
  { dealerName: 'Desert Sun Buy Here Pay Here', lender: 'kinetic', accountNumber: 'KA-10042' },
] as const;

/**
 * Certified delivery and floor plan in the demo (issue #32), through the modules' own steps: each
 * dealership has a floor-plan line; Lakeside (the demo sign-in) bought one more car with delivery
 * paid by its NextGear line — approved, funded, and now in transit with an ETA; Route 9's partly
 * paid sale has delivery ordered and a floor-plan request waiting for the lender, so its transport
 * waits for release (money owed and its reconditioning open). With no carrier or lender configured
 * (the demo's default) both are "arranged by our team"; the boards show them. Runs once, last.
 */
export async function seedDemoDelivery(db: Database, config: Config, now = new Date()) {
  const asAdmin = await demoAdmin(db);
  const lines = new Map<string, number>();
  for (const line of LINES) {
    const [dealer] = await db.select().from(dealers).where(eq(dealers.dealerName, line.dealerName));
    if (!dealer) continue;
    const [row] = await db
      .insert(floorPlanLines)
      .values({
        dealerId: dealer.id,
        lender: line.lender,
        accountNumber: line.accountNumber,
        createdBy: `dealer:${dealer.id}`,
      })
      .returning();
    lines.set(line.dealerName, row!.id);
  }

  // Lakeside's delivered-to-order car: a published car nobody offered on or watches, bought with its code.
  const [lakeside] = await db.select().from(dealers).where(eq(dealers.dealerName, 'Lakeside Auto Sales'));
  const [code] = lakeside
    ? await db
        .select()
        .from(buyCodes)
        .where(and(eq(buyCodes.dealerId, lakeside.id), eq(buyCodes.active, true)))
        .orderBy(asc(buyCodes.id))
        .limit(1)
    : [];
  // The oldest such car: the journeys take the newest listings for their own purposes.
  const car = await oldestListingWithoutOffers(
    db,
    isNull(vehicles.firstLookUntil),
    notExists(
      db.select({ one: sql`1` }).from(watchlistEntries).where(eq(watchlistEntries.vehicleId, vehicles.id)),
    ),
  );
  if (lakeside && code && car && lines.has(lakeside.dealerName)) {
    const { transactionId } = await purchaseWithCode(
      db,
      {
        code: code.code,
        vehicleId: car.id,
        transport: { toZip: '53703', address: '1200 Lakeshore Dr, Madison', enclosed: false, notes: '' },
        floorPlanLineId: lines.get(lakeside.dealerName)!,
      },
      undefined,
      config,
    );
    await db.transaction(async (tx) => {
      const sale = await lockOwnSale(tx, transactionId, asAdmin);
      const [request] = await tx
        .select()
        .from(floorPlanRequests)
        .where(eq(floorPlanRequests.transactionId, sale.id));
      await recordFloorPlanStep(
        tx,
        sale,
        request!,
        { status: 'approved', reference: 'NG-APR-30417' },
        asAdmin,
        config,
      );
      const [approved] = await tx
        .select()
        .from(floorPlanRequests)
        .where(eq(floorPlanRequests.id, request!.id));
      await recordFloorPlanStep(
        tx,
        sale,
        approved!,
        { status: 'funded', reference: 'NG-FND-30417' },
        asAdmin,
        config,
      );
      // Released by the approval; a carrier booked, picked up yesterday, due tomorrow afternoon.
      const order = await lockLiveOrder(tx, sale.id);
      for (const status of ['assigned', 'picked_up', 'in_transit'] as const) {
        const [current] = await tx.select().from(transportOrders).where(eq(transportOrders.id, order!.id));
        await recordTransportStatus(
          tx,
          current!,
          status,
          {
            carrierName: 'Lone Star Auto Transport',
            eta: new Date(now.getTime() + 1.2 * DAY).toISOString(),
            note: status === 'picked_up' ? 'Picked up at the lot; 12 photos at inspection' : null,
          },
          asAdmin,
        );
      }
    });
  }

  // Route 9's partly paid sale: delivery ordered and its balance asked of the lender.
  const [route9] = await db.select().from(dealers).where(eq(dealers.dealerName, 'Route 9 Motors'));
  const [pending] = route9
    ? await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.dealerId, route9.id), eq(transactions.cancelled, false)))
        .orderBy(asc(transactions.id))
        .limit(1)
    : [];
  if (pending && route9 && lines.has(route9.dealerName)) {
    const asDealer: Actor = { type: 'dealer', id: route9.id };
    await db.transaction(async (tx) => {
      const sale = await lockOwnSale(tx, pending.id, asDealer);
      await orderTransportInTx(
        tx,
        sale,
        {
          toZip: '12866',
          address: '455 Route 9, Saratoga Springs',
          enclosed: true,
          notes: 'Gate closes at 6 pm',
        },
        asDealer,
        config,
      );
      await requestFloorPlanInTx(tx, sale, lines.get(route9.dealerName)!, asDealer, config);
    });
  }
}
