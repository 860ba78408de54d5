import { asc, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminUsers, dealers, transactions } from '../db/schema';
import { refitGuide } from '../modules/insights/guide-fit';
import { letRequestsThrough, refreshInsightFacts } from '../modules/insights/insight-facts';
import { DEMO_VEHICLES } from './demo-vehicles';
import { generateSalesHistory, insertSalesHistory } from './sales-history';
import { DEFAULT_SEGMENTS, type SalesSegment } from './sales-history-segments';

/**
 * The demo's history as the first start writes it: this seed, this many cars over the last 6
 * months, none sold in the last 12 days (all their steps done) — what the guide's screens need at
 * once. The "demo-history" job grows it to DEMO_HISTORY_SALES (3,000) right after the server listens
 * (growDemoSalesHistory), and `npm run demo:history -- 100000` to any number (docs/operations.md;
 * docs/features/market-guide.md, "How large the first start's history is").
 */
export const DEMO_HISTORY = { seed: 2, count: 80, spanDays: 180, newestDaysAgo: 12 } as const;

/** Cars generated and written per transaction (the generator's memory stays flat at any number). */
const HISTORY_PART = 5000;
/**
 * …and per transaction of the background job: on PGlite a transaction holds the one connection, so
 * a request waits at most for one part while the history grows (25 cars: ≈ 0.03 s of CPU here, 0.1 to
 * 0.2 s on a machine with every core busy; parts of 100 held requests for up to a second there).
 */
export const HISTORY_JOB_PART = 25;

/** How a load is told apart from the CLI's: its part size, what it says after each part, when it stops. */
export interface LoadHistoryOptions {
  /** Cars per transaction (HISTORY_PART by default). */
  part?: number;
  /** After each part: the cars held now and the total aimed at. */
  onPart?: (held: number, total: number) => Promise<void> | void;
  /** Asked before each part: true stops the load there (the parts written stay; a later load resumes). */
  stop?: () => boolean;
  /**
   * Between two parts, and between two steps of the refresh of the facts and the refit at the end,
   * which then run in parts too (the job: letRequestsThrough). Without it the load runs straight
   * through and refits in one transaction (the CLI, with the app stopped; the first start).
   */
  pause?: () => Promise<void>;
}

/**
 * Three of the demo's models sell twelve times as often, in the model years around the demo's own car,
 * so those published cars have 5 or more comparables in the last 180 days even in the first start's
 * 80 sales; the other demo cars have fewer or none ("Not enough sales yet") until the demo-history
 * job's 3,000, which give most of them a guide (the Tesla Model 3 and the Dodge Charger, whose
 * models are not in the history, never have one).
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
  return loadDemoSalesHistory(db, DEMO_HISTORY.count, now);
}

/**
 * Grows the demo's history to `total` cars sold (`npm run demo:history`): the history's dealerships
 * (made if missing), then the cars after those already there, in parts of HISTORY_PART — each part
 * its own seed and its own VIN numbers, so a history grown in steps never repeats a VIN and the
 * first DEMO_HISTORY.count cars are the first start's. Then the facts and the guide, once.
 */
export async function loadDemoSalesHistory(
  db: Database,
  total: number,
  now = new Date(),
  options: LoadHistoryOptions = {},
) {
  const part = options.part ?? HISTORY_PART;
  const names = HISTORY_DEALERS.map((d) => d.dealerName);
  let dealerRows = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(inArray(dealers.dealerName, names));
  if (dealerRows.length === 0)
    dealerRows = await db.insert(dealers).values(HISTORY_DEALERS).returning({ id: dealers.id });
  const dealerIds = dealerRows.map((d) => d.id);
  const [counted] = await db
    .select({ cars: countDistinct(transactions.vehicleId) })
    .from(transactions)
    .where(inArray(transactions.dealerId, dealerIds));
  const existing = counted?.cars ?? 0;
  const admins = await db.select({ id: adminUsers.id }).from(adminUsers).orderBy(asc(adminUsers.id));
  const adminIds = admins.map((a) => a.id);
  const segments = demoHistorySegments();
  let held = existing;
  while (held < total) {
    if (options.stop?.()) return { sales: held - existing, total: held, stopped: true };
    const cars = generateSalesHistory({
      ...DEMO_HISTORY,
      now,
      segments,
      seed: DEMO_HISTORY.seed + held,
      count: Math.min(part, total - held),
      firstIndex: held,
    });
    await insertSalesHistory(db, cars, { dealerIds, adminIds });
    held += cars.length;
    await options.onPart?.(held, total);
    await options.pause?.();
  }
  const sales = Math.max(0, total - existing);
  if (sales > 0) {
    const { pause } = options;
    await refreshInsightFacts(db, { pause });
    await refitGuide(db, { before: now, steps: pause && { pause } });
  }
  return { sales, total: existing + sales, stopped: false };
}

/**
 * The "demo-history" job's run (server/src/seed/demo-history-job.ts): grows the first start's history
 * to `total` in parts of HISTORY_JOB_PART, yielding between parts, where the first start wrote it (its
 * dealerships exist); anywhere else, and once the total is held, it writes nothing.
 */
export async function growDemoSalesHistory(
  db: Database,
  total: number,
  options: Omit<LoadHistoryOptions, 'part' | 'pause'> = {},
) {
  const [seeded] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.dealerName, HISTORY_DEALERS[0]!.dealerName));
  if (!seeded) return { sales: 0, total: 0, stopped: false, demo: false };
  const result = await loadDemoSalesHistory(db, total, new Date(), {
    ...options,
    part: HISTORY_JOB_PART,
    // Requests that came meanwhile are answered before the next part or step starts.
    pause: letRequestsThrough,
  });
  return { ...result, demo: true };
}
