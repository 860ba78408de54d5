import { z } from './zod';

/**
 * Insights (issue #33, docs/design.md §16): how the marketplace is doing, for admins, and what a
 * dealership bought, for its dealers. Every chart is also a table (the same rows) and a CSV.
 */
export const INSIGHTS_TEXT = {
  endBeforeStart: 'The period must end on or after the day it starts',
  tooLong: 'The period can span at most 3 years',
  badDate: 'Dates must be written YYYY-MM-DD',
  unknownDealer: 'No dealer has that id',
  unknownUploader: 'No uploader has that name',
  unknownChart: 'No chart has that name',
  noData: 'No sales in this period',
} as const;

/** The longest period a report covers (days). */
export const INSIGHTS_MAX_DAYS = 3 * 366;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, INSIGHTS_TEXT.badDate);

/** Inventory aging: published, unsold cars by days since they were listed. */
export const INVENTORY_AGING_BUCKETS = [
  { label: '0–15 days', minDays: 0 },
  { label: '16–30 days', minDays: 16 },
  { label: '31–45 days', minDays: 31 },
  { label: '46–60 days', minDays: 46 },
  { label: '60+ days', minDays: 61 },
] as const;

export const INSIGHT_CHARTS = {
  conversion: 'Conversion: offers to sales',
  speed: 'Days to sell, upload to listed, time to line',
  aging: 'Inventory aging',
  'price-vs-guide': 'Sale price vs guide',
  'by-dealer': 'By dealer',
  'by-uploader': 'By uploader',
  claims: 'Guarantee claims: outcomes by certification and report section',
} as const;
export type InsightChartId = keyof typeof INSIGHT_CHARTS;
export const INSIGHT_CHART_IDS = Object.keys(INSIGHT_CHARTS) as InsightChartId[];

/** `GET /api/insights` (and its CSV): the period, both days included, and optional filters. */
export const insightsQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  dealerId: z.coerce
    .number({ error: INSIGHTS_TEXT.unknownDealer })
    .int()
    .positive()
    .max(2147483647)
    .optional(),
  /** An uploader key as the report lists them ('staff', 'sync', 'admin:3'). */
  uploader: z.string().max(40).optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export const insightsCsvQuerySchema = insightsQuerySchema.extend({
  chart: z.enum(INSIGHT_CHART_IDS as [InsightChartId, ...InsightChartId[]], {
    error: INSIGHTS_TEXT.unknownChart,
  }),
});

/** How a column's numbers read: counts, percents (12.5 = 12.5 %), days, or dollars (decimal strings). */
export const INSIGHT_UNITS = ['count', 'percent', 'days', 'usd', 'text'] as const;
export type InsightUnit = (typeof INSIGHT_UNITS)[number];

export const insightColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(INSIGHT_UNITS),
});
export type InsightColumn = z.infer<typeof insightColumnSchema>;

/** A cell: a number (count, percent, days), a decimal string (usd, text), or null (no data). */
export const insightCellSchema = z.union([z.number(), z.string(), z.null()]);

/**
 * One chart: the first column is the category (month, bucket, dealer…), the `series` are the keys
 * drawn, the rows are the accessible table and the CSV alike.
 */
export const insightChartSchema = z.object({
  id: z.enum(INSIGHT_CHART_IDS as [InsightChartId, ...InsightChartId[]]),
  title: z.string(),
  description: z.string(),
  kind: z.enum(['bar', 'line']),
  columns: z.array(insightColumnSchema),
  series: z.array(z.string()),
  rows: z.array(z.record(z.string(), insightCellSchema)),
});
export type InsightChart = z.infer<typeof insightChartSchema>;

export const insightFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(INSIGHT_UNITS),
  value: insightCellSchema,
});
export type InsightFigure = z.infer<typeof insightFigureSchema>;

export const insightsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  dealerId: z.number().int().nullable(),
  uploader: z.string().nullable(),
  /** When the figures were last refreshed from the ledger (they follow every sale within a minute). */
  refreshedAt: z.string(),
  figures: z.array(insightFigureSchema),
  charts: z.array(insightChartSchema),
  /** The choices of the filters. */
  dealers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  uploaders: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type InsightsReport = z.infer<typeof insightsReportSchema>;

/** `GET /api/dealer/insights`: what this dealership bought in the period. */
export const dealerInsightsQuerySchema = insightsQuerySchema.pick({ from: true, to: true });
export const dealerInsightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  refreshedAt: z.string(),
  figures: z.array(insightFigureSchema),
  /** Purchases and spend by month. */
  chart: insightChartSchema.omit({ id: true }).extend({ id: z.literal('purchases') }),
});
export type DealerInsights = z.infer<typeof dealerInsightsSchema>;
