// Apart from guide.ts so that the inventory's cards, which only print these, do not load zod.

/**
 * The market guide (issue #33, docs/design.md §16): what a car is worth here, from this marketplace's own
 * completed sales, with the sales behind it. Texts are quoted by the server and the pages alike.
 */
export const GUIDE_TEXT = {
  notEnough: 'Not enough sales yet',
  title: 'Market guide',
  range: 'Range',
  sales: 'Sales behind it',
  tooManyIds: 'Ask for at most 100 vehicles at a time',
  badIds: 'Vehicle ids must be whole numbers separated by commas',
  notPublished: 'The guide is shown for published vehicles only',
} as const;

/** The rules the guide follows (also printed on the vehicle page under the evidence). */
export const GUIDE_RULES = {
  /** Comparables: same make and model, model year ± this many years. */
  yearWindow: 1,
  /** … sold in the last this many days. */
  windowDays: 180,
  /** A guide is shown only with at least this many comparables. */
  minComparables: 5,
  /** Recent sales weigh more: a sale this many days old counts half. */
  halfLifeDays: 90,
} as const;
