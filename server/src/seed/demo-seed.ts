import { OFFER_WINDOW_HOURS } from '@contracts/limits';
import { formatAmount } from '@contracts/money';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buyCodes, dealers, offerActivities, offers, transactions, vehicles } from '../db/schema';
import { insertBuyCode } from '../modules/buy-codes/insert-buy-code';
import { insertVehicleRows, updateVehicleRow } from '../modules/vehicle-rows/vehicle-rows';
import { DEMO_THUMBNAIL_URL, DEMO_VIDEO_URL } from '../plugins/demo-media';
import { DEMO_CONDITIONS, demoReconNotesOf } from './demo-conditions';
import { certificationOf, DEMO_VEHICLES, demoVin } from './demo-vehicles';

const HOUR = 3600_000;

const DEMO_DEALERS = [
  {
    dealerName: 'Lakeside Auto Sales',
    address: '1200 Lakeshore Dr, Madison, WI 53703',
    contactName: 'Dana Whitfield',
    email: 'dana@lakesideauto.example',
    phone: '(608) 555-0114',
    billingContactName: 'Marcus Lee',
    billingContactEmail: 'billing@lakesideauto.example',
    billingContactPhone: '(608) 555-0115',
    titleContactName: 'Priya Natarajan',
    titleContactEmail: 'titles@lakesideauto.example',
    titleContactPhone: '(608) 555-0116',
  },
  {
    dealerName: 'Route 9 Motors',
    address: '455 Route 9, Saratoga Springs, NY 12866',
    contactName: 'Tom Alvarez',
    email: 'tom@route9motors.example',
    phone: '(518) 555-0172',
    billingContactName: 'Tom Alvarez',
    billingContactEmail: 'accounts@route9motors.example',
    billingContactPhone: '(518) 555-0173',
    titleContactName: 'Keisha Brown',
    titleContactEmail: 'titles@route9motors.example',
    titleContactPhone: '(518) 555-0174',
  },
  {
    dealerName: 'Desert Sun Buy Here Pay Here',
    address: '88 E Camelback Rd, Phoenix, AZ 85012',
    contactName: 'Luis Ortega',
    email: 'luis@desertsunbhph.example',
    phone: '(602) 555-0190',
    billingContactName: 'Amy Chen',
    billingContactEmail: 'ap@desertsunbhph.example',
    billingContactPhone: '(602) 555-0191',
    titleContactName: 'Amy Chen',
    titleContactEmail: 'titles@desertsunbhph.example',
    titleContactPhone: '(602) 555-0191',
  },
];

export interface DemoSeedResult {
  seeded: boolean;
  dealer?: { dealerName: string; buyCode: string };
}

/** True when the database holds no business data, the only case in which the demo seed runs. */
export async function isDatabaseEmpty(db: Database) {
  const [v] = await db.select({ n: count() }).from(vehicles);
  const [d] = await db.select({ n: count() }).from(dealers);
  return (v?.n ?? 0) === 0 && (d?.n ?? 0) === 0;
}

/**
 * Seeds a living marketplace (docs/design.md §1): 36 vehicles in every state, three dealers with
 * random buy codes, offers in every state with their activity logs, and transactions.
 * Runs in one DB transaction and never on a database that has data.
 */
export async function seedDemoData(
  db: Database,
  premiumLabel: string,
  now = new Date(),
): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx as unknown as Database))) return { seeded: false };
    const t = tx as unknown as Database;
    const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR);

    const dealerRows = await t.insert(dealers).values(DEMO_DEALERS).returning();
    const codes = [];
    for (const dealer of dealerRows) codes.push(await insertBuyCode(t, { dealerId: dealer.id }));
    // An older, deactivated code so the dealer dashboard shows both labels.
    await insertBuyCode(t, { dealerId: dealerRows[0]!.id, active: false, expiresAt: at(-24 * 30) });

    const vehicleRows = await insertVehicleRows(
      t,
      DEMO_VEHICLES.map((vehicle, i) => ({
        vin: demoVin(vehicle, i + 1),
        make: vehicle.make,
        model: vehicle.model,
        trim: vehicle.trim,
        year: vehicle.year,
        mileage: vehicle.mileage,
        price: vehicle.price,
        description: vehicle.description,
        condition: certificationOf(vehicle, premiumLabel),
        // A walkaround video on every third car, so the video dialogs have something to play.
        videos: i % 3 === 0 ? [DEMO_VIDEO_URL] : [],
        videoThumbnails: i % 3 === 0 ? [DEMO_THUMBNAIL_URL] : [],
        status: 'active',
        inQueue: false,
        ...demoReconNotesOf(DEMO_CONDITIONS[i]!),
        createdAt: at(-24 * (40 - i)),
        updatedAt: at(-24 * (40 - i)),
      })),
    );

    const byIndex = (i: number) => vehicleRows[i]!;
    const [lakeside, route9, desertSun] = dealerRows as [
      (typeof dealerRows)[0],
      (typeof dealerRows)[0],
      (typeof dealerRows)[0],
    ];
    const [lakesideCode, route9Code, desertCode] = codes as [
      (typeof codes)[0],
      (typeof codes)[0],
      (typeof codes)[0],
    ];

    // Two queued uploads from staff, waiting for the admin to complete them.
    for (const i of [34, 35]) {
      await updateVehicleRow(t, byIndex(i).id, {
        status: 'pending',
        inQueue: true,
        mileage: null,
        price: null,
        condition: null,
      });
    }
    // One listing removed by an admin.
    await updateVehicleRow(t, byIndex(33).id, { status: 'removed', inQueue: false });

    // Sold with buy codes: one completed, one pending (their payments are on their ledgers: demo-sales.ts).
    const sales = [
      { vehicle: byIndex(30), dealer: lakeside, code: lakesideCode, status: 'completed' },
      { vehicle: byIndex(31), dealer: route9, code: route9Code, status: 'pending' },
    ] as const;
    for (const sale of sales) {
      await updateVehicleRow(t, sale.vehicle.id, { status: 'sold' });
      await t.insert(transactions).values({
        vehicleId: sale.vehicle.id,
        dealerId: sale.dealer.id,
        buyCodeId: sale.code.id,
        amount: sale.vehicle.price!,
        status: sale.status,
        createdAt: at(-72),
      });
      await t
        .update(buyCodes)
        .set({ usageCount: 1, lastUsedAt: at(-72) })
        .where(eq(buyCodes.id, sale.code.id));
    }
    // A cancelled sale: the car went back on the market.
    await t.insert(transactions).values({
      vehicleId: byIndex(5).id,
      dealerId: desertSun.id,
      buyCodeId: desertCode.id,
      amount: byIndex(5).price!,
      cancelled: true,
      createdAt: at(-24 * 6),
    });

    // Offers in every state, each with its activity log.
    const offerPlans = [
      {
        vehicle: byIndex(0),
        dealer: route9,
        code: route9Code,
        amount: '20500.00',
        status: 'pending',
        created: -5,
      },
      {
        vehicle: byIndex(3),
        dealer: desertSun,
        code: desertCode,
        amount: '39000.00',
        status: 'pending',
        created: -20,
      },
      {
        vehicle: byIndex(8),
        dealer: lakeside,
        code: lakesideCode,
        amount: '16200.00',
        status: 'countered',
        created: -30,
        counter: '17100.00',
        counterMessage: 'We can meet you at $17,100 with delivery this week.',
      },
      {
        vehicle: byIndex(32),
        dealer: desertSun,
        code: desertCode,
        amount: '32000.00',
        status: 'accepted',
        created: -60,
      },
      {
        vehicle: byIndex(11),
        dealer: lakeside,
        code: lakesideCode,
        amount: '28000.00',
        status: 'declined',
        created: -90,
      },
      {
        vehicle: byIndex(12),
        dealer: route9,
        code: route9Code,
        amount: '33000.00',
        status: 'expired',
        created: -24 * 5,
      },
    ] as const;
    for (const plan of offerPlans) {
      const createdAt = at(plan.created);
      const isOpen = plan.status === 'pending' || plan.status === 'countered';
      const expiresAt =
        plan.status === 'expired'
          ? at(plan.created + OFFER_WINDOW_HOURS)
          : at((isOpen ? 0 : plan.created) + OFFER_WINDOW_HOURS - (isOpen ? 4 : 0));
      const counter = 'counter' in plan ? plan.counter : null;
      const [offer] = await t
        .insert(offers)
        .values({
          vehicleId: plan.vehicle.id,
          dealerId: plan.dealer.id,
          buyCodeId: plan.code.id,
          amount: plan.amount,
          status: plan.status,
          counterAmount: counter,
          counterMessage: 'counterMessage' in plan ? plan.counterMessage : null,
          expiresAt,
          createdAt,
          updatedAt: at(plan.created + 2),
        })
        .returning();
      const activity: (typeof offerActivities.$inferInsert)[] = [
        {
          offerId: offer!.id,
          actorType: 'dealer',
          actorId: plan.dealer.id,
          actionType: 'submitted',
          amount: plan.amount,
          message: `Offer submitted by ${plan.dealer.dealerName}`,
          createdAt,
        },
      ];
      const later = at(plan.created + 2);
      if (plan.status === 'countered')
        activity.push({
          actorType: 'admin',
          offerId: offer!.id,
          actorId: null,
          actionType: 'countered',
          amount: counter!,
          message: `Countered at ${formatAmount(counter!)}`,
          createdAt: later,
        });
      if (plan.status === 'accepted')
        activity.push({
          actorType: 'admin',
          offerId: offer!.id,
          actorId: null,
          actionType: 'accepted',
          amount: plan.amount,
          message: 'Offer accepted',
          createdAt: later,
        });
      if (plan.status === 'declined')
        activity.push({
          actorType: 'admin',
          offerId: offer!.id,
          actorId: null,
          actionType: 'declined',
          amount: plan.amount,
          message: 'Offer declined',
          createdAt: later,
        });
      if (plan.status === 'expired')
        activity.push({
          actorType: 'system',
          offerId: offer!.id,
          actorId: null,
          actionType: 'expired',
          amount: plan.amount,
          message: 'Offer expired',
          createdAt: expiresAt,
        });
      await t.insert(offerActivities).values(activity);

      if (plan.status === 'accepted') {
        await updateVehicleRow(t, plan.vehicle.id, { status: 'sold' });
        await t.insert(transactions).values({
          vehicleId: plan.vehicle.id,
          dealerId: plan.dealer.id,
          buyCodeId: plan.code.id,
          offerId: offer!.id,
          amount: plan.amount,
          createdAt: later,
        });
      }
    }

    return { seeded: true, dealer: { dealerName: lakeside.dealerName, buyCode: lakesideCode.code } };
  });
}
