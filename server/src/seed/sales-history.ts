import { DEFAULT_SALE_TERMS } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import type { DamageItem, Tires } from '@contracts/condition-report';
import {
  computeGrade,
  DAMAGE_PANEL_KEYS,
  type DamagePanel,
  type DamageSize,
  type DamageType,
  GRADE_RULES,
} from '@contracts/condition-report';
import { AUCTION_CERTIFIED, OFFER_WINDOW_HOURS } from '@contracts/limits';
import { formatMilesNumber } from '@contracts/mileage-format';
import { formatAmount } from '@contracts/money';
import { computeVinCheckDigit } from '@contracts/vin';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { demoReconNotesOf } from './demo-conditions';
import { modelYearCode } from './demo-vehicles';
import { DEFAULT_SEGMENTS, REFERENCE_YEAR, type SalesSegment } from './sales-history-segments';

export type { SalesSegment } from './sales-history-segments';

/*
 * A deterministic wholesale sales history (issue #33: enough sales for the market guide to show,
 * and a test bed for its backtest). Every draw comes from one seeded PRNG, so a seed, a count and
 * `now` always give the same rows. The price of a sale is
 *
 *   base(segment) × 1.02^(year − 2021) × exp(−0.10·(age − 5)) × exp(−3·10⁻⁶·(miles − 60,000))
 *     × exp(0.07·(grade − 4)) × market(sale day) × lognormal(σ = 7 %)
 *
 * (age in years at the sale, from October before the model year; the market 2 % a year dearer in
 * the past), rounded to $25; ≈ 2 % are outliers (a wrecked car sold at 40 %, a price keyed with a
 * digit too many or too few). The rows say which, so a backtest can tell; the database does not.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

export const PRICE_MODEL = {
  yearGrowth: 0.02,
  depreciationPerYear: 0.1,
  referenceAge: 5,
  milesPerMile: 3e-6,
  referenceMiles: 60_000,
  gradePerPoint: 0.07,
  referenceGrade: 4,
  marketDriftPerYear: 0.02,
  noiseSigma: 0.07,
} as const;

export const HISTORY_SHARES = {
  /** Sales with a wrecked car (40 % of its price) or a mis-keyed amount (×10 or ÷10). */
  outliers: 0.02,
  /** Cars first sold to another dealer, the sale cancelled, then sold again. */
  cancelled: 0.03,
  /** Sales with a claim answered by a price adjustment (a credit, then refunded). */
  claims: 0.03,
  /** Cars that got offers. */
  withOffers: 0.5,
} as const;

export interface HistoryEvent {
  type: string;
  data: Record<string, unknown>;
  actorType: 'admin' | 'dealer' | 'system';
  createdAt: Date;
}

export interface HistorySale {
  /** Index into the dealers the rows are inserted for (taken modulo their number). */
  dealerSlot: number;
  amount: string;
  createdAt: Date;
  cancelled: boolean;
  isPaid: boolean;
  /** Index into the car's offers: the sale is that offer accepted. */
  offerIndex: number | null;
  events: HistoryEvent[];
}

export interface HistoryOffer {
  dealerSlot: number;
  amount: string;
  status: 'accepted' | 'declined' | 'expired';
  counterAmount: string | null;
  createdAt: Date;
  expiresAt: Date;
  updatedAt: Date;
  activities: { actorType: string; actionType: string; amount: string; message: string; createdAt: Date }[];
}

export interface HistoryCar {
  vin: string;
  make: string;
  model: string;
  trim: string;
  year: number;
  mileage: number;
  /** The asking price it was listed at. */
  price: string;
  grade: string;
  damage: DamageItem[];
  tires: Tires;
  warningLights: string[];
  reconExterior: string;
  reconMechanical: string;
  reconInterior: string;
  /** 'staff', 'sync' or 'admin' (the admin's id is chosen at insert). */
  uploader: 'staff' | 'sync' | 'admin';
  uploaderSlot: number;
  createdAt: Date;
  listedAt: Date;
  /** The sale that stands (last) and, for ≈ 3 %, a cancelled one before it. */
  sales: HistorySale[];
  offers: HistoryOffer[];
  /** What the price model says before noise (the truth a guide estimates), in dollars. */
  modelPrice: number;
  outlier: 'wrecked' | 'miskeyed' | null;
}

export interface SalesHistoryOptions {
  seed: number;
  count: number;
  now: Date;
  segments?: SalesSegment[];
  /** Sales are spread over this many days before `now` (default 730: 24 months). */
  spanDays?: number;
  /** The newest sale is at least this many days old (default 1). */
  newestDaysAgo?: number;
  /** The first car's number (default 0): histories generated in parts keep their VINs apart. */
  firstIndex?: number;
}

/** mulberry32: a small, fast, seedable PRNG (the same sequence for the same seed everywhere). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  let spare: number | null = null;
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    int: (low: number, high: number) => low + Math.floor((high - low + 1) * next()),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
    /** A standard normal draw (Box–Muller). */
    normal: () => {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return value;
      }
      const u = Math.max(next(), 1e-12);
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
  };
}
type Random = ReturnType<typeof seededRandom>;

/** The price model without noise, in dollars (see the comment at the top). */
export function priceModel(
  segment: SalesSegment,
  year: number,
  miles: number,
  grade: number,
  soldAt: Date,
  now: Date,
) {
  const m = PRICE_MODEL;
  const soldYear = 1970 + soldAt.getTime() / (365.25 * DAY);
  const age = Math.max(0, soldYear - (year - 0.25));
  const yearsAgo = (now.getTime() - soldAt.getTime()) / (365.25 * DAY);
  return (
    segment.base *
    (1 + m.yearGrowth) ** (year - REFERENCE_YEAR) *
    Math.exp(-m.depreciationPerYear * (age - m.referenceAge)) *
    Math.exp(-m.milesPerMile * (miles - m.referenceMiles)) *
    Math.exp(m.gradePerPoint * (grade - m.referenceGrade)) *
    (1 + m.marketDriftPerYear) ** yearsAgo
  );
}

const VDS_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VDS_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/**
 * A check-digit-valid VIN, unique per `n` below 10⁶ (the serial is n × 7919 mod 10⁶, a bijection).
 * Position 8 is a letter, which the demo's own VINs (demoVin) never have there, so the two never meet.
 */
export function historyVin(wmi: string, year: number, n: number, random: Random) {
  const vds = `${random.pick([...VDS_CHARS])}${random.pick([...VDS_CHARS])}${random.pick([...VDS_CHARS])}${random.pick([...VDS_CHARS])}${random.pick([...VDS_LETTERS])}`;
  const serial = String((n * 7919 + 104_729) % 1_000_000).padStart(6, '0');
  const draft = `${wmi}${vds}0${modelYearCode(year)}${VDS_LETTERS[Math.floor(n / 1_000_000) % 23]}${serial}`;
  return `${draft.slice(0, 8)}${computeVinCheckDigit(draft)}${draft.slice(9)}`;
}

const DAMAGE_CHOICES: [DamageType, DamageSize][] = (
  Object.entries(GRADE_RULES.damage) as [DamageType, Record<DamageSize, number>][]
).flatMap(([type, sizes]) =>
  (Object.keys(sizes) as DamageSize[]).map((size): [DamageType, DamageSize] => [type, size]),
);
const tenthsOf = (type: DamageType, size: DamageSize) => Math.round(GRADE_RULES.damage[type][size] * 10);
const WARNING_CODES = ['P0420', 'P0171', 'Check engine', 'TPMS', 'ABS', 'P0300', 'Airbag'];

/** A condition report whose grade (computeGrade) is `grade`: worn tires, codes, then damage items. */
function reportFor(grade: number, random: Random) {
  let left = Math.round((GRADE_RULES.start - grade) * 10);
  const tires = [0, 0, 0, 0].map(() => random.int(5, 10)) as [number, number, number, number];
  const perTire = Math.round(GRADE_RULES.perWornTire * 10);
  if (left >= 2 * perTire && random.chance(0.3)) {
    const worn = left >= 4 * perTire && random.chance(0.4) ? 2 : 1;
    for (let i = 0; i < worn; i++) tires[2 + i] = random.int(2, GRADE_RULES.tireMin32nds - 1);
    left -= worn * perTire;
  }
  const warningLights: string[] = [];
  const perLight = Math.round(GRADE_RULES.perWarningLight * 10);
  if (left >= 2 * perLight && random.chance(0.25)) {
    warningLights.push(random.pick(WARNING_CODES));
    left -= perLight;
  }
  const damage: [DamagePanel, DamageType, DamageSize][] = [];
  while (left > 0) {
    const fits = DAMAGE_CHOICES.filter(([type, size]) => tenthsOf(type, size) <= left);
    const [type, size] = random.pick(fits);
    damage.push([random.pick(DAMAGE_PANEL_KEYS), type, size]);
    left -= tenthsOf(type, size);
  }
  const condition = { damage, tires, warningLights };
  const report = {
    damage: damage.map(([panel, type, size]) => ({ panel, type, size, photoId: null, note: null })),
    tires: { lf: tires[0], rf: tires[1], lr: tires[2], rr: tires[3] },
    warningLights,
  };
  return { report, notes: demoReconNotesOf(condition) };
}

const dollars = (value: number, step = 25) => Math.max(step, Math.round(value / step) * step).toFixed(2);
/** Dates in the terms' time zone (DEFAULT_SALE_TERMS), as the ledger reads them. */
const dayOf = (at: Date) => dateInZone(at, DEFAULT_SALE_TERMS.timeZone);

const CLAIMS = [
  { category: 'mechanical', description: 'A/C blows warm; not in the condition report.' },
  { category: 'mechanical', description: 'Transmission slips between 2nd and 3rd when warm.' },
  { category: 'body', description: 'Dent on the liftgate not shown in the photos.' },
  { category: 'warning_light', description: 'Check engine light on at delivery (P0455).' },
] as const;
const PAYMENT_METHODS = ['ach', 'ach', 'ach', 'wire', 'wire', 'check', 'floor_plan'] as const;
const DRIVERS = ['Dealer driver', 'Marco Diaz (dealer driver)', 'Carlisle Transport', 'Owner'];
const LOT = { address: '2200 Commerce Dr, Dallas, TX 75201', hours: 'Mon–Fri 8 am–5 pm' };

/** The day a sale falls on: more recent days are likelier (density rising linearly 1 → 3). */
function saleDaysAgo(random: Random, span: number, newest: number) {
  const f = random.next();
  const t = -0.5 + Math.sqrt(0.25 + 2 * f);
  return newest + (span - newest) * (1 - t);
}

/** The steps after the sale, each only once its time has come (a recent sale may still be unpaid). */
function afterSaleEvents(
  sale: { amount: string; createdAt: Date },
  now: Date,
  random: Random,
  claim: boolean,
) {
  const events: HistoryEvent[] = [];
  // A step `days` after the sale day, in business hours (UTC 14–22), never before the sale itself.
  const at = (days: number, hour = random.between(14, 22)) => {
    const sold = sale.createdAt.getTime();
    const time = sold - (sold % DAY) + days * DAY + hour * HOUR;
    return new Date(Math.max(time, sold + random.between(0.5, 2) * HOUR));
  };
  const add = (event: HistoryEvent) => {
    if (event.createdAt.getTime() > now.getTime()) return false;
    events.push(event);
    return true;
  };
  // Time to line 1–10 days (most within a few), paid on the sale day up to 3 days later, before pickup.
  const handOver = 1 + Math.floor(10 * random.next() ** 1.5);
  const paidDay = random.int(0, Math.min(3, handOver - 1));
  const paidAt = at(paidDay);
  const readyAt = new Date(paidAt.getTime() + HOUR);
  const handedAt = new Date(Math.max(at(handOver).getTime(), readyAt.getTime() + HOUR));
  add({ type: 'title_received', data: { withDeal: true }, actorType: 'admin', createdAt: at(0) });
  const paid = add({
    type: 'payment_recorded',
    data: {
      amount: sale.amount,
      method: random.pick(PAYMENT_METHODS),
      reference: `REF-${random.int(10_000, 99_999)}`,
      receivedOn: dayOf(paidAt),
    },
    actorType: 'admin',
    createdAt: paidAt,
  });
  if (!paid) return { events, isPaid: false };
  add({ type: 'pickup_ready', data: { ...LOT }, actorType: 'admin', createdAt: readyAt });
  const delivered = random.chance(0.07);
  const handed = add(
    delivered
      ? {
          type: 'delivered',
          data: { on: dayOf(handedAt), carrier: 'Carlisle Transport' },
          actorType: 'admin',
          createdAt: handedAt,
        }
      : {
          type: 'picked_up',
          data: { on: dayOf(handedAt), by: random.pick(DRIVERS) },
          actorType: 'admin',
          createdAt: handedAt,
        },
  );
  add({
    type: 'title_sent',
    data: {
      carrier: random.pick(['UPS', 'FedEx']),
      trackingNumber: `1Z${random.int(100_000_000, 999_999_999)}`,
    },
    actorType: 'admin',
    createdAt: at(paidDay + 1),
  });
  add({ type: 'title_confirmed', data: {}, actorType: 'dealer', createdAt: at(paidDay + random.int(3, 6)) });
  if (claim && handed) {
    const { category, description } = random.pick(CLAIMS);
    const credit = dollars(random.between(150, 900));
    const opened = at(Math.max(handOver, paidDay + 6) + random.int(1, 4));
    const answered = new Date(opened.getTime() + random.int(1, 3) * DAY);
    const refunded = new Date(answered.getTime() + random.int(1, 5) * DAY);
    if (refunded <= now) {
      add({
        type: 'claim_opened',
        data: {
          category,
          description,
          estimate: dollars(Number(credit) * random.between(1.2, 2)),
          photoIds: [],
        },
        actorType: 'dealer',
        createdAt: opened,
      });
      // claimId is the claim_opened step's id, known once it is inserted (insertSalesHistory).
      add({
        type: 'claim_answered',
        data: { decision: 'adjusted', reason: 'Agreed: a credit on the price.', amount: credit },
        actorType: 'admin',
        createdAt: answered,
      });
      add({
        type: 'refund_recorded',
        data: {
          amount: credit,
          method: 'ach',
          reference: `CR-${random.int(1000, 9999)}`,
          paidOn: dayOf(refunded),
        },
        actorType: 'admin',
        createdAt: refunded,
      });
    }
  }
  return { events, isPaid: true };
}

function offerOf(
  random: Random,
  dealerSlot: number,
  amount: number,
  status: HistoryOffer['status'],
  createdAt: Date,
  decidedAt: Date,
  counter: number | null,
): HistoryOffer {
  const offered = dollars(amount, 100);
  const expiresAt = new Date(createdAt.getTime() + OFFER_WINDOW_HOURS * HOUR);
  const activities: HistoryOffer['activities'] = [
    {
      actorType: 'dealer',
      actionType: 'submitted',
      amount: offered,
      message: `Offer of ${formatAmount(offered)} submitted`,
      createdAt,
    },
  ];
  const countered = counter === null ? null : dollars(counter);
  const counteredAt = new Date(createdAt.getTime() + random.between(1, 12) * HOUR);
  if (countered)
    activities.push({
      actorType: 'admin',
      actionType: 'countered',
      amount: countered,
      message: `Countered at ${formatAmount(countered)}`,
      createdAt: counteredAt,
    });
  if (status === 'accepted')
    activities.push(
      countered
        ? {
            actorType: 'dealer',
            actionType: 'counter_accepted',
            amount: countered,
            message: `Counter offer of ${formatAmount(countered)} accepted`,
            createdAt: decidedAt,
          }
        : {
            actorType: 'admin',
            actionType: 'accepted',
            amount: offered,
            message: 'Offer accepted',
            createdAt: decidedAt,
          },
    );
  if (status === 'declined')
    activities.push({
      actorType: 'admin',
      actionType: 'declined',
      amount: offered,
      message: 'Offer declined',
      createdAt: decidedAt,
    });
  if (status === 'expired')
    activities.push({
      actorType: 'system',
      actionType: 'expired',
      amount: offered,
      message: 'Offer expired',
      createdAt: expiresAt,
    });
  return {
    dealerSlot,
    amount: offered,
    status,
    counterAmount: countered,
    createdAt,
    expiresAt,
    updatedAt: status === 'expired' ? expiresAt : decidedAt,
    activities,
  };
}

/** The generated history: plain rows, no database ids (insertSalesHistory writes them). */
export function generateSalesHistory(options: SalesHistoryOptions): HistoryCar[] {
  const random = seededRandom(options.seed);
  const { now, count } = options;
  const segments = options.segments ?? DEFAULT_SEGMENTS;
  const span = options.spanDays ?? 730;
  const newest = options.newestDaysAgo ?? 1;
  const totalWeight = segments.reduce((sum, segment) => sum + segment.weight, 0);
  const pickSegment = () => {
    let at = random.next() * totalWeight;
    for (const segment of segments) {
      at -= segment.weight;
      if (at < 0) return segment;
    }
    return segments.at(-1)!;
  };
  const cars: HistoryCar[] = [];
  for (let n = 0; n < count; n++) {
    const segment = pickSegment();
    const soldAt = new Date(now.getTime() - saleDaysAgo(random, span, newest) * DAY);
    // Age at the sale: most cars reach wholesale 3–10 years old; the model year follows, within the segment's.
    const soldYear = 1970 + soldAt.getTime() / (365.25 * DAY);
    const wantedAge = 2 + random.between(0, 4) + random.between(0, 5);
    const year = Math.min(segment.years[1], Math.max(segment.years[0], Math.round(soldYear - wantedAge)));
    const age = Math.max(0.3, soldYear - (year - 0.25));
    const mileage = Math.max(800, Math.round(age * 12_500 * Math.exp(0.35 * random.normal())));
    const grade = Math.min(50, Math.max(10, Math.round(10 * (3.7 + 0.7 * random.normal())))) / 10;
    const { report, notes } = reportFor(grade, random);
    const modelPrice = priceModel(segment, year, mileage, grade, soldAt, now);
    let marketPrice = modelPrice * Math.exp(PRICE_MODEL.noiseSigma * random.normal());
    let outlier: HistoryCar['outlier'] = null;
    if (random.chance(HISTORY_SHARES.outliers)) {
      outlier = random.chance(0.5) ? 'wrecked' : 'miskeyed';
      marketPrice = outlier === 'wrecked' ? marketPrice * 0.4 : marketPrice * (random.chance(0.5) ? 10 : 0.1);
    }
    const dealerSlot = random.int(0, 999);
    const resold = random.chance(HISTORY_SHARES.cancelled);
    // Listed 2–60 days before the sale, most within a few weeks (a resold car at least 5 days).
    const listedAt = new Date(soldAt.getTime() - (resold ? 5 : 2) * DAY - 58 * random.next() ** 1.8 * DAY);
    const createdAt = new Date(listedAt.getTime() - random.between(1, 10) * DAY);

    // Offers: half the cars; a sale from one of them about half the time, often countered first.
    const offers: HistoryOffer[] = [];
    let offerIndex: number | null = null;
    let amount = dollars(marketPrice);
    let asking = dollars(marketPrice * random.between(1.0, 1.04), 100);
    const during = (from: Date, to: Date) =>
      new Date(from.getTime() + random.between(0.1, 0.9) * (to.getTime() - from.getTime()));
    if (random.chance(HISTORY_SHARES.withOffers)) {
      for (let k = random.int(0, 2); k > 0; k--) {
        const made = during(listedAt, soldAt);
        const expired = random.chance(0.4);
        const decided = new Date(made.getTime() + random.between(1, 20) * HOUR);
        offers.push(
          offerOf(
            random,
            random.int(0, 999),
            marketPrice * random.between(0.8, 0.92),
            expired ? 'expired' : 'declined',
            made,
            decided,
            null,
          ),
        );
      }
      offers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      if (offers.length === 0 || random.chance(0.55)) {
        asking = dollars(marketPrice * random.between(1.03, 1.08), 100);
        const countered = random.chance(0.4);
        const made = new Date(soldAt.getTime() - random.between(2, 40) * HOUR);
        const offered = countered ? marketPrice * random.between(0.9, 0.96) : marketPrice;
        const offer = offerOf(
          random,
          dealerSlot,
          offered,
          'accepted',
          made,
          soldAt,
          countered ? marketPrice : null,
        );
        amount = offer.counterAmount ?? offer.amount;
        offerIndex = offers.length;
        offers.push(offer);
      }
    }
    if (offerIndex === null) asking = amount; // Buy Now: sold at the asking price.

    const sales: HistorySale[] = [];
    const claim = random.chance(HISTORY_SHARES.claims);
    if (resold) {
      // Sold first to another dealer at the asking price, cancelled a few days later, then sold again.
      const firstAt = during(listedAt, new Date(soldAt.getTime() - 3 * DAY));
      const cancelledAt = new Date(firstAt.getTime() + random.between(1, 3) * DAY);
      sales.push({
        dealerSlot: (dealerSlot + random.int(1, 998)) % 1000,
        amount: asking,
        createdAt: firstAt,
        cancelled: true,
        isPaid: false,
        offerIndex: null,
        events: [
          {
            type: 'cancelled',
            data: { reason: 'The buyer backed out before payment.' },
            actorType: 'admin',
            createdAt: cancelledAt,
          },
        ],
      });
    }
    const sold = { amount, createdAt: soldAt };
    const { events, isPaid } = afterSaleEvents(sold, now, random, claim);
    sales.push({ dealerSlot, amount, createdAt: soldAt, cancelled: false, isPaid, offerIndex, events });

    cars.push({
      vin: historyVin(segment.wmi, year, (options.firstIndex ?? 0) + n, random),
      make: segment.make,
      model: segment.model,
      trim: random.pick(segment.trims),
      year,
      mileage,
      price: asking,
      grade: computeGrade(report).grade.toFixed(1),
      damage: report.damage,
      tires: report.tires,
      warningLights: report.warningLights,
      ...notes,
      uploader: random.chance(0.55) ? 'staff' : random.chance(0.6) ? 'admin' : 'sync',
      uploaderSlot: random.int(0, 999),
      createdAt,
      listedAt,
      sales,
      offers,
      modelPrice,
      outlier,
    });
  }
  return cars;
}

export interface InsertSalesHistoryOptions {
  /** The buying (and offering) dealerships: a row's dealer slot picks one of them. */
  dealerIds: number[];
  /** The admins an 'admin:<id>' upload names (default: uploads by admin 1). */
  adminIds?: number[];
  /** Cars per round of multi-row inserts (default 1,000: under PostgreSQL's 65,535 parameters). */
  batchSize?: number;
}

/** Rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * One multi-row INSERT of `rows` (objects keyed by column name) into `table`, as one JSON parameter
 * read by jsonb_to_recordset: a statement per batch whatever its size, and no per-value work in
 * the query builder (which dominated the time of 100,000 sales).
 */
function insertRows(table: string, columns: Record<string, string>, rows: object[], returning = '') {
  const names = Object.keys(columns);
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const types = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(', '));
  return sql`insert into ${sql.raw(`"${table}"`)} (${list})
    select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${types})
    ${sql.raw(returning ? `returning ${returning}` : '')}`;
}

const VEHICLE_COLUMNS = {
  vin: 'text',
  make: 'text',
  model: 'text',
  trim: 'text',
  year: 'integer',
  mileage: 'integer',
  price: 'numeric',
  description: 'text',
  condition: 'text',
  status: 'text',
  in_queue: 'boolean',
  is_paid: 'boolean',
  recon_exterior: 'text',
  recon_mechanical: 'text',
  recon_interior: 'text',
  damage: 'jsonb',
  tires: 'jsonb',
  warning_lights: 'jsonb',
  condition_reported_at: 'timestamptz',
  grade: 'numeric',
  uploaded_by: 'text',
  listed_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const OFFER_COLUMNS = {
  vehicle_id: 'integer',
  dealer_id: 'integer',
  amount: 'numeric',
  status: 'text',
  counter_amount: 'numeric',
  expires_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const ACTIVITY_COLUMNS = {
  offer_id: 'integer',
  actor_type: 'text',
  actor_id: 'integer',
  action_type: 'text',
  amount: 'numeric',
  message: 'text',
  created_at: 'timestamptz',
};
const SALE_COLUMNS = {
  vehicle_id: 'integer',
  dealer_id: 'integer',
  offer_id: 'integer',
  amount: 'numeric',
  status: 'text',
  created_at: 'timestamptz',
  is_paid: 'boolean',
  cancelled: 'boolean',
  terms: 'jsonb',
};
const EVENT_COLUMNS = {
  transaction_id: 'integer',
  dealer_id: 'integer',
  type: 'text',
  data: 'jsonb',
  actor_type: 'text',
  actor_id: 'integer',
  created_at: 'timestamptz',
};

/**
 * Writes the history in rounds of multi-row INSERTs (cars, their offers and activities, sales, then
 * the sales' steps; ids are matched back by key, not by position): a claim's answer names its
 * claim_opened step, so the steps after a claim are written once it has its id. All or nothing (its
 * own transaction, or a savepoint in the caller's). The rows' per-row live events are switched off
 * for it and one per topic and dealership recorded instead: they were a third to half the time of writing
 * 3,000 sales (docs/decisions/0045-bulk-writes-one-live-event.md).
 */
export function insertSalesHistory(db: Executor, cars: HistoryCar[], options: InsertSalesHistoryOptions) {
  return db.transaction((tx) => writeSalesHistory(tx, cars, options));
}

async function writeSalesHistory(db: Executor, cars: HistoryCar[], options: InsertSalesHistoryOptions) {
  const { dealerIds } = options;
  if (dealerIds.length === 0) throw new Error('insertSalesHistory needs at least one dealer');
  const adminIds = options.adminIds?.length ? options.adminIds : [1];
  const dealerOf = (slot: number) => dealerIds[slot % dealerIds.length]!;
  const batchSize = options.batchSize ?? 1000;
  const written = { vehicles: 0, transactions: 0, offers: 0, events: 0 };
  const time = (at: Date) => at.toISOString();
  const [switched] = await rowsOf<{ before: string | null }>(
    db,
    sql`select current_setting('app.live_events', true) as before, set_config('app.live_events', 'off', true)`,
  );
  const heard = { offers: new Set<number>(), transactions: new Set<number>() };
  for (let from = 0; from < cars.length; from += batchSize) {
    const batch = cars.slice(from, from + batchSize);
    const carRows = await rowsOf<{ id: number; vin: string }>(
      db,
      insertRows(
        'vehicles',
        VEHICLE_COLUMNS,
        batch.map((car) => ({
          vin: car.vin,
          make: car.make,
          model: car.model,
          trim: car.trim,
          year: car.year,
          mileage: car.mileage,
          price: car.price,
          description: `${car.year} ${car.make} ${car.model} ${car.trim}, ${formatMilesNumber(car.mileage)} miles.`,
          condition: AUCTION_CERTIFIED,
          status: 'sold',
          in_queue: false,
          is_paid: car.sales.at(-1)!.isPaid,
          recon_exterior: car.reconExterior,
          recon_mechanical: car.reconMechanical,
          recon_interior: car.reconInterior,
          damage: car.damage,
          tires: car.tires,
          warning_lights: car.warningLights,
          condition_reported_at: time(car.createdAt),
          grade: car.grade,
          uploaded_by:
            car.uploader === 'admin' ? `admin:${adminIds[car.uploaderSlot % adminIds.length]}` : car.uploader,
          listed_at: time(car.listedAt),
          created_at: time(car.createdAt),
          updated_at: time(car.sales.at(-1)!.createdAt),
        })),
        'id, vin',
      ),
    );
    const carId = new Map(carRows.map((row) => [row.vin, Number(row.id)]));
    written.vehicles += carRows.length;

    const offerRows = batch.flatMap((car) =>
      car.offers.map((offer) => ({ vehicleId: carId.get(car.vin)!, offer })),
    );
    const offerKey = (vehicleId: number, createdAt: string | Date) =>
      `${vehicleId}|${new Date(createdAt).getTime()}`;
    const offerId = new Map<string, number>();
    if (offerRows.length) {
      const inserted = await rowsOf<{ id: number; vehicle_id: number; created_at: string | Date }>(
        db,
        insertRows(
          'offers',
          OFFER_COLUMNS,
          offerRows.map(({ vehicleId, offer }) => ({
            vehicle_id: vehicleId,
            dealer_id: dealerOf(offer.dealerSlot),
            amount: offer.amount,
            status: offer.status,
            counter_amount: offer.counterAmount,
            expires_at: time(offer.expiresAt),
            created_at: time(offer.createdAt),
            updated_at: time(offer.updatedAt),
          })),
          'id, vehicle_id, created_at',
        ),
      );
      for (const row of inserted)
        offerId.set(offerKey(Number(row.vehicle_id), row.created_at), Number(row.id));
      await db.execute(
        insertRows(
          'offer_activities',
          ACTIVITY_COLUMNS,
          offerRows.flatMap(({ vehicleId, offer }) =>
            offer.activities.map((a) => ({
              offer_id: offerId.get(offerKey(vehicleId, offer.createdAt))!,
              actor_type: a.actorType,
              actor_id: a.actorType === 'dealer' ? dealerOf(offer.dealerSlot) : null,
              action_type: a.actionType,
              amount: a.amount,
              message: a.message,
              created_at: time(a.createdAt),
            })),
          ),
        ),
      );
      written.offers += inserted.length;
    }

    const saleRows = batch.flatMap((car) =>
      car.sales.map((sale) => ({ car, sale, vehicleId: carId.get(car.vin)! })),
    );
    for (const { offer } of offerRows) heard.offers.add(dealerOf(offer.dealerSlot));
    for (const { sale } of saleRows) heard.transactions.add(dealerOf(sale.dealerSlot));
    const saleKey = (vehicleId: number, cancelled: boolean) => `${vehicleId}|${cancelled}`;
    const saleIds = new Map(
      (
        await rowsOf<{ id: number; vehicle_id: number; cancelled: boolean }>(
          db,
          insertRows(
            'transactions',
            SALE_COLUMNS,
            saleRows.map(({ car, sale, vehicleId }) => ({
              vehicle_id: vehicleId,
              dealer_id: dealerOf(sale.dealerSlot),
              offer_id:
                sale.offerIndex === null
                  ? null
                  : offerId.get(offerKey(vehicleId, car.offers[sale.offerIndex]!.createdAt))!,
              amount: sale.amount,
              status: sale.cancelled ? 'pending' : 'completed',
              created_at: time(sale.createdAt),
              is_paid: sale.isPaid,
              cancelled: sale.cancelled,
              terms: DEFAULT_SALE_TERMS,
            })),
            'id, vehicle_id, cancelled',
          ),
        )
      ).map((row) => [saleKey(Number(row.vehicle_id), row.cancelled), Number(row.id)] as const),
    );
    written.transactions += saleIds.size;

    // The steps, oldest first (ids follow time); a claim's answer and refund once its claim has an id.
    const first: Record<string, unknown>[] = [];
    const later: Record<string, unknown>[] = [];
    for (const { sale, vehicleId } of saleRows) {
      const transactionId = saleIds.get(saleKey(vehicleId, sale.cancelled))!;
      const dealerId = dealerOf(sale.dealerSlot);
      const steps = [...sale.events].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      let afterClaim = false;
      for (const step of steps) {
        (afterClaim ? later : first).push({
          transaction_id: transactionId,
          dealer_id: dealerId,
          type: step.type,
          data: step.data,
          actor_type: step.actorType,
          actor_id: step.actorType === 'dealer' ? dealerId : step.actorType === 'admin' ? adminIds[0]! : null,
          created_at: time(step.createdAt),
        });
        afterClaim ||= step.type === 'claim_opened';
      }
    }
    const claimOf = new Map<number, number>();
    for (let i = 0; i < first.length; i += 5000) {
      const rows = await rowsOf<{ id: number; transaction_id: number; type: string }>(
        db,
        insertRows('transaction_events', EVENT_COLUMNS, first.slice(i, i + 5000), 'id, transaction_id, type'),
      );
      for (const row of rows)
        if (row.type === 'claim_opened') claimOf.set(Number(row.transaction_id), Number(row.id));
    }
    if (later.length)
      await db.execute(
        insertRows(
          'transaction_events',
          EVENT_COLUMNS,
          later.map((row) =>
            row.type === 'claim_answered'
              ? {
                  ...row,
                  data: { ...(row.data as object), claimId: claimOf.get(row.transaction_id as number)! },
                }
              : row,
          ),
        ),
      );
    written.events += first.length + later.length;
  }
  const news = Object.entries(heard).flatMap(([topic, ids]) =>
    [...ids].map((dealerId) => ({ topic, dealerId })),
  );
  if (news.length)
    await db.execute(sql`with recorded as (
        insert into live_events (topic, dealer_id)
        select topic, "dealerId" from jsonb_to_recordset(${JSON.stringify(news)}::jsonb) as x(topic text, "dealerId" integer)
        returning id, topic, dealer_id)
      select pg_notify('live_events', json_build_object('id', id, 'topic', topic, 'dealerId', dealer_id)::text) from recorded`);
  await db.execute(sql`select set_config('app.live_events', ${switched?.before ?? ''}, true)`);
  return written;
}
