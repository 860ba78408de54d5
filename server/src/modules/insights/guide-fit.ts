import { GUIDE_RULES } from '@contracts/guide';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { guideFits } from '../../db/schema';
import { rowsOf } from './insight-facts';

/**
 * The market guide's nightly refit (DESIGN.md §16, ADR 0027). The model, on completed sales:
 *
 *   ln(price) = level of the make and model + βy·year + βm·miles/10,000 + βg·grade + ε
 *
 * fitted by weighted least squares within each make and model (the level drops out when each sale is
 * taken from its make-and-model's weighted mean), weights halving every GUIDE_RULES.halfLifeDays, on
 * the last two years of sales. Robust in one step: the sales whose first-fit residual lies beyond
 * 3 scaled MADs of the median are dropped (and are no comparables until the next refit), then the fit
 * is done again. Only sums of products leave the database (a 3×3 system), never the sales.
 */
export interface GuideCoefficients {
  betaYear: number;
  betaMiles: number;
  betaGrade: number;
  meanGrade: number;
  residP10: number;
  residP90: number;
  salesUsed: number;
  outliersDropped: number;
  /** The sales dropped as outliers (transaction ids). */
  outliers: number[];
}

/** Below this many sales in two years there is nothing to fit. */
const MIN_FIT_SALES = 10;
const FIT_WINDOW_DAYS = 730;
/** A residual further than this many scaled MADs (1.4826·MAD ≈ σ) from the median is an outlier. */
const OUTLIER_MADS = 3;

interface NormalSums {
  a11: number;
  a12: number;
  a13: number;
  a22: number;
  a23: number;
  a33: number;
  b1: number;
  b2: number;
  b3: number;
  n: number;
}

/** The sales a fit reads: completed, with year and miles, sold in the two years before `before`. */
const baseSql = (before: Date, meanGrade: number) => sql`
  select transaction_id, make_key, model_key, ln(net_price_cents::float8) as y, year::float8 as x1,
    mileage / 10000.0::float8 as x2, coalesce(grade, ${meanGrade}::float8) as x3,
    power(0.5, extract(epoch from (${before.toISOString()}::timestamptz - sold_at)) / 86400.0 / ${GUIDE_RULES.halfLifeDays}) as w
  from sale_facts
  where not cancelled and net_price_cents > 0 and year is not null and mileage is not null
    and make_key is not null and model_key is not null
    and sold_at < ${before.toISOString()}::timestamptz
    and sold_at >= ${before.toISOString()}::timestamptz - make_interval(days => ${FIT_WINDOW_DAYS})`;

/** Each sale taken from its make-and-model's weighted means (segments of one sale say nothing). */
const demeanedSql = (base: SQL) => sql`
  base as (${base}),
  seg as (
    select make_key, model_key, sum(w * y) / sum(w) as my, sum(w * x1) / sum(w) as m1,
      sum(w * x2) / sum(w) as m2, sum(w * x3) / sum(w) as m3
    from base group by make_key, model_key having count(*) >= 2
  ),
  d as (
    select b.transaction_id, b.w, b.y - s.my as dy, b.x1 - s.m1 as d1, b.x2 - s.m2 as d2, b.x3 - s.m3 as d3
    from base b join seg s using (make_key, model_key)
  )`;

const sumsSql = (from: string) =>
  sql.raw(`select sum(w*d1*d1) as a11, sum(w*d1*d2) as a12, sum(w*d1*d3) as a13, sum(w*d2*d2) as a22,
    sum(w*d2*d3) as a23, sum(w*d3*d3) as a33, sum(w*d1*dy) as b1, sum(w*d2*dy) as b2, sum(w*d3*dy) as b3,
    count(*) as n from ${from}`);

const numbers = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v === null ? 0 : Number(v)]),
  ) as unknown as NormalSums;

/**
 * Solves the 3×3 normal equations (a tiny ridge keeps a variable without spread, e.g. every grade
 * missing, at zero instead of making the system singular).
 */
export function solveNormal(s: NormalSums): [number, number, number] {
  const ridge = 1e-9 * Math.max(s.a11, s.a22, s.a33, 1e-12);
  const m = [
    [s.a11 + ridge, s.a12, s.a13, s.b1],
    [s.a12, s.a22 + ridge, s.a23, s.b2],
    [s.a13, s.a23, s.a33 + ridge, s.b3],
  ];
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let r = col + 1; r < 3; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-300) continue;
    for (let r = 0; r < 3; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let c = col; c < 4; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const beta = [0, 1, 2].map((i) => (Math.abs(m[i]![i]!) < 1e-300 ? 0 : m[i]![3]! / m[i]![i]!));
  return [beta[0]!, beta[1]!, beta[2]!];
}

const residualSql = (beta: readonly number[]) =>
  sql`r as (select transaction_id, w, d1, d2, d3, dy,
    dy - (${beta[0]}::float8 * d1 + ${beta[1]}::float8 * d2 + ${beta[2]}::float8 * d3) as r from d)`;

/** Fits the coefficients on the sales sold before `before` (default now); null with too few sales. */
export async function fitGuide(db: Executor, { before = new Date() }: { before?: Date } = {}) {
  const [grade] = await rowsOf<{ mean: number | null }>(
    db,
    sql`select sum(w * x3) / nullif(sum(w), 0) as mean from (${baseSql(before, 0)}) b
        where exists (select 1 from sale_facts f where f.transaction_id = b.transaction_id and f.grade is not null)`,
  );
  const meanGrade = grade?.mean === null || grade?.mean === undefined ? 3 : Number(grade.mean);
  const base = baseSql(before, meanGrade);

  const [first] = await rowsOf<Record<string, unknown>>(db, sql`with ${demeanedSql(base)} ${sumsSql('d')}`);
  if (!first || Number(first.n) < MIN_FIT_SALES) return null;
  const beta1 = solveNormal(numbers(first));

  // The outliers of the first fit, then the fit again without them.
  const keptSql = sql`${residualSql(beta1)},
    stats as (select percentile_cont(0.5) within group (order by r) as med from r),
    spread as (select percentile_cont(0.5) within group (order by abs(r.r - stats.med)) as mad from r, stats),
    flagged as (
      select r.transaction_id, spread.mad > 0 and abs(r.r - stats.med) > ${OUTLIER_MADS} * 1.4826 * spread.mad as outlier
      from r, stats, spread
    )`;
  const outlierRows = await rowsOf<{ transaction_id: number }>(
    db,
    sql`with ${demeanedSql(base)}, ${keptSql} select transaction_id from flagged where outlier order by transaction_id`,
  );
  const outliers = outlierRows.map((row) => Number(row.transaction_id));
  const keptBase = sql`select * from (${base}) b0
    where not (transaction_id = any(string_to_array(${outliers.join(',')}, ',')::int[]))`;
  const [second] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${demeanedSql(keptBase)} ${sumsSql('d')}`,
  );
  const beta = second && Number(second.n) >= MIN_FIT_SALES ? solveNormal(numbers(second)) : beta1;
  const [spread] = await rowsOf<{ p10: number | null; p90: number | null; n: number }>(
    db,
    sql`with ${demeanedSql(keptBase)}, ${residualSql(beta)}
        select percentile_cont(0.1) within group (order by r) as p10,
          percentile_cont(0.9) within group (order by r) as p90, count(*) as n from r`,
  );
  return {
    betaYear: beta[0],
    betaMiles: beta[1],
    betaGrade: beta[2],
    meanGrade,
    residP10: Number(spread?.p10 ?? 0),
    residP90: Number(spread?.p90 ?? 0),
    salesUsed: Number(spread?.n ?? 0),
    outliersDropped: outliers.length,
    outliers,
  } satisfies GuideCoefficients;
}

export type StoredFit = typeof guideFits.$inferSelect;

/** The newest refit, or null before the first. */
export async function latestFit(db: Executor): Promise<StoredFit | null> {
  const [row] = await db.select().from(guideFits).orderBy(desc(guideFits.id)).limit(1);
  return row ?? null;
}

/**
 * The comparables of a subject and each one's adjusted log price and weight, as a SQL fragment:
 * same make and model, model year ±1, sold in the GUIDE_RULES.windowDays before `asOf` (and before
 * it), not cancelled, not an outlier of the refit. `subject` names columns make_key, model_key, year,
 * mileage, grade of the outer query; `asOf` an expression of the outer query.
 */
export function comparablesSql(
  fit: Pick<StoredFit, 'betaYear' | 'betaMiles' | 'betaGrade' | 'meanGrade'>,
  subject: { alias: string; asOf: SQL; excludeTransaction?: SQL },
) {
  const s = sql.raw(subject.alias);
  return sql`
    select c.transaction_id, to_char(c.sold_on, 'YYYY-MM-DD') as sold_on, c.year, c.mileage, c.grade, c.net_price_cents,
      power(0.5, extract(epoch from (${subject.asOf} - c.sold_at)) / 86400.0 / ${GUIDE_RULES.halfLifeDays}) as w,
      ln(c.net_price_cents::float8)
        + ${fit.betaYear}::float8 * (${s}.year - c.year)
        + ${fit.betaMiles}::float8 * (coalesce(${s}.mileage, c.mileage) - c.mileage) / 10000.0
        + ${fit.betaGrade}::float8 * (coalesce(${s}.grade::float8, ${fit.meanGrade}::float8) - coalesce(c.grade, ${fit.meanGrade}::float8))
        as z
    from sale_facts c
    left join sale_guides sg on sg.transaction_id = c.transaction_id
    where c.make_key = ${s}.make_key and c.model_key = ${s}.model_key
      and c.year between ${s}.year - ${GUIDE_RULES.yearWindow} and ${s}.year + ${GUIDE_RULES.yearWindow}
      and not c.cancelled and c.net_price_cents > 0 and c.mileage is not null
      and c.sold_at < ${subject.asOf}
      and c.sold_at >= ${subject.asOf} - make_interval(days => ${GUIDE_RULES.windowDays})
      and not coalesce(sg.outlier, false)
      ${subject.excludeTransaction ? sql`and c.transaction_id <> ${subject.excludeTransaction}` : sql``}`;
}

/** An arbitrary, fixed advisory-lock key for the refit. */
const REFIT_LOCK_KEY = 3_316_016;
/** The guide is refitted when its newest fit is this old (nightly). */
const REFIT_EVERY_MS = 24 * 3_600_000;

/** Refits when there is no fit or the newest is a day old (the insights pass calls it). */
export async function refitGuideIfDue(db: Database, now = new Date()) {
  const fit = await latestFit(db);
  if (fit && now.getTime() - fit.fittedAt.getTime() < REFIT_EVERY_MS) return null;
  return refitGuide(db);
}

/** Rounds a guide to $25, as price guides are quoted. */
export const roundGuideCents = (cents: number) => Math.round(cents / 2500) * 2500;

/**
 * The range around a guide from k comparables: the fit's 10th–90th percentile residuals, widened by
 * √(1 + 1/k) for the guide's own uncertainty (a mean of k noisy sales).
 */
export function guideRange(guideCents: number, k: number, fit: Pick<StoredFit, 'residP10' | 'residP90'>) {
  const widen = Math.sqrt(1 + 1 / Math.max(1, k));
  return {
    lowCents: roundGuideCents(guideCents * Math.exp(fit.residP10 * widen)),
    highCents: roundGuideCents(guideCents * Math.exp(fit.residP90 * widen)),
  };
}

/**
 * Refits the guide (nightly, and at start when there is no fit): stores the coefficients and
 * rebuilds each completed sale's guide as it stood on its sale day (the comparables sold before it),
 * which insights compare sale prices with and the benchmark backtests. Sales sold on or after
 * `before` (default now) are left out of the fit, not out of the guides.
 */
export async function refitGuide(db: Database, { before = new Date() }: { before?: Date } = {}) {
  const widen = (p: number) => sql`exp(${p}::float8 * sqrt(1 + 1.0 / g.k))`;
  return db.transaction(async (tx) => {
    // One refit at a time, whatever the number of instances (another one under way: this one yields).
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${REFIT_LOCK_KEY}) as locked`,
    );
    if (!lock?.locked) return null;
    const fit = await fitGuide(tx, { before });
    if (!fit) return null;
    const [stored] = await tx
      .insert(guideFits)
      .values({
        betaYear: fit.betaYear,
        betaMiles: fit.betaMiles,
        betaGrade: fit.betaGrade,
        meanGrade: fit.meanGrade,
        residP10: fit.residP10,
        residP90: fit.residP90,
        salesUsed: fit.salesUsed,
        outliersDropped: fit.outliersDropped,
      })
      .returning();
    await tx.execute(sql`delete from sale_guides`);
    await tx.execute(sql`
      insert into sale_guides (transaction_id, comparables, outlier)
      select transaction_id, 0, transaction_id = any(string_to_array(${fit.outliers.join(',')}, ',')::int[])
      from sale_facts where not cancelled`);
    await tx.execute(sql`
      update sale_guides t set comparables = g.k,
        guide = case when g.k >= ${GUIDE_RULES.minComparables} then round(exp(g.z)::numeric / 2500) * 25 end,
        low = case when g.k >= ${GUIDE_RULES.minComparables} then round((exp(g.z) * ${widen(fit.residP10)})::numeric / 2500) * 25 end,
        high = case when g.k >= ${GUIDE_RULES.minComparables} then round((exp(g.z) * ${widen(fit.residP90)})::numeric / 2500) * 25 end
      from (
        select s.transaction_id, count(c.*)::int as k, sum(c.w * c.z) / nullif(sum(c.w), 0) as z
        from sale_facts s
        cross join lateral (${comparablesSql(stored!, {
          alias: 's',
          asOf: sql`s.sold_at`,
          excludeTransaction: sql`s.transaction_id`,
        })}) c
        where not s.cancelled
        group by s.transaction_id
      ) g
      where g.transaction_id = t.transaction_id`);
    return { ...stored!, outliers: fit.outliers };
  });
}
