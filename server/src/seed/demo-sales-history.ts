import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminUsers, dealers } from '../db/schema';
import { refitGuide } from '../modules/insights/guide-fit';
import { refreshInsightFacts } from '../modules/insights/insight-facts';
import { DEMO_VEHICLES } from './demo-vehicles';
import { generateSalesHistory, insertSalesHistory } from './sales-history';
import { DEFAULT_SEGMENTS, type SalesSegment } from './sales-history-segments';

/**
 * The demo's history: this seed, this many cars over the last 6 months, none sold in the last 12
 * days (all their steps done). Small on purpose: the admin's lists (vehicles, offers, transactions)
 * show every row, and each of its rows costs the admin's pages and the journeys that drive them.
 */
export const DEMO_HISTORY = { seed: 2, count: 80, spanDays: 180, newestDaysAgo: 12 } as const;

/**
 * Three of the demo's models sell twelve times as often, in the model years around the demo's own car,
 * so those published cars have 5 or more comparables in the last 180 days; the other demo cars have
 * fewer or none ("Not enough sales yet").
 */
const BUSY_MODELS = new Set(['Toyota Camry', 'Ford F-150', 'Nissan Rogue']);
export const demoHistorySegments = (): SalesSegment[] =>
  DEFAULT_SEGMENTS.map((segment) => {
    if (!BUSY_MODELS.has(`${segment.make} ${segment.model}`)) return segment;
    const car = DEMO_VEHICLES.find((v) => v.make === segment.make && v.model === segment.model);
    return {
      ...segment,
      weight: segment.weight * 12,
      years: car ? [car.year - 2, car.year + 2] : segment.years,
    };
  });

const dealer = (dealerName: string, city: string, area: string, contactName: string, domain: string) => ({
  dealerName,
  address: city,
  contactName,
  email: `buying@${domain}`,
  phone: `(${area}) 555-0140`,
  billingContactName: contactName,
  billingContactEmail: `ap@${domain}`,
  billingContactPhone: `(${area}) 555-0141`,
  titleContactName: contactName,
  titleContactEmail: `titles@${domain}`,
  titleContactPhone: `(${area}) 555-0142`,
});

/** The dealerships that bought the history (no buy codes: they are past customers of the demo). */
export const HISTORY_DEALERS = [
  dealer('Summit Motors', '4100 S Broadway, Denver, CO 80113', '303', 'Rachel Kim', 'summitmotors.example'),
  dealer(
    'Bayou Auto Exchange',
    '7720 Airline Hwy, Baton Rouge, LA 70805',
    '225',
    'Andre Thibodeaux',
    'bayouauto.example',
  ),
  dealer(
    'Prairie Wholesale Cars',
    '2300 N Main St, Wichita, KS 67204',
    '316',
    'Greg Lindholm',
    'prairiewholesale.example',
  ),
  dealer(
    'Coastline Pre-Owned',
    '950 Pacific Coast Hwy, Oxnard, CA 93030',
    '805',
    'Maria Alvarez',
    'coastlinepreowned.example',
  ),
  dealer(
    'Keystone Car Co.',
    '1610 Harrisburg Pike, Lancaster, PA 17601',
    '717',
    'Dave Hoover',
    'keystonecar.example',
  ),
];

/**
 * Six months of past sales for the market guide (issue #33, docs/features/market-guide.md, "Demo sales history"): new
 * dealerships bought them, so the demo dealers' own dashboards keep their data. Then the facts are
 * refreshed and the guide refitted, so the guides show. Once: where its dealerships exist already
 * it writes nothing.
 */
export async function seedDemoSalesHistory(db: Database, now = new Date()) {
  const [seeded] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.dealerName, HISTORY_DEALERS[0]!.dealerName));
  if (seeded) return { sales: 0 };
  const dealerRows = await db.insert(dealers).values(HISTORY_DEALERS).returning({ id: dealers.id });
  const admins = await db.select({ id: adminUsers.id }).from(adminUsers).orderBy(asc(adminUsers.id));
  const cars = generateSalesHistory({ ...DEMO_HISTORY, now, segments: demoHistorySegments() });
  await db.transaction((tx) =>
    insertSalesHistory(tx, cars, {
      dealerIds: dealerRows.map((d) => d.id),
      adminIds: admins.map((a) => a.id),
    }),
  );
  await refreshInsightFacts(db);
  await refitGuide(db, { before: now });
  return { sales: cars.length };
}
