import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminUsers, dealers } from '../db/schema';
import { refitGuide } from '../modules/insights/guide-fit';
import { refreshInsightFacts } from '../modules/insights/insight-facts';
import { generateSalesHistory, insertSalesHistory } from './sales-history';
import { DEFAULT_SEGMENTS, type SalesSegment } from './sales-history-segments';

/** The demo's history: this seed, this many cars, none sold in the last 12 days (all steps done). */
export const DEMO_HISTORY = { seed: 40, count: 700, newestDaysAgo: 12 } as const;

/**
 * The models most demo cars are (and the busiest lanes) sell five times as often in the demo's
 * history, so their published cars have 5 or more comparables in the last 180 days; the others
 * mostly fewer, and the Tesla Model 3 and the Dodge Charger none ("Not enough sales yet").
 */
const BUSY_MODELS = new Set([
  'Toyota Camry',
  'Honda Accord',
  'Ford F-150',
  'Chevrolet Silverado 1500',
  'Honda CR-V',
  'Ram 1500',
  'Toyota RAV4',
  'Nissan Rogue',
  'Hyundai Elantra',
  'Ford Explorer',
]);
export const demoHistorySegments = (): SalesSegment[] =>
  DEFAULT_SEGMENTS.map((segment) =>
    BUSY_MODELS.has(`${segment.make} ${segment.model}`)
      ? { ...segment, weight: segment.weight * 5 }
      : segment,
  );

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
 * Two years of past sales for the market guide (issue #33, README "Demo sales history"): new
 * dealerships bought them, so the demo dealers' own dashboards keep their data. Then the facts are
 * refreshed and the guide refitted, so the first start shows guides.
 */
export async function seedDemoSalesHistory(db: Database, now = new Date()) {
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
