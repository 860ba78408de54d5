import { dateInZone } from '@contracts/business-days';
import { REPORT_SECTION_KEYS, REPORT_SECTIONS, type ReportSection } from '@contracts/claim-cases';
import { ERROR_CODES } from '@contracts/errors';
import {
  type DealerInsights,
  INSIGHT_CHARTS,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_TEXT,
  INVENTORY_AGING_BUCKETS,
  type InsightChart,
  type InsightColumn,
  type InsightFigure,
  type InsightsQuery,
  type InsightsReport,
  type InsightUnit,
} from '@contracts/insights';
import { centsToDecimal } from '@contracts/money';
import { stringify } from 'csv-stringify/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findSaleTermsInForce } from '../sale-terms/preview-sale-terms';
import { factsRefreshedAt, rowsOf } from './insight-facts';

/**
 * Insights (issue #33, docs/design.md §16), every figure an aggregate in SQL over the facts of migration
 * 0021 (never the sales in memory): sale days are the sale terms' days, as on the ledger.
 */

interface Period {
  from: string;
  to: string;
  /** The sale terms' time zone: the days offers and listings are counted in. */
  zone: string;
}

const badRequest = (message: string) => new AppError(ERROR_CODES.badRequest, message);

const isDay = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysApart = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The period asked for (default: the last 12 months to today), refused in words when it makes no sense. */
export async function periodOf(
  db: Database,
  query: Pick<InsightsQuery, 'from' | 'to'>,
  now = new Date(),
): Promise<Period> {
  const { timeZone: zone } = await findSaleTermsInForce(db);
  const to = query.to ?? dateInZone(now, zone);
  const from = query.from ?? addDays(to, -364);
  if (!isDay(from) || !isDay(to)) throw badRequest(INSIGHTS_TEXT.badDate);
  if (to < from) throw badRequest(INSIGHTS_TEXT.endBeforeStart);
  if (daysApart(from, to) > INSIGHTS_MAX_DAYS) throw badRequest(INSIGHTS_TEXT.tooLong);
  return { from, to, zone };
}

/** The months of a period, "2026-01" … (a chart's rows, empty months included). */
export function monthsOf(period: Pick<Period, 'from' | 'to'>): string[] {
  const months: string[] = [];
  let [year, month] = period.from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

const UPLOADER_LABELS: Record<string, string> = {
  staff: 'Lot staff',
  sync: 'Google Sheets sync',
  demo: 'Demo data',
  unrecorded: 'Not recorded',
};

/** Everyone who uploaded a car, as the filter lists them (an admin by e-mail). */
async function uploadersOf(db: Executor) {
  const rows = await rowsOf<{ key: string; email: string | null }>(
    db,
    sql`select distinct coalesce(f.uploaded_by, 'unrecorded') as key, a.email
        from vehicle_facts f
        left join admin_users a on f.uploaded_by like 'admin:%' and a.id::text = substr(f.uploaded_by, 7)
        order by 1`,
  );
  return rows.map((row) => ({
    key: row.key,
    label: row.key.startsWith('admin:')
      ? `Admin ${row.email ?? row.key.slice(6)}`
      : (UPLOADER_LABELS[row.key] ?? row.key),
  }));
}

const round1 = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const decimalOf = (cents: number | string | null | undefined) => centsToDecimal(Number(cents ?? 0));
const count = (value: number | string | null | undefined) => Number(value ?? 0);

interface Filters {
  dealerId: number | null;
  uploader: string | null;
}

const uploaderIs = (column: SQL, uploader: string | null) =>
  uploader === null
    ? sql`true`
    : uploader === 'unrecorded'
      ? sql`${column} is null`
      : sql`${column} = ${uploader}`;

/** The sales of the period (completed, not cancelled), filtered. */
const salesWhere = (p: Period, f: Filters, alias = 's') => {
  const s = sql.raw(alias);
  return sql`not ${s}.cancelled and ${s}.sold_on between ${p.from}::date and ${p.to}::date
    and ${f.dealerId === null ? sql`true` : sql`${s}.dealer_id = ${f.dealerId}`}
    and ${uploaderIs(sql`${s}.uploaded_by`, f.uploader)}`;
};
const localDay = (column: SQL, p: Period) => sql`(${column} at time zone ${p.zone})::date`;
/** The offers made in the period (on the period's calendar), filtered. */
const offersWhere = (p: Period, f: Filters) => {
  const offerDay = localDay(sql`o.created_at`, p);
  return sql`${offerDay} between ${p.from}::date and ${p.to}::date
    and ${f.dealerId === null ? sql`true` : sql`o.dealer_id = ${f.dealerId}`}
    and ${uploaderIs(sql`o.uploaded_by`, f.uploader)}`;
};
/** Of those offers: how many were decided (accepted, declined or expired) and how many accepted. */
const offerOutcomes = (alias = 'o') => {
  const o = sql.raw(alias);
  return sql`count(*) filter (where ${o}.status in ('accepted', 'declined', 'expired'))::int as decided,
    count(*) filter (where ${o}.status = 'accepted')::int as accepted`;
};
const monthOf = (day: SQL) => sql`to_char(${day}, 'YYYY-MM')`;
const days = (later: SQL, earlier: SQL) => sql`extract(epoch from (${later} - ${earlier})) / 86400.0`;

type Row = Record<string, number | string | null>;

/** Rows of a month-by-month query (grouping sets: a row per month and the total, month null). */
async function byMonth(db: Executor, query: SQL) {
  const rows = await rowsOf<Row & { month: string | null }>(db, query);
  return {
    month: (key: string) => rows.find((row) => row.month === key),
    total: rows.find((row) => row.month === null),
  };
}

/** A figure or table cell: a number, a decimal string or text, or null (no data). */
type Cell = InsightFigure['value'];
/** A headline figure: its key, its label, how its number reads and the number. */
const figure = (key: string, label: string, unit: InsightUnit, value: Cell): InsightFigure => ({
  key,
  label,
  unit,
  value,
});

/** A chart's column, and the cell it reads from each of the chart's items. */
interface Column<T> extends InsightColumn {
  cell: (item: T) => Cell;
}
const column = <T>(key: string, label: string, unit: InsightUnit, cell: (item: T) => Cell): Column<T> => ({
  key,
  label,
  unit,
  cell,
});

/** What a chart says besides its table. */
type ChartText = Pick<InsightChart, 'description' | 'kind' | 'series'>;

/** A chart without its id and title: its columns and its rows, one an item, each cell read by its column. */
const tableOf = <T>({ description, kind, series }: ChartText, items: readonly T[], columns: Column<T>[]) => ({
  description,
  kind,
  columns: columns.map(({ key, label, unit }): InsightColumn => ({ key, label, unit })),
  series,
  rows: items.map((item) => Object.fromEntries(columns.map((c) => [c.key, c.cell(item)]))),
});

const chartOf = <T>(
  id: keyof typeof INSIGHT_CHARTS,
  text: ChartText,
  items: readonly T[],
  columns: Column<T>[],
): InsightChart => ({ id, title: INSIGHT_CHARTS[id], ...tableOf(text, items, columns) });

const NOT_RECORDED = 'Not recorded';
const CERTIFICATION_LABELS: Record<string, string> = {
  premium: 'Premium certified',
  auction: 'Auction certified',
  unrecorded: NOT_RECORDED,
};
/** Claims decided, none with the case's timing recorded (decided before the facts were kept). */
const notRecorded = (row: Row) => count(row.decided) > 0 && count(row.timed) === 0;

/**
 * The claims decided in the period (by the decision's day, in the terms' zone), filtered by dealer
 * and uploader: the facts each decision recorded (its case: section, certification, business days,
 * within the deadline; sale-events.ts) and what it credited after the deductible — the same
 * amount the ledger credits.
 */
async function claimOutcomes(db: Executor, p: Period, f: Filters) {
  const rows = await rowsOf<Row & { certification: string | null; section: string | null }>(
    db,
    sql`select c.certification, c.section, grouping(c.certification, c.section) as total_row,
        count(*)::int as decided,
        count(*) filter (where c.decision = 'denied')::int as denied,
        count(*) filter (where c.decision = 'adjusted')::int as adjusted,
        count(*) filter (where c.decision = 'unwound')::int as unwound,
        count(c.within_sla)::int as timed,
        count(*) filter (where c.within_sla)::int as within_sla,
        percentile_cont(0.5) within group (order by c.business_days) as median_days,
        coalesce(sum(c.credit_cents), 0)::float8 as credit_cents
      from (
        select coalesce(a.data->'case'->>'certification', 'unrecorded') as certification,
          coalesce(a.data->'case'->>'section', 'unrecorded') as section,
          a.data->>'decision' as decision,
          (a.data->'case'->>'withinSla')::boolean as within_sla,
          (a.data->'case'->>'businessDays')::int as business_days,
          -- What the ledger credited: the amount less the deductible (steps before deductibles: the amount).
          case when a.data->>'decision' = 'adjusted'
            then round(coalesce(a.data->>'credited', a.data->>'amount')::numeric * 100) end as credit_cents
        from transaction_events a
        join transactions t on t.id = a.transaction_id
        join vehicles v on v.id = t.vehicle_id
        where a.type = 'claim_answered'
          and ${localDay(sql`a.created_at`, p)} between ${p.from}::date and ${p.to}::date
          and ${f.dealerId === null ? sql`true` : sql`t.dealer_id = ${f.dealerId}`}
          and ${uploaderIs(sql`v.uploaded_by`, f.uploader)}
      ) c
      group by grouping sets ((c.certification, c.section), ())
      order by c.certification, c.section`,
  );
  const groups = rows.filter((row) => Number(row.total_row) === 0);
  // Every certification × section, decided or not (zeros), then any decision without its facts.
  const grid = ['premium', 'auction'].flatMap((certification) =>
    REPORT_SECTION_KEYS.map(
      (section) =>
        groups.find((row) => row.certification === certification && row.section === section) ?? {
          certification,
          section,
        },
    ),
  );
  return {
    total: rows.find((row) => Number(row.total_row) !== 0),
    groups: [...grid, ...groups.filter((row) => !grid.includes(row))],
  };
}

/**
 * The awards with money to pay out decided in the period (issue #48): paid (the refund that paid
 * each records its business days and whether within the deadline; sale-events.ts) or flagged late
 * by the claim-deadlines job and still unpaid (counted as not within). Awards still inside their
 * deadline, and credits taken off what was owed (nothing to pay out), are not counted.
 */
async function claimPayments(db: Executor, p: Period, f: Filters) {
  const [row] = await rowsOf<{ settled: number; within: number; median_days: number | null; late: number }>(
    db,
    sql`select count(*)::int as settled,
        count(*) filter (where paid.within_sla)::int as within,
        percentile_cont(0.5) within group (order by paid.business_days) as median_days,
        count(*) filter (where late.flagged)::int as late
      from transaction_events a
      join transactions t on t.id = a.transaction_id
      join vehicles v on v.id = t.vehicle_id
      left join lateral (
        select (x->>'businessDays')::int as business_days, (x->>'withinSla')::boolean as within_sla
        from transaction_events r, jsonb_array_elements(r.data->'claimsPaid') x
        where r.transaction_id = a.transaction_id and r.type = 'refund_recorded'
          and x->>'claimId' = a.data->>'claimId'
        limit 1
      ) paid on true
      left join lateral (
        select true as flagged from transaction_events l
        where l.transaction_id = a.transaction_id and l.type = 'claim_payment_late'
          and l.data->>'claimId' = a.data->>'claimId'
        limit 1
      ) late on true
      where a.type = 'claim_answered' and a.data->>'decision' in ('adjusted', 'unwound')
        and (paid.business_days is not null or late.flagged)
        and ${localDay(sql`a.created_at`, p)} between ${p.from}::date and ${p.to}::date
        and ${f.dealerId === null ? sql`true` : sql`t.dealer_id = ${f.dealerId}`}
        and ${uploaderIs(sql`v.uploaded_by`, f.uploader)}`,
  );
  return row;
}

/** The marketplace's figures and charts over a period (admins), filtered by dealer and uploader. */
export async function insightsReport(
  db: Database,
  query: InsightsQuery,
  now = new Date(),
): Promise<InsightsReport> {
  const period = await periodOf(db, query, now);
  const [dealerRows, uploaders] = await Promise.all([
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, dealer_name as name from dealers order by dealer_name, id`,
    ),
    uploadersOf(db),
  ]);
  if (query.dealerId !== undefined && !dealerRows.some((d) => Number(d.id) === query.dealerId))
    throw badRequest(INSIGHTS_TEXT.unknownDealer);
  if (query.uploader !== undefined && !uploaders.some((u) => u.key === query.uploader))
    throw badRequest(INSIGHTS_TEXT.unknownUploader);
  const filters: Filters = { dealerId: query.dealerId ?? null, uploader: query.uploader ?? null };
  const p = period;
  const months = monthsOf(p);

  const [sales, offers, listings, aging, byDealer, byUploader, claims, payments] = await Promise.all([
    byMonth(
      db,
      sql`select ${monthOf(sql`s.sold_on`)} as month, count(*)::int as sales,
          sum(s.net_price_cents)::float8 as net_cents, sum(s.spend_cents)::float8 as spend_cents,
          percentile_cont(0.5) within group (order by ${days(sql`s.sold_at`, sql`s.listed_at`)})
            filter (where s.listed_at <= s.sold_at) as days_to_sell,
          percentile_cont(0.5) within group (order by (s.handed_over_on - s.sold_on))
            filter (where s.handed_over_on is not null) as time_to_line,
          count(g.guide)::int as guided,
          avg((s.net_price_cents / (g.guide * 100) - 1) * 100) filter (where g.guide > 0) as vs_guide,
          percentile_cont(0.5) within group (order by abs(s.net_price_cents / (g.guide * 100) - 1) * 100)
            filter (where g.guide > 0) as abs_vs_guide
        from sale_facts s left join sale_guides g on g.transaction_id = s.transaction_id
        where ${salesWhere(p, filters)}
        group by grouping sets ((${monthOf(sql`s.sold_on`)}), ())`,
    ),
    byMonth(
      db,
      sql`select month, count(*)::int as offers, ${offerOutcomes()},
          count(*) filter (where o.status = 'accepted' and not o.negotiated)::int as first_accepted
        from (
          select ${monthOf(localDay(sql`o.created_at`, p))} as month, o.status, o.negotiated from offer_facts o
          where ${offersWhere(p, filters)}
        ) o
        group by grouping sets ((month), ())`,
    ),
    byMonth(
      db,
      sql`select month, count(*)::int as listed,
          percentile_cont(0.5) within group (order by days) as upload_to_listed
        from (
          select ${monthOf(localDay(sql`v.listed_at`, p))} as month, ${days(sql`v.listed_at`, sql`v.uploaded_at`)} as days
          from vehicle_facts v
          where v.listed_at is not null and ${localDay(sql`v.listed_at`, p)} between ${p.from}::date and ${p.to}::date
            and ${uploaderIs(sql`v.uploaded_by`, filters.uploader)}
        ) v
        group by grouping sets ((month), ())`,
    ),
    rowsOf<{ bucket: number; cars: number; asking_cents: number | null }>(
      db,
      sql`select b.bucket, count(*)::int as cars, sum(b.price_cents)::float8 as asking_cents from (
          select v.price_cents, case ${sql.join(
            INVENTORY_AGING_BUCKETS.map(
              (bucket, i) => sql`when ${days(sql`now()`, sql`v.listed_at`)} >= ${bucket.minDays} then ${i}`,
            ).reverse(),
            sql` `,
          )} else 0 end as bucket
          from vehicle_facts v
          where v.status = 'active' and not v.in_queue and v.listed_at is not null
            and ${uploaderIs(sql`v.uploaded_by`, filters.uploader)}
        ) b group by b.bucket`,
    ),
    rowsOf<Row & { dealer_id: number; name: string }>(
      db,
      sql`with sold as (
          select s.dealer_id, count(*)::int as purchases, sum(s.spend_cents)::float8 as spend_cents,
            sum(s.net_price_cents)::float8 as net_cents,
            percentile_cont(0.5) within group (order by (s.handed_over_on - s.sold_on))
              filter (where s.handed_over_on is not null) as time_to_line,
            avg((s.net_price_cents / (g.guide * 100) - 1) * 100) filter (where g.guide > 0) as vs_guide
          from sale_facts s left join sale_guides g on g.transaction_id = s.transaction_id
          where ${salesWhere(p, filters)} group by s.dealer_id
        ), offered as (
          select o.dealer_id, count(*)::int as offers, ${offerOutcomes()}
          from offer_facts o where ${offersWhere(p, filters)}
          group by o.dealer_id
        )
        select d.id as dealer_id, d.dealer_name as name, coalesce(sold.purchases, 0) as purchases,
          coalesce(sold.spend_cents, 0) as spend_cents, coalesce(sold.net_cents, 0) as net_cents,
          sold.time_to_line, sold.vs_guide, coalesce(offered.offers, 0) as offers,
          coalesce(offered.decided, 0) as decided, coalesce(offered.accepted, 0) as accepted
        from dealers d
        left join sold on sold.dealer_id = d.id left join offered on offered.dealer_id = d.id
        where sold.dealer_id is not null or offered.dealer_id is not null
        order by coalesce(sold.spend_cents, 0) desc, d.dealer_name, d.id`,
    ),
    rowsOf<Row & { key: string }>(
      db,
      sql`with uploaded as (
          select coalesce(v.uploaded_by, 'unrecorded') as key, count(*)::int as uploaded,
            count(v.listed_at)::int as listed,
            percentile_cont(0.5) within group (order by ${days(sql`v.listed_at`, sql`v.uploaded_at`)})
              filter (where v.listed_at is not null) as upload_to_listed
          from vehicle_facts v
          where ${localDay(sql`v.uploaded_at`, p)} between ${p.from}::date and ${p.to}::date
            and ${uploaderIs(sql`v.uploaded_by`, filters.uploader)}
          group by 1
        ), sold as (
          select coalesce(s.uploaded_by, 'unrecorded') as key, count(*)::int as sold,
            percentile_cont(0.5) within group (order by ${days(sql`s.sold_at`, sql`s.listed_at`)})
              filter (where s.listed_at <= s.sold_at) as days_to_sell
          from sale_facts s where ${salesWhere(p, filters)} group by 1
        ), offered as (
          select coalesce(o.uploaded_by, 'unrecorded') as key, ${offerOutcomes()}
          from offer_facts o where ${offersWhere(p, filters)}
          group by 1
        )
        select k.key, coalesce(u.uploaded, 0) as uploaded, coalesce(u.listed, 0) as listed,
          coalesce(s.sold, 0) as sold, u.upload_to_listed, s.days_to_sell,
          coalesce(o.decided, 0) as decided, coalesce(o.accepted, 0) as accepted
        from (select key from uploaded union select key from sold union select key from offered) k
        left join uploaded u using (key) left join sold s using (key) left join offered o using (key)
        order by coalesce(s.sold, 0) desc, k.key`,
    ),
    claimOutcomes(db, p, filters),
    claimPayments(db, p, filters),
  ]);

  const label = (key: string) => uploaders.find((u) => u.key === key)?.label ?? key;
  const t = sales.total;
  const o = offers.total;
  const figures: InsightFigure[] = [
    figure('sales', 'Sales', 'count', count(t?.sales)),
    figure('salesValue', 'Sales value (net of claim credits)', 'usd', decimalOf(t?.net_cents)),
    figure(
      'billed',
      'Billed (price, reconditioning, delivery, less credits)',
      'usd',
      decimalOf(t?.spend_cents),
    ),
    figure('conversion', 'Offers that became sales', 'percent', ratio(count(o?.accepted), count(o?.decided))),
    figure(
      'firstOfferConversion',
      'First offers accepted as made',
      'percent',
      ratio(count(o?.first_accepted), count(o?.decided)),
    ),
    figure('daysToSell', 'Median days to sell', 'days', round1(t?.days_to_sell)),
    figure(
      'uploadToListed',
      'Median days upload to listed',
      'days',
      round1(listings.total?.upload_to_listed),
    ),
    figure('timeToLine', 'Median days sale to dealer’s lot', 'days', round1(t?.time_to_line)),
    figure('priceVsGuide', 'Average sale price vs guide', 'percent', round1(t?.vs_guide)),
    figure('claimsDecided', 'Claims decided', 'count', count(claims.total?.decided)),
    figure(
      'claimDecisionDays',
      'Median business days from claim to decision',
      'days',
      round1(claims.total?.median_days),
    ),
    figure(
      'claimsWithinSla',
      'Claims decided within the deadline',
      'percent',
      ratio(count(claims.total?.within_sla), count(claims.total?.timed)),
    ),
    figure('claimCredits', 'Claim credits (price adjustments)', 'usd', decimalOf(claims.total?.credit_cents)),
    figure('claimBuybacks', 'Claims bought back (sales unwound)', 'count', count(claims.total?.unwound)),
    figure(
      'claimsPaidWithinSla',
      'Claim refunds paid within the deadline',
      'percent',
      ratio(count(payments?.within), count(payments?.settled)),
    ),
    figure(
      'claimPayDays',
      'Median business days from decision to refund',
      'days',
      round1(payments?.median_days),
    ),
    figure('claimRefundsLate', 'Claim refunds flagged late', 'count', count(payments?.late)),
  ];

  const charts: InsightChart[] = [
    chartOf(
      'conversion',
      {
        description:
          'Offers made each month, how many were decided (accepted, declined or expired), the share accepted, and the share accepted as first made (no counter, no raise).',
        kind: 'line',
        series: ['conversion', 'firstOffer'],
      },
      months.map((month) => ({ month, row: offers.month(month) })),
      [
        column('month', 'Month', 'text', ({ month }) => month),
        column('offers', 'Offers made', 'count', ({ row }) => count(row?.offers)),
        column('decided', 'Decided', 'count', ({ row }) => count(row?.decided)),
        column('conversion', 'Became sales', 'percent', ({ row }) =>
          ratio(count(row?.accepted), count(row?.decided)),
        ),
        column('firstOffer', 'First offer accepted', 'percent', ({ row }) =>
          ratio(count(row?.first_accepted), count(row?.decided)),
        ),
      ],
    ),
    chartOf(
      'speed',
      {
        description:
          'Median days from listing to sale and from sale to the car reaching the dealer (by sale month), and from upload to listing (by listing month).',
        kind: 'line',
        series: ['daysToSell', 'uploadToListed', 'timeToLine'],
      },
      months,
      [
        column('month', 'Month', 'text', (month) => month),
        column('daysToSell', 'Days to sell', 'days', (month) => round1(sales.month(month)?.days_to_sell)),
        column('uploadToListed', 'Upload to listed', 'days', (month) =>
          round1(listings.month(month)?.upload_to_listed),
        ),
        column('timeToLine', 'Time to line', 'days', (month) => round1(sales.month(month)?.time_to_line)),
      ],
    ),
    chartOf(
      'aging',
      {
        description:
          'Published cars not yet sold, today, by days since they were listed, with their asking prices.',
        kind: 'bar',
        series: ['cars'],
      },
      INVENTORY_AGING_BUCKETS.map((bucket, i) => ({
        bucket,
        row: aging.find((r) => Number(r.bucket) === i),
      })),
      [
        column('bucket', 'Listed for', 'text', ({ bucket }) => bucket.label),
        column('cars', 'Cars', 'count', ({ row }) => count(row?.cars)),
        column('asking', 'Asking total', 'usd', ({ row }) => decimalOf(row?.asking_cents)),
      ],
    ),
    chartOf(
      'price-vs-guide',
      {
        description:
          'Each month’s sales against the guide as it stood on the sale day (price net of claim credits): the average difference and the median absolute difference.',
        kind: 'bar',
        series: ['vsGuide'],
      },
      months.map((month) => ({ month, row: sales.month(month) })),
      [
        column('month', 'Month', 'text', ({ month }) => month),
        column('sales', 'Sales', 'count', ({ row }) => count(row?.sales)),
        column('guided', 'Sales with a guide', 'count', ({ row }) => count(row?.guided)),
        column('vsGuide', 'Average vs guide', 'percent', ({ row }) => round1(row?.vs_guide)),
        column('absVsGuide', 'Median absolute difference', 'percent', ({ row }) => round1(row?.abs_vs_guide)),
      ],
    ),
    chartOf(
      'by-dealer',
      {
        description:
          'Each dealership’s purchases, what it was billed, its offers and how fast its cars reached its lot.',
        kind: 'bar',
        series: ['purchases'],
      },
      byDealer,
      [
        column('dealer', 'Dealer', 'text', (row) => row.name),
        column('purchases', 'Purchases', 'count', (row) => count(row.purchases)),
        column('billed', 'Billed', 'usd', (row) => decimalOf(row.spend_cents)),
        column('offers', 'Offers made', 'count', (row) => count(row.offers)),
        column('conversion', 'Offers that became sales', 'percent', (row) =>
          ratio(count(row.accepted), count(row.decided)),
        ),
        column('timeToLine', 'Median time to line', 'days', (row) => round1(row.time_to_line)),
        column('vsGuide', 'Average vs guide', 'percent', (row) => round1(row.vs_guide)),
      ],
    ),
    chartOf(
      'by-uploader',
      {
        description:
          'Cars each uploader brought in during the period, how many were listed, how many sold, and how fast.',
        kind: 'bar',
        series: ['uploaded', 'sold'],
      },
      byUploader,
      [
        column('uploader', 'Uploader', 'text', (row) => label(row.key)),
        column('uploaded', 'Uploaded', 'count', (row) => count(row.uploaded)),
        column('listed', 'Listed', 'count', (row) => count(row.listed)),
        column('sold', 'Sold', 'count', (row) => count(row.sold)),
        column('uploadToListed', 'Median upload to listed', 'days', (row) => round1(row.upload_to_listed)),
        column('daysToSell', 'Median days to sell', 'days', (row) => round1(row.days_to_sell)),
        column('conversion', 'Offers that became sales', 'percent', (row) =>
          ratio(count(row.accepted), count(row.decided)),
        ),
      ],
    ),
    chartOf(
      'claims',
      {
        description:
          'Guarantee claims decided in the period by the car’s certification and the condition report section they were about (which inspections miss): how they ended, how fast, and the credits granted.',
        kind: 'bar',
        series: ['decided'],
      },
      claims.groups,
      [
        column(
          'certification',
          'Certification',
          'text',
          (row) => CERTIFICATION_LABELS[String(row.certification)] ?? String(row.certification),
        ),
        column('section', 'Report section', 'text', (row) =>
          row.section === 'unrecorded'
            ? NOT_RECORDED
            : (REPORT_SECTIONS[row.section as ReportSection] ?? String(row.section)),
        ),
        column('decided', 'Decided', 'count', (row) => count(row.decided)),
        column('denied', 'Denied', 'count', (row) => count(row.denied)),
        column('adjusted', 'Credited', 'count', (row) => count(row.adjusted)),
        column('unwound', 'Bought back', 'count', (row) => count(row.unwound)),
        // Decisions made before their case's facts were recorded: said so, never a 0 or a blank.
        column('withinSla', 'Within the deadline', 'percent', (row) =>
          notRecorded(row) ? NOT_RECORDED : ratio(count(row.within_sla), count(row.timed)),
        ),
        column('medianDays', 'Median business days', 'days', (row) =>
          notRecorded(row) ? NOT_RECORDED : round1(row.median_days),
        ),
        column('credits', 'Credits', 'usd', (row) => decimalOf(row.credit_cents)),
      ],
    ),
  ];

  return {
    from: p.from,
    to: p.to,
    dealerId: filters.dealerId,
    uploader: filters.uploader,
    refreshedAt: (await factsRefreshedAt(db)) ?? now.toISOString(),
    figures,
    charts,
    dealers: dealerRows.map((d) => ({ id: Number(d.id), name: d.name })),
    uploaders,
  };
}

/** What one dealership bought in the period: purchases, spend, time to line, by month. */
export async function dealerInsights(
  db: Database,
  dealerId: number,
  query: Pick<InsightsQuery, 'from' | 'to'>,
  now = new Date(),
): Promise<DealerInsights> {
  const p = await periodOf(db, query, now);
  const months = monthsOf(p);
  const sales = await byMonth(
    db,
    sql`select ${monthOf(sql`s.sold_on`)} as month, count(*)::int as purchases, sum(s.spend_cents)::float8 as spend_cents,
        avg(s.handed_over_on - s.sold_on) filter (where s.handed_over_on is not null) as time_to_line,
        count(s.handed_over_on)::int as on_line
      from sale_facts s where ${salesWhere(p, { dealerId, uploader: null })}
      group by grouping sets ((${monthOf(sql`s.sold_on`)}), ())`,
  );
  const t = sales.total;
  return {
    from: p.from,
    to: p.to,
    refreshedAt: (await factsRefreshedAt(db)) ?? now.toISOString(),
    figures: [
      figure('purchases', 'Purchases', 'count', count(t?.purchases)),
      figure(
        'spend',
        'Spend (price, reconditioning, delivery, less credits)',
        'usd',
        decimalOf(t?.spend_cents),
      ),
      figure('timeToLine', 'Average days from sale to your lot', 'days', round1(t?.time_to_line)),
      figure('onLine', 'Cars on your lot', 'count', count(t?.on_line)),
    ],
    chart: {
      id: 'purchases',
      title: 'Purchases by month',
      ...tableOf(
        {
          description: 'How many cars the dealership bought each month and what they cost.',
          kind: 'bar',
          series: ['purchases'],
        },
        months.map((month) => ({ month, row: sales.month(month) })),
        [
          column('month', 'Month', 'text', ({ month }) => month),
          column('purchases', 'Purchases', 'count', ({ row }) => count(row?.purchases)),
          column('spend', 'Spend', 'usd', ({ row }) => decimalOf(row?.spend_cents)),
        ],
      ),
    },
  };
}

/** A chart as CSV (the table's rows, the columns' labels; formulas neutralised like the sales export). */
export function chartCsv(chart: Pick<InsightChart, 'columns' | 'rows'>) {
  return stringify(
    chart.rows.map((row) => Object.fromEntries(chart.columns.map((c) => [c.key, row[c.key] ?? '']))),
    {
      header: true,
      escape_formulas: true,
      columns: chart.columns.map((c) => ({ key: c.key, header: c.label })),
    },
  );
}
