import { CLAIM_CATEGORIES, type ClaimCategory } from './after-sale-texts';
import type { ReportSection } from './claim-cases';
import { GUARANTEE_ITEMS, type GuaranteeItem, type GuaranteeTerms, isGuaranteed } from './guarantee';
import { centsToDecimal, decimalToCents, formatAmount } from './money';

/**
 * What a sale's guarantee covers, applied to its claims (issue #48,
 * docs/decisions/0043-claim-coverage-and-deductible.md): which covered item a claim's category (and an
 * evidence item's condition report section) falls under, and the credit an adjustment gives after
 * the deductible. The dealer's claim form, the server and the admin's answer form read these.
 */

/**
 * The covered items a category falls under (any one of them covered is enough), or `carrier`:
 * damage our carrier did is the marketplace's to answer whatever the level covers (docs/design.md §15).
 */
export const CATEGORY_COVERAGE: Record<ClaimCategory, readonly GuaranteeItem[] | 'carrier'> = {
  body: ['undisclosed_damage'],
  mechanical: ['engine', 'transmission'],
  warning_light: ['undisclosed_damage'],
  frame: ['frame'],
  odometer: ['odometer'],
  title_brand: ['title_brand'],
  transit_damage: 'carrier',
  other: ['undisclosed_damage'],
};

/**
 * The covered items an evidence item's condition report line falls under: a line of the report
 * (damage, tires, warning lights) is about undisclosed condition; `undisclosed` adds nothing of its
 * own, the claim's category decides.
 */
export const SECTION_COVERAGE: Record<ReportSection, readonly GuaranteeItem[] | null> = {
  damage: ['undisclosed_damage'],
  tires: ['undisclosed_damage'],
  warning_lights: ['undisclosed_damage'],
  undisclosed: null,
};

/** The terms a sale made before levels had them (no `terms.guarantee`): every claim as before, no deductible. */
const beforeLevels = (g: GuaranteeTerms | null | undefined): g is undefined | null => !g;

/**
 * Whether the sale's snapshotted guarantee covers a claim of this category (and, for evidence, this
 * report section). A sale made before levels covers every category, as claims always were; a level
 * sold as is covers nothing (no clock either, so no claim is opened).
 */
export function isClaimCovered(
  guarantee: GuaranteeTerms | null | undefined,
  what: { category: ClaimCategory; section?: ReportSection },
): boolean {
  if (beforeLevels(guarantee)) return true;
  if (!isGuaranteed(guarantee)) return false;
  const items = (what.section && SECTION_COVERAGE[what.section]) || CATEGORY_COVERAGE[what.category];
  if (items === 'carrier') return true;
  return items.some((item) => guarantee.covered.includes(item));
}

/** The categories a dealer may claim under these terms (the claim form offers only these). */
export const coveredCategories = (guarantee: GuaranteeTerms | null | undefined): ClaimCategory[] =>
  (Object.keys(CLAIM_CATEGORIES) as ClaimCategory[]).filter((category) =>
    isClaimCovered(guarantee, { category }),
  );

/** What a guarantee covers, in words ("Engine, Transmission, Odometer"). */
export const coveredItemsText = (guarantee: GuaranteeTerms) =>
  guarantee.covered.map((item) => GUARANTEE_ITEMS[item]).join(', ');

/** The refusal of a claim (or evidence) the terms do not cover: names what the guarantee covers. */
export function notCoveredText(
  guarantee: GuaranteeTerms | null | undefined,
  category: ClaimCategory,
): string {
  if (!guarantee || !isGuaranteed(guarantee)) return 'This car was sold as is: the guarantee covers nothing';
  return `The ${guarantee.label} guarantee does not cover ${CLAIM_CATEGORIES[category].toLowerCase()}; it covers: ${coveredItemsText(guarantee)}`;
}

/** The evidence refusal: the report line is about something the terms do not cover. */
export const evidenceNotCoveredText = (guarantee: GuaranteeTerms) =>
  `The ${guarantee.label} guarantee does not cover undisclosed damage or warning lights; it covers: ${coveredItemsText(guarantee)}`;

/** An adjustment's credit: the amount decided less the deductible, never below zero (decimal strings). */
export interface ClaimCredit {
  decided: string;
  deductible: string;
  credited: string;
}

/** The deductible of a sale's terms ("0.00" for a sale made before levels). */
export const deductibleOf = (guarantee: GuaranteeTerms | null | undefined) =>
  centsToDecimal(decimalToCents(guarantee?.deductible ?? '0'));

/**
 * The credit of an adjustment of `decided` under a `deductible` (decimal strings): decided −
 * deductible, never below zero. The one computation the fold (the ledger, every view), the decision
 * step and the admin's answer form read. A buyback takes no deductible.
 */
export function claimCreditOf(decided: string, deductible: string): ClaimCredit {
  const decidedCents = decimalToCents(decided);
  const deductibleCents = decimalToCents(deductible);
  return {
    decided: centsToDecimal(decidedCents),
    deductible: centsToDecimal(deductibleCents),
    credited: centsToDecimal(Math.max(0, decidedCents - deductibleCents)),
  };
}

/** "Credit $850 − deductible $250 = $600" (with no deductible: "Credit $850"). */
export function claimCreditText(c: ClaimCredit): string {
  if (decimalToCents(c.deductible) === 0) return `Credit ${formatAmount(c.decided)}`;
  return `Credit ${formatAmount(c.decided)} − deductible ${formatAmount(c.deductible)} = ${formatAmount(c.credited)}`;
}
