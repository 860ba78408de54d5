import { formatDay } from '@contracts/dates';
import type { GuideFit, GuideSummary } from '@contracts/guide';
import { GUIDE_RULES, GUIDE_TEXT } from '@contracts/guide-texts';
import { decimalToCents } from '@contracts/money';
import { formatCount } from '@contracts/number-format';
import { formatMoney } from '@/lib/display/format';

/**
 * The market guide's words (issue #33, docs/design.md §16) as the card badge, the vehicle page and the
 * admin's Complete form say them, and as screen readers read them. The quoted texts are the
 * contract's (GUIDE_TEXT); the rest is composed here once.
 */
export const GUIDE_LABELS = {
  guide: 'Guide',
  askingPrice: 'Asking price',
  typedPrice: 'Typed price',
  howComputed: 'How it is computed',
  loading: 'Loading the market guide…',
  failed: 'Could not load the market guide:',
  sold: 'Sold',
  year: 'Year',
  // Never a comparable's exact miles or day (issue #43): the API sends neither.
  miles: 'Miles (nearest 1,000)',
  grade: 'Grade',
  price: 'Price',
  adjusted: 'Adjusted',
  weight: 'Weight',
  noSales: `No comparable sales in the last ${GUIDE_RULES.windowDays} days`,
} as const;

export type GuideTone = 'below' | 'above' | 'at';

/** A price against the guide in percent (+4.2 = 4.2 % above) as people read it: "4% below guide". */
export function priceToGuideText(percent: number): { text: string; tone: GuideTone } {
  const rounded = Math.round(Math.abs(percent));
  if (rounded === 0) return { text: 'At guide', tone: 'at' };
  return percent < 0
    ? { text: `${rounded}% below guide`, tone: 'below' }
    : { text: `${rounded}% above guide`, tone: 'above' };
}

/** A typed price against a guide, in percent (from integer cents: no float money); null without both. */
export function percentAgainstGuide(priceCents: number | null, guide: string): number | null {
  const guideCents = decimalToCents(guide);
  if (priceCents === null || guideCents <= 0) return null;
  return ((priceCents - guideCents) / guideCents) * 100;
}

export const salesCount = (n: number) => (n === 1 ? '1 sale' : `${formatCount(n)} sales`);

/** "$11,800–$13,100". */
export const rangeText = (low: string, high: string) => `${formatMoney(low)}–${formatMoney(high)}`;

/**
 * What a screen reader hears for a guide: "Market guide $12,400, range $11,800 to $13,100, 7 sales;
 * asking price 4% below guide" (`priceToGuide` only where the viewer is shown it).
 */
export function guideSpokenText(summary: GuideSummary, priceToGuide: number | null = null): string {
  if (summary.status === 'insufficient')
    return `${GUIDE_TEXT.title}: ${GUIDE_TEXT.notEnough}, ${salesCount(summary.comparables)}`;
  const guide = `${GUIDE_TEXT.title} ${formatMoney(summary.guide)}, range ${formatMoney(summary.low)} to ${formatMoney(summary.high)}, ${salesCount(summary.comparables)}`;
  if (priceToGuide === null) return guide;
  return `${guide}; asking price ${priceToGuideText(priceToGuide).text.replace('At guide', 'at guide')}`;
}

/** "+4.0%" / "−2.1%" (a true minus sign) with one decimal. */
export const signedPercent = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(1)}%`;

const RULES_TEXT = `Same make and model, model year ±${GUIDE_RULES.yearWindow}, sold in the last ${GUIDE_RULES.windowDays} days`;

/**
 * The one line under the evidence: "Same make and model, model year ±1, sold in the last 180 days;
 * adjusted by −2.1% per 10,000 miles and +4.0% per grade point, refitted nightly on 412 sales".
 */
export function howComputedText(fit: GuideFit | null): string {
  if (fit === null) return `${RULES_TEXT}; not fitted yet`;
  return `${RULES_TEXT}; adjusted by ${signedPercent(fit.perTenThousandMiles)} per 10,000 miles, ${signedPercent(fit.perGradePoint)} per grade point, ${signedPercent(fit.perModelYear)} per newer model year and ${signedPercent(fit.perYearLater)} per year since the sale, refitted nightly on ${salesCount(fit.salesUsed)}`;
}

/**
 * A sale's week, from its Monday (YYYY-MM-DD, as the API sends it): "Week of Nov 23, 2026", the same
 * week in every time zone.
 */
export function formatSoldWeek(weekOf: string): string {
  const day = weekOf.slice(0, 10);
  if (Number.isNaN(new Date(`${day}T12:00:00Z`).getTime())) return weekOf;
  return `Week of ${formatDay(day)}`;
}

/** A sale's weight in the guide (0–1) as a share: "84%". */
export const formatWeight = (weight: number) => `${Math.round(weight * 100)}%`;
