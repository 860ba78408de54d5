import { GUIDE_RULES } from '@contracts/guide-texts';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { guideFits } from '../../db/schema';
import { type InParts, rowsOf } from './insight-facts';

/**
 * The market guide's nightly refit (docs/design.md §16, ADR 0027). The model, on completed sales:
 *
 *   ln(price) = level of the make and model + βy·year + βm·miles/10,000 + βg·grade + βt·t + ε
 *
 * (t: years from the fit's day to the sale, negative in the past: the market's drift and the cars'
 * ageing), fitted by weighted least squares within each make and model (the level drops out when each
 * sale is taken from its make-and-model's weighted mean), weights halving every
 * GUIDE_RULES.halfLifeDays, on the last two years of sales. Robust in one step: the sales whose
 * first-fit residual lies beyond 3 scaled MADs of the median are dropped (and are no comparables
 * until the next refit), then the fit is done again. Only sums of products leave the database (a 4×4
 * system), never the sales.
 */
export interface GuideCoefficients {
  betaYear: number;
  betaMiles: number;
  betaGrade: number;
  betaTime: number;
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
const DAY_SECONDS = 86_400;
const YEAR_DAYS = 365.25;
/** The regressors: model year, miles / 10,000, grade, years from the fit's day. */
const VARS = [1, 2, 3, 4] as const;

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** Days from `ref` to a sale (negative in the past), as float8 (numeric arithmetic would be slow). */
const daysFrom = (ref: SQL, column: SQL) =>
  sql`(extract(epoch from (${column} - ${ref}))::float8 / ${DAY_SECONDS})`;

/** The sales a fit reads: completed, with year and miles, sold in the two years before `before`. */
const baseSql = (before: Date, meanGrade: number) => sql`
  select transaction_id, make_key, model_key, ln(net_price_cents::float8) as y, year::float8 as x1,
    mileage / 10000.0::float8 as x2, coalesce(grade, ${meanGrade}::float8) as x3,
    ${daysFrom(at(before), sql`sold_at`)} / ${YEAR_DAYS} as x4,
    power(0.5::float8, -${daysFrom(at(before), sql`sold_at`)} / ${GUIDE_RULES.halfLifeDays}) as w
  from sale_facts
  where not cancelled and net_price_cents > 0 and year is not null and mileage is not null
    and make_key is not null and model_key is not null
    and sold_at < ${at(before)} and sold_at >= ${at(before)} - make_interval(days => ${FIT_WINDOW_DAYS})`;

/** Each sale taken from its make-and-model's weighted means (segments of one sale say nothing). */
const demeanedSql = (base: SQL) => sql`
  base as (${base}),
  seg as (
    select make_key, model_key, sum(w * y) / sum(w) as my,
      ${sql.raw(VARS.map((i) => `sum(w * x${i}) / sum(w) as m${i}`).join(', '))}
    from base group by make_key, model_key having count(*) >= 2
  ),
  d as (
    select b.transaction_id, b.w, b.y - s.my as dy, ${sql.raw(VARS.map((i) => `b.x${i} - s.m${i} as d${i}`).join(', '))}
    from base b join seg s using (make_key, model_key)
  )`;

/** The weighted normal equations' sums: a_ij = Σ w·di·dj (i ≤ j), b_i = Σ w·di·dy. */
const sumsSql = (from: string) => {
  const terms: string[] = [];
  for (const i of VARS) for (const j of VARS) if (j >= i) terms.push(`sum(w*d${i}*d${j}) as a${i}${j}`);
  for (const i of VARS) terms.push(`sum(w*d${i}*dy) as b${i}`);
  return sql.raw(`select ${terms.join(', ')}, count(*) as n from ${from}`);
};

/** The system of a sums row: the symmetric matrix and the right-hand side. */
function systemOf(row: Record<string, unknown>) {
  const value = (key: string) => (row[key] === null || row[key] === undefined ? 0 : Number(row[key]));
  const matrix = VARS.map((i) => VARS.map((j) => value(i <= j ? `a${i}${j}` : `a${j}${i}`)));
  return { matrix, rhs: VARS.map((i) => value(`b${i}`)), n: value('n') };
}

/**
 * Solves the normal equations by Gaussian elimination with partial pivoting (a tiny ridge keeps a
 * variable without spread, e.g. every grade missing, at zero instead of making the system singular).
 */
export function solveNormal(matrix: readonly (readonly number[])[], rhs: readonly number[]): number[] {
  const n = rhs.length;
  const ridge = 1e-9 * Math.max(1e-12, ...matrix.map((row, i) => row[i]!));
  const m = matrix.map((row, i) => [...row.map((v, j) => (i === j ? v + ridge : v)), rhs[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-300) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-300 ? 0 : row[n]! / row[i]!));
}

const residualSql = (beta: readonly number[]) =>
  sql`r as (select transaction_id, w, dy - (${sql.join(
    beta.map((b, i) => sql`${b}::float8 * d${sql.raw(String(i + 1))}`),
    sql` + `,
  )}) as r from d)`;

/** Fits the coefficients on the sales sold before `before` (default now); null with too few sales. */
export async function fitGuide(
  db: Executor,
  { before = new Date(), pause = async () => {} }: { before?: Date; pause?: () => Promise<void> } = {},
): Promise<GuideCoefficients | null> {
  const [grade] = await rowsOf<{ mean: number | null }>(
    db,
    sql`select sum(w * x3) / nullif(sum(w), 0) as mean from (${baseSql(before, 0)}) b
        where exists (select 1 from sale_facts f where f.transaction_id = b.transaction_id and f.grade is not null)`,
  );
  const meanGrade = grade?.mean === null || grade?.mean === undefined ? 3 : Number(grade.mean);
  const base = baseSql(before, meanGrade);

  await pause();
  const [first] = await rowsOf<Record<string, unknown>>(db, sql`with ${demeanedSql(base)} ${sumsSql('d')}`);
  if (!first || Number(first.n) < MIN_FIT_SALES) return null;
  const firstSystem = systemOf(first);
  const beta1 = solveNormal(firstSystem.matrix, firstSystem.rhs);

  // The outliers of the first fit, then the fit again without them.
  const flaggedSql = sql`${residualSql(beta1)},
    stats as (select percentile_cont(0.5) within group (order by r) as med from r),
    spread as (select percentile_cont(0.5) within group (order by abs(r.r - stats.med)) as mad from r, stats),
    flagged as (
      select r.transaction_id, spread.mad > 0 and abs(r.r - stats.med) > ${OUTLIER_MADS} * 1.4826 * spread.mad as outlier
      from r, stats, spread
    )`;
  await pause();
  const outlierRows = await rowsOf<{ transaction_id: number }>(
    db,
    sql`with ${demeanedSql(base)}, ${flaggedSql} select transaction_id from flagged where outlier order by transaction_id`,
  );
  const outliers = outlierRows.map((row) => Number(row.transaction_id));
  const keptBase = sql`select * from (${base}) b0
    where not (transaction_id = any(string_to_array(${outliers.join(',')}, ',')::int[]))`;
  await pause();
  const [second] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${demeanedSql(keptBase)} ${sumsSql('d')}`,
  );
  const secondSystem = second ? systemOf(second) : null;
  const beta =
    secondSystem && secondSystem.n >= MIN_FIT_SALES
      ? solveNormal(secondSystem.matrix, secondSystem.rhs)
      : beta1;
  await pause();
  const [spread] = await rowsOf<{ p10: number | null; p90: number | null; n: number }>(
    db,
    sql`with ${demeanedSql(keptBase)}, ${residualSql(beta)}
        select percentile_cont(0.1) within group (order by r) as p10,
          percentile_cont(0.9) within group (order by r) as p90, count(*) as n from r`,
  );
  return {
    betaYear: beta[0]!,
    betaMiles: beta[1]!,
    betaGrade: beta[2]!,
    betaTime: beta[3]!,
    meanGrade,
    residP10: Number(spread?.p10 ?? 0),
    residP90: Number(spread?.p90 ?? 0),
    salesUsed: Number(spread?.n ?? 0),
    outliersDropped: outliers.length,
    outliers,
  };
}

export type StoredFit = typeof guideFits.$inferSelect;
type FitTerms = Pick<StoredFit, 'betaYear' | 'betaMiles' | 'betaGrade' | 'betaTime' | 'meanGrade'>;

/** The newest refit, or null before the first. */
export async function latestFit(db: Executor): Promise<StoredFit | null> {
  const [row] = await db.select().from(guideFits).orderBy(desc(guideFits.id)).limit(1);
  return row ?? null;
}

/**
 * How far below the newest sale in the facts a sale may still be missing from them: a sale whose
 * row was inserted before a refresh began and committed after it (a refresh sees what was
 * committed when it started). Far more than the sales ever in flight at once.
 */
const FRESH_SALES_MARGIN = 1000;

/**
 * The sales a guide reads (ADR 0027): the facts as last refreshed, and every sale committed since,
 * read from the ledger's own rows — so a sale is a comparable the moment it commits, not at the
 * next refresh of the facts. The fresh ones are those not yet in the facts (computed once per
 * query), with the facts' columns worked out as the view works them out: the car's make, model,
 * year, miles and grade, the price net of a claim's adjustment, cancelled by the flag or an event.
 * A refit still reads the facts alone; a fresh sale is simply no outlier until then.
 */
const comparableSalesSql = sql`
  with fresh as materialized (
    select t.id as transaction_id, t.created_at as sold_at,
      (t.created_at at time zone (t.terms ->> 'timeZone'))::date as sold_on,
      (t.cancelled or exists (
        select 1 from transaction_events e where e.transaction_id = t.id and e.type = 'cancelled'
      )) as cancelled,
      (round(t.amount * 100) - coalesce((
        select sum(round((e.data ->> 'amount')::numeric * 100)) from transaction_events e
        where e.transaction_id = t.id and e.type = 'claim_answered' and e.data ->> 'decision' = 'adjusted'
          and exists (select 1 from transaction_events o where o.transaction_id = t.id
            and o.type = 'claim_opened' and o.id::text = e.data ->> 'claimId')
      ), 0))::bigint as net_price_cents,
      lower(btrim(v.make)) as make_key, lower(btrim(v.model)) as model_key, v.year, v.mileage,
      v.grade::float8 as grade
    from transactions t
    join vehicles v on v.id = t.vehicle_id
    where t.id > (select coalesce(max(transaction_id), 0) from sale_facts) - ${FRESH_SALES_MARGIN}
      and not exists (select 1 from sale_facts f where f.transaction_id = t.id)
  )
  select transaction_id, sold_at, sold_on, cancelled, net_price_cents, make_key, model_key, year, mileage, grade
  from sale_facts
  union all
  select transaction_id, sold_at, sold_on, cancelled, net_price_cents, make_key, model_key, year, mileage, grade
  from fresh`;

/**
 * The comparables of a subject and each one's adjusted log price and weight, as a SQL fragment:
 * same make and model, model year ±1, sold in the GUIDE_RULES.windowDays before `asOf` (and before
 * it), not cancelled, not an outlier of the refit — among the sales committed so far, the newest
 * included (comparableSalesSql). `alias` names a relation of the outer query with
 * columns make_key, model_key, year, mileage, grade; `asOf` is an expression of the outer query.
 *
 * `shown`: the columns as a person may see them (issue #43), so that no sale can be picked out by
 * its exact miles or day and its negotiated price read: `sold_week_of` (the Monday of the week it
 * sold, in the sale's time zone) instead of its day, `mileage` to the nearest 1,000, and the weight
 * and adjusted price computed from those, so they tell nothing finer either. Which sales are
 * comparables is still decided on the exact values.
 */
export function comparablesSql(fit: FitTerms, subject: { alias: string; asOf: SQL; shown?: boolean }) {
  const s = sql.raw(subject.alias);
  // The week's Monday (ISO weeks), as a day and as the instant it began (UTC midnight).
  const weekOf = sql`(c.sold_on - (extract(isodow from c.sold_on)::int - 1))`;
  const soldAt = subject.shown ? sql`(${weekOf}::timestamp at time zone 'UTC')` : sql`c.sold_at`;
  const miles = subject.shown ? sql`(round(c.mileage::numeric, -3)::int)` : sql`c.mileage`;
  const day = subject.shown
    ? sql`to_char(${weekOf}, 'YYYY-MM-DD') as sold_week_of`
    : sql`to_char(c.sold_on, 'YYYY-MM-DD') as sold_on`;
  const daysBefore = daysFrom(soldAt, subject.asOf);
  return sql`
    select c.transaction_id, ${day}, c.year, ${miles} as mileage, c.grade, c.net_price_cents,
      power(0.5::float8, ${daysBefore} / ${GUIDE_RULES.halfLifeDays}) as w,
      ln(c.net_price_cents::float8)
        + ${fit.betaYear}::float8 * (${s}.year - c.year)
        + ${fit.betaMiles}::float8 * (coalesce(${s}.mileage, ${miles}) - ${miles}) / 10000.0
        + ${fit.betaGrade}::float8 * (coalesce(${s}.grade::float8, ${fit.meanGrade}::float8) - coalesce(c.grade, ${fit.meanGrade}::float8))
        + ${fit.betaTime}::float8 * ${daysBefore} / ${YEAR_DAYS}
        as z
    from (${comparableSalesSql}) c
    left join sale_guides sg on sg.transaction_id = c.transaction_id
    where c.make_key = ${s}.make_key and c.model_key = ${s}.model_key
      and c.year between ${s}.year - ${GUIDE_RULES.yearWindow} and ${s}.year + ${GUIDE_RULES.yearWindow}
      and not c.cancelled and c.net_price_cents > 0 and c.mileage is not null
      and c.sold_at < ${subject.asOf}
      and c.sold_at >= ${subject.asOf} - make_interval(days => ${GUIDE_RULES.windowDays})
      and not coalesce(sg.outlier, false)`;
}

/** An arbitrary, fixed advisory-lock key for the refit. */
const REFIT_LOCK_KEY = 3_316_016;
/** The guide is refitted when its newest fit is this old (nightly). */
const REFIT_EVERY_MS = 24 * 3_600_000;

/**
 * Refits when there is no fit or the newest is a day old (the guide job calls it). With `steps`
 * (the job: letRequestsThrough between two), in steps, as the demo-history job refits: on PGlite a
 * one-transaction refit held every request until it ended.
 */
export async function refitGuideIfDue(db: Database, now = new Date(), steps?: InParts) {
  const fit = await latestFit(db);
  if (fit && now.getTime() - fit.fittedAt.getTime() < REFIT_EVERY_MS) return null;
  return refitGuide(db, { before: now, steps });
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
 * Each completed sale's guide as it stood on its sale day, for every sale at once in O(n log n): an
 * adjusted log price splits into a part of the comparable (a) and a part of the subject (b), and the
 * recency weight 2^(t_c / h) / 2^(t_s / h) into the same, so the subject's weighted mean is a ratio of
 * two sums over the comparables' cell (make, model, year) in the 180 days before it. Each sums is a
 * difference of running sums (which PostgreSQL keeps incrementally; a sliding frame of float sums is
 * recomputed row by row): every sale probes the cells of its year ± 1 at its instant and 180 days
 * earlier, and "strictly before" is the running sum less the sales of that very instant.
 */
function asOfGuidesSql(fit: FitTerms, ref: Date, outliers: readonly number[], where: SQL) {
  const t = daysFrom(at(ref), sql`sold_at`);
  const mg = sql`${fit.meanGrade}::float8`;
  // Model years taken from 2000 so the summed log prices stay small (the differences are the same).
  const part = (year: SQL, mileage: SQL, grade: SQL, td: SQL) =>
    sql`(${fit.betaYear}::float8 * (${year} - 2000) + ${fit.betaMiles}::float8 * ${mileage} / 10000.0
      + ${fit.betaGrade}::float8 * ${grade} + ${fit.betaTime}::float8 * ${td} / ${YEAR_DAYS})`;
  return sql`
    with f as (
      select transaction_id, make_key, model_key, year, sold_at, mileage, net_price_cents,
        coalesce(grade, ${mg}) as g, ${t} as td,
        transaction_id = any(string_to_array(${outliers.join(',')}, ',')::int[]) as outlier
      from sale_facts
      where not cancelled and make_key is not null and model_key is not null and year is not null and ${where}
    ),
    cells as (
      select make_key, model_key, year as cell, sold_at, null::int as subject, 0 as side, 1 as k,
        power(2::float8, td / ${GUIDE_RULES.halfLifeDays}) as we,
        power(2::float8, td / ${GUIDE_RULES.halfLifeDays})
          * (ln(net_price_cents::float8) - ${part(sql`year`, sql`mileage`, sql`g`, sql`td`)}) as wa
      from f where not outlier and net_price_cents > 0 and mileage is not null
      union all
      select f.make_key, f.model_key, f.year + d.d, f.sold_at - e.back, f.transaction_id, e.side, 0, 0, 0
      from f
      cross join (values (-1), (0), (1)) as d(d)
      cross join (values (interval '0 days', 1), (make_interval(days => ${GUIDE_RULES.windowDays}), -1)) as e(back, side)
      where f.mileage is not null
    ),
    running as (
      select subject, side,
        sum(k) over upto - sum(k) over instant as k,
        sum(we) over upto - sum(we) over instant as we,
        sum(wa) over upto - sum(wa) over instant as wa
      from cells
      window upto as (partition by make_key, model_key, cell order by sold_at range unbounded preceding),
        instant as (partition by make_key, model_key, cell, sold_at)
    ),
    probed as (
      select subject, sum(side * k)::int as k, sum(side * wa) / nullif(sum(side * we), 0) as za
      from running where subject is not null group by subject
    )
    select p.subject as transaction_id, p.k, p.za + ${part(sql`f.year`, sql`f.mileage`, sql`f.g`, sql`f.td`)} as z
    from probed p join f on f.transaction_id = p.subject`;
}

type StoredTerms = FitTerms & Pick<StoredFit, 'residP10' | 'residP90'>;

/**
 * Each completed sale's row of sale_guides as the refit writes it (its guide as it stood on its sale
 * day, its comparables, whether the fit dropped it), for the sales `where` picks: a condition on
 * make_key and model_key, since a sale's comparables are of its own make and model.
 */
function saleGuidesInsertSql(fit: StoredTerms, before: Date, outliers: readonly number[], where: SQL) {
  const widen = (p: number) => sql`exp(${p}::float8 * sqrt(1 + 1.0 / g.k))`;
  return sql`
    insert into sale_guides (transaction_id, comparables, outlier, guide, low, high)
    select f.transaction_id, coalesce(g.k, 0), f.transaction_id = any(string_to_array(${outliers.join(',')}, ',')::int[]),
      case when g.k >= ${GUIDE_RULES.minComparables} then round(exp(g.z)::numeric / 2500) * 25 end,
      case when g.k >= ${GUIDE_RULES.minComparables} then round((exp(g.z) * ${widen(fit.residP10)})::numeric / 2500) * 25 end,
      case when g.k >= ${GUIDE_RULES.minComparables} then round((exp(g.z) * ${widen(fit.residP90)})::numeric / 2500) * 25 end
    from sale_facts f
    left join (${asOfGuidesSql(fit, before, outliers, where)}) g on g.transaction_id = f.transaction_id
    where not f.cancelled and ${where}`;
}

const everySale = sql`true`;

const fitRow = (fit: GuideCoefficients) => ({
  betaYear: fit.betaYear,
  betaMiles: fit.betaMiles,
  betaGrade: fit.betaGrade,
  betaTime: fit.betaTime,
  meanGrade: fit.meanGrade,
  residP10: fit.residP10,
  residP90: fit.residP90,
  salesUsed: fit.salesUsed,
  outliersDropped: fit.outliersDropped,
});

/**
 * Refits the guide (nightly, and at start when there is no fit): stores the coefficients and
 * rebuilds each completed sale's guide as it stood on its sale day (the comparables sold before it),
 * which insights compare sale prices with and the benchmark backtests. Sales sold on or after
 * `before` (default now) are left out of the fit, not out of the guides.
 *
 * In one transaction by default. With `steps` (the demo-history job: on PGlite a transaction holds
 * every request), in steps of at most `steps.part` sales with `steps.pause` between two
 * (refitGuideInSteps): the same fit and the same guides, written a few makes and models at a time.
 */
export async function refitGuide(
  db: Database,
  { before = new Date(), steps }: { before?: Date; steps?: InParts } = {},
) {
  if (steps) return refitGuideInSteps(db, before, steps);
  return db.transaction(async (tx) => {
    // One refit at a time, whatever the number of instances (another one under way: this one yields).
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${REFIT_LOCK_KEY}) as locked`,
    );
    if (!lock?.locked) return null;
    const fit = await fitGuide(tx, { before });
    if (!fit) return null;
    const [stored] = await tx.insert(guideFits).values(fitRow(fit)).returning();
    await tx.execute(sql`delete from sale_guides`);
    await tx.execute(saleGuidesInsertSql(fit, before, fit.outliers, everySale));
    // The guides of every card read sale_guides: plan them on what it now holds.
    await tx.execute(sql`analyze sale_guides`);
    return { ...stored!, outliers: fit.outliers };
  });
}

/** Sales per step of a refit in steps: the demo's busiest model (≈ 700 of 3,000 sales) is one step alone. */
export const REFIT_STEP_SALES = 500;

/**
 * The refit in steps: the fit's statements one at a time (reads), then sale_guides rebuilt for a few
 * makes and models per transaction (each step replaces its makes' and models' rows: a reader sees a
 * model's guides either all as before or all as now), then the rows of sales gone from the facts
 * removed and the fit stored. Each step waits for a one-piece refit under way elsewhere (the lock).
 */
async function refitGuideInSteps(
  db: Database,
  before: Date,
  { part = REFIT_STEP_SALES, pause = async () => {} }: InParts,
) {
  const fit = await fitGuide(db, { before, pause });
  if (!fit) return null;
  await pause();
  const groups = await rowsOf<{ make_key: string | null; model_key: string | null; n: number }>(
    db,
    sql`select make_key, model_key, count(*)::int as n from sale_facts group by 1, 2 order by 1, 2`,
  );
  // Consecutive makes and models packed into steps of at most `part` sales (a larger one alone).
  const stepsOf: (typeof groups)[] = [];
  for (const group of groups) {
    const last = stepsOf.at(-1);
    if (last && last.reduce((n, g) => n + g.n, 0) + group.n <= part) last.push(group);
    else stepsOf.push([group]);
  }
  const lock = sql`select pg_advisory_xact_lock(${REFIT_LOCK_KEY})`;
  for (const step of stepsOf) {
    const named = step.filter((g) => g.make_key !== null && g.model_key !== null);
    const conditions = [
      ...(named.length > 0
        ? [
            sql`(make_key, model_key) in (${sql.join(
              named.map((g) => sql`(${g.make_key}::text, ${g.model_key}::text)`),
              sql`, `,
            )})`,
          ]
        : []),
      ...(named.length < step.length ? [sql`(make_key is null or model_key is null)`] : []),
    ];
    const where = sql`(${sql.join(conditions, sql` or `)})`;
    await pause();
    await db.transaction(async (tx) => {
      await tx.execute(lock);
      await tx.execute(
        sql`delete from sale_guides where transaction_id in (select transaction_id from sale_facts where ${where})`,
      );
      await tx.execute(saleGuidesInsertSql(fit, before, fit.outliers, where));
    });
  }
  await pause();
  const stored = await db.transaction(async (tx) => {
    await tx.execute(lock);
    await tx.execute(
      sql`delete from sale_guides g where not exists (select 1 from sale_facts f where f.transaction_id = g.transaction_id)`,
    );
    const [row] = await tx.insert(guideFits).values(fitRow(fit)).returning();
    return row!;
  });
  await pause();
  await db.execute(sql`analyze sale_guides`);
  return { ...stored, outliers: fit.outliers };
}
