import { searchWordsOf } from '@contracts/vehicle-search';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  alertSchedules,
  buyOrderMatches,
  buyOrders,
  buyOrderTargets,
  dealers,
  savedSearches,
  transactions,
  vehicles,
} from '../db/schema';
import { matchBuyOrders } from '../modules/buy-orders/match-buy-orders';
import { matchSavedSearches } from '../modules/buy-orders/match-saved-searches';
import { updateVehicleRow } from '../modules/vehicle-rows/vehicle-rows';
import { demoDealerAndPerson, oldestListingWithoutOffers } from './demo-lookups';
import { DEMO_TEAM_DEALER } from './demo-team';

const LAKESIDE = 'Lakeside Auto Sales';

/** A date `days` from today (UTC), as the needed-by column keeps it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface DemoOrder {
  dealer: string;
  /** The team member's e-mail prefix who placed it; none: the dealership (no team). */
  person?: 'tom' | 'rita';
  targets: [make: string, model: string | null][];
  order: Partial<typeof buyOrders.$inferInsert> & { quantity: number; neededBy: string };
}

/**
 * Buy orders in every state (docs/design.md §13), for a newcomer's dashboard: open ones that the
 * published demo cars match (their match alerts wait in the outbox like any other), a paused one,
 * one filled by the demo team's purchase, one past its date, one cancelled; and a car held for a
 * first look by the demo team's open Toyota order.
 */
const ORDERS: DemoOrder[] = [
  {
    dealer: DEMO_TEAM_DEALER,
    person: 'rita',
    targets: [['Toyota', null]],
    order: {
      yearMin: 2016,
      maxMiles: 90000,
      maxPrice: '35000.00',
      quantity: 3,
      neededBy: inDays(45),
      deliveryZip: '07701',
      // By e-mail to Rita and a text to the dealership's phone, held through her quiet hours.
      alertChannel: 'both',
    },
  },
  {
    dealer: DEMO_TEAM_DEALER,
    person: 'tom',
    targets: [
      ['Ford', 'F-150'],
      ['Chevrolet', 'Silverado 1500'],
    ],
    order: {
      yearMin: 2018,
      minGrade: '3.5',
      quantity: 2,
      neededBy: inDays(60),
      deliveryZip: '07701',
      status: 'paused',
      reconNote: 'Front-line ready, bed liner',
    },
  },
  {
    dealer: LAKESIDE,
    targets: [
      ['Honda', 'Accord'],
      ['Honda', 'CR-V'],
    ],
    order: {
      maxMiles: 80000,
      certification: 'all',
      quantity: 2,
      neededBy: inDays(30),
      deliveryZip: '53703',
      // Its matches come in one e-mail a day, at Lakeside's digest hour.
      alertCadence: 'daily',
    },
  },
  {
    dealer: LAKESIDE,
    targets: [['BMW', 'X5']],
    order: { yearMin: 2019, quantity: 1, neededBy: inDays(-5), deliveryZip: '53703' },
  },
  {
    dealer: LAKESIDE,
    targets: [['Jeep', null]],
    order: { quantity: 1, neededBy: inDays(20), deliveryZip: '53703', status: 'cancelled' },
  },
];

interface DemoSearch {
  dealer: string;
  person?: 'tom' | 'rita';
  name: string;
  q: string;
  search: Partial<typeof savedSearches.$inferInsert>;
}

const SEARCHES: DemoSearch[] = [
  { dealer: LAKESIDE, name: 'Camrys', q: 'camry', search: {} },
  { dealer: LAKESIDE, name: 'Grade 4.0 and up', q: '', search: { grade: '4.0', alertCadence: 'daily' } },
  {
    dealer: DEMO_TEAM_DEALER,
    person: 'rita',
    name: 'Auction certified trucks',
    q: 'f-150',
    search: { cert: 'auction' },
  },
  { dealer: DEMO_TEAM_DEALER, person: 'tom', name: 'BMWs', q: 'bmw', search: { alerts: false } },
];

export async function seedDemoBuyOrders(db: Database, lotZip: string) {
  await db.transaction(async (tx) => {
    for (const demo of ORDERS) {
      const found = await demoDealerAndPerson(tx, demo.dealer, demo.person);
      if (!found) continue;
      const { dealer, person } = found;
      const [order] = await tx
        .insert(buyOrders)
        .values({
          dealerId: dealer.id,
          dealerUserId: person?.id ?? null,
          deliveryZip: '10001',
          ...demo.order,
        })
        .returning();
      await tx.insert(buyOrderTargets).values(
        demo.targets.map(([make, model]) => ({
          orderId: order!.id,
          make: make.toLowerCase(),
          model: model?.toLowerCase() ?? null,
          makeLabel: make,
          modelLabel: model,
        })),
      );
    }

    // Filled: the demo team's purchase was what its one-car order asked for.
    const [sale] = await tx
      .select({
        id: transactions.id,
        dealerId: transactions.dealerId,
        buyerUserId: transactions.buyerUserId,
        vehicle: vehicles,
      })
      .from(transactions)
      .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
      .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
      .where(and(eq(dealers.dealerName, DEMO_TEAM_DEALER), eq(transactions.cancelled, false)))
      .orderBy(asc(transactions.id))
      .limit(1);
    if (sale?.vehicle.make) {
      const [filled] = await tx
        .insert(buyOrders)
        .values({
          dealerId: sale.dealerId,
          dealerUserId: sale.buyerUserId,
          quantity: 1,
          filled: 1,
          status: 'filled',
          neededBy: inDays(10),
          deliveryZip: '07701',
        })
        .returning();
      await tx.insert(buyOrderTargets).values({
        orderId: filled!.id,
        make: sale.vehicle.make.toLowerCase(),
        model: sale.vehicle.model?.toLowerCase() ?? null,
        makeLabel: sale.vehicle.make,
        modelLabel: sale.vehicle.model,
      });
      await tx.insert(buyOrderMatches).values({
        orderId: filled!.id,
        vehicleId: sale.vehicle.id,
        reason: 'published',
        transactionId: sale.id,
      });
    }

    // First look: the Highlander, as if just completed with a 2-hour hold for the orders it matches
    // (the demo team's Toyota order): held for that dealership, out of everyone else's view.
    const highlander = await oldestListingWithoutOffers(
      tx,
      eq(vehicles.make, 'Toyota'),
      eq(vehicles.model, 'Highlander'),
    );
    if (highlander) {
      await updateVehicleRow(tx, highlander.id, {
        inQueue: true,
        firstLookUntil: sql`now() + interval '2 hours'`,
      });
      await matchBuyOrders(tx, highlander.id, 'published');
      await tx.execute(sql`
        update buy_order_matches set first_look_until = (select first_look_until from vehicles where id = ${highlander.id})
        where vehicle_id = ${highlander.id}`);
    }

    // Saved searches: alerts instantly, in the daily digest, and off; Rita's quiet hours.
    for (const demo of SEARCHES) {
      const found = await demoDealerAndPerson(tx, demo.dealer, demo.person);
      if (!found) continue;
      const { dealer, person } = found;
      await tx.insert(savedSearches).values({
        dealerId: dealer.id,
        dealerUserId: person?.id ?? null,
        name: demo.name,
        q: demo.q,
        words: searchWordsOf(demo.q),
        ...demo.search,
      });
      if (person && demo.person === 'rita')
        await tx
          .insert(alertSchedules)
          .values({ dealerId: dealer.id, dealerUserId: person.id, quietStart: 21, quietEnd: 7 })
          .onConflictDoNothing();
    }

    // The published cars as if each had just been completed: the open orders' and saved searches'
    // matches and alerts.
    const published = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.status, 'active'), eq(vehicles.inQueue, false)))
      .orderBy(asc(vehicles.id));
    for (const vehicle of published) {
      await matchBuyOrders(tx, vehicle.id, 'published');
      await matchSavedSearches(tx, vehicle.id, lotZip);
    }
  });
}
