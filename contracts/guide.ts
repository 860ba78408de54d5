import { GUIDE_TEXT } from './guide-texts';
import { idSchema, VEHICLE_ID_MESSAGE, vehicleIdsSchema } from './ids';
import { vehicleYearSchema } from './listings';
import { mileageSchema } from './mileage';
import { moneySchema } from './money-schema';
import { z } from './zod';

export { GUIDE_RULES, GUIDE_TEXT } from './guide-texts';

/**
 * One sale behind a guide: what it sold for and what it says about this car after adjustment. Its
 * day and exact miles are never sent (issue #43): with them a listed car's negotiated price could
 * be read off the table. The weight and adjusted price are computed from the week and rounded miles.
 */
export const guideSaleSchema = z.object({
  /** The Monday (YYYY-MM-DD) of the week it sold, in the sale's time zone ("Week of Nov 23, 2026"). */
  soldWeekOf: z.string(),
  year: z.number().int().nullable(),
  /** Its miles to the nearest 1,000. */
  mileage: z.number().int().nullable(),
  grade: z.number().nullable(),
  /** What it sold for, net of claim adjustments (decimal dollars). */
  price: z.string(),
  /** That price adjusted to this car's year, miles and grade. */
  adjustedPrice: z.string(),
  /** Its weight in the guide (recent sales weigh more), 0–1. */
  weight: z.number(),
});
export type GuideSale = z.infer<typeof guideSaleSchema>;

/** The guide of one vehicle, as a card badge needs it. */
export const guideSummarySchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    vehicleId: z.number().int(),
    guide: z.string(),
    low: z.string(),
    high: z.string(),
    comparables: z.number().int(),
    /** Asking price against the guide in percent (+4.2 = 4.2 % above); null without a price. */
    priceToGuide: z.number().nullable(),
  }),
  z.object({
    status: z.literal('insufficient'),
    vehicleId: z.number().int(),
    /** Comparables found (fewer than GUIDE_RULES.minComparables). */
    comparables: z.number().int(),
  }),
]);
export type GuideSummary = z.infer<typeof guideSummarySchema>;

/** The coefficients of the nightly refit, as the evidence explains them. */
export const guideFitSchema = z.object({
  fittedAt: z.string(),
  /** Percent change in price per 10,000 more miles (negative: more miles, less money). */
  perTenThousandMiles: z.number(),
  /** Percent change per grade point. */
  perGradePoint: z.number(),
  /** Percent change per newer model year. */
  perModelYear: z.number(),
  /** Percent change per year later a sale happened (the market's drift, the cars' ageing). */
  perYearLater: z.number(),
  salesUsed: z.number().int(),
  outliersDropped: z.number().int(),
});
export type GuideFit = z.infer<typeof guideFitSchema>;

export const guideDetailSchema = z.object({
  summary: guideSummarySchema,
  /** The comparables, newest first (shown whether or not there are enough). */
  sales: z.array(guideSaleSchema),
  /** Null before the first refit (then no guide is shown). */
  fit: guideFitSchema.nullable(),
});
export type GuideDetail = z.infer<typeof guideDetailSchema>;

/** `GET /api/guides?ids=1,2,3`: the badges of one page of cards. */
export const guidesQuerySchema = z.object({ ids: vehicleIdsSchema(GUIDE_TEXT) });
export const guidesResponseSchema = z.array(guideSummarySchema);

export const guideParamsSchema = z.object({ id: idSchema(VEHICLE_ID_MESSAGE) });

/** A query field left blank (absent or empty) is null; otherwise it follows `schema`. */
const blankOr = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      schema.optional(),
    )
    .transform((value) => value ?? null);

/**
 * `GET /api/vehicles/:id/guide-preview?year&make&model&mileage&price`: the guide of a car as an admin
 * types its fields while completing it (the queue), before anything is saved. Each field as typed,
 * blank (or left out) meaning blank; the grade is the stored one (its inspection's). The guide
 * matches on make and model (not trim), as every guide does (docs/decisions/0027).
 */
export const guidePreviewQuerySchema = z.object({
  year: blankOr(vehicleYearSchema()),
  make: blankOr(z.string().trim().max(2000)),
  model: blankOr(z.string().trim().max(2000)),
  mileage: blankOr(mileageSchema),
  price: blankOr(moneySchema),
});
/** The query as a client writes it: each field as text, a blank one left out. */
export type GuidePreviewQuery = Partial<Record<keyof z.input<typeof guidePreviewQuerySchema>, string>>;
