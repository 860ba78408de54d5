import { formatDay } from './dates';
import { AUCTION_CERTIFIED } from './limits';
import { formatAmount } from './money';

/**
 * The guarantee per certification level (issue #48, docs/design.md §22, docs/decisions/0040-guarantee-clock.md):
 * what is covered, for how many business days after handover, the deductible, what is not covered.
 * Configured (GUARANTEE_* in docs/configuration.md), snapshotted into a sale's terms when it is made.
 * Without zod (the vehicle page prints these lines: issue #46); the schemas are guarantee-schema.ts.
 */

/** The certification levels a listing carries: the brand's premium one, or Auction Certified. */
export const CERTIFICATION_LEVELS = ['premium', 'auction'] as const;
export type CertificationLevel = (typeof CERTIFICATION_LEVELS)[number];

/** What a guarantee may cover, as the dealer reads it. */
export const GUARANTEE_ITEMS = {
  engine: 'Engine',
  transmission: 'Transmission',
  frame: 'Frame and structure',
  title_brand: 'Title brand',
  undisclosed_damage: 'Undisclosed damage or warning lights',
  odometer: 'Odometer',
} as const;
export type GuaranteeItem = keyof typeof GUARANTEE_ITEMS;
export const GUARANTEE_ITEM_KEYS = Object.keys(GUARANTEE_ITEMS) as [GuaranteeItem, ...GuaranteeItem[]];

/** What no guarantee covers: what the dealer was told before buying. */
export const GUARANTEE_NOT_COVERED = [
  'what the condition report or its photos disclosed',
  'wear items and maintenance',
  'damage after pickup or delivery',
] as const;

/** A level's guarantee (its schema: guarantee-schema.ts guaranteeTermsSchema). */
export interface GuaranteeTerms {
  level: CertificationLevel;
  /** The level's name as listed (e.g. "Acme Certified", "Auction Certified"). */
  label: string;
  covered: GuaranteeItem[];
  /** Business days after pickup or delivery; 0 (or nothing covered): sold as is. */
  days: number;
  /** Taken off each award (decimal string, "0.00" for none). */
  deductible: string;
  notCovered: string[];
}

/** The terms of each level, as configured (server config: GUARANTEE_*). */
export type GuaranteeTermsByLevel = Record<CertificationLevel, GuaranteeTerms>;

/** The defaults: the premium level covers everything listed; Auction Certified the arbitration items. */
export const defaultGuaranteeTerms = (premiumLabel: string): GuaranteeTermsByLevel => ({
  premium: {
    level: 'premium',
    label: premiumLabel,
    covered: [...GUARANTEE_ITEM_KEYS],
    days: 7,
    deductible: '0.00',
    notCovered: [...GUARANTEE_NOT_COVERED],
  },
  auction: {
    level: 'auction',
    label: AUCTION_CERTIFIED,
    covered: ['engine', 'transmission', 'frame', 'title_brand', 'odometer'],
    days: 7,
    deductible: '250.00',
    notCovered: [...GUARANTEE_NOT_COVERED],
  },
});

/** The level of a listing from its certification (vehicles.condition): Auction Certified, else premium. */
export const certificationLevelOf = (condition: string | null | undefined): CertificationLevel =>
  condition === AUCTION_CERTIFIED ? 'auction' : 'premium';

/** A level guarantees something: a window and at least one covered item. Else the car is sold as is. */
export const isGuaranteed = (g: Pick<GuaranteeTerms, 'days' | 'covered'> | null | undefined) =>
  !!g && g.days > 0 && g.covered.length > 0;

const businessDays = (n: number) => (n === 1 ? '1 business day' : `${n} business days`);

/** The statement of a guarantee, line by line: the vehicle page, the buying dialogs and the bill of sale print these. */
export function guaranteeLines(g: GuaranteeTerms | null | undefined): string[] {
  if (!g || !isGuaranteed(g)) return [GUARANTEE_TEXT.asIs];
  const deductible = Number(g.deductible) > 0 ? `${formatAmount(g.deductible)} per claim` : 'none';
  return [
    `${g.label} guarantee: ${businessDays(g.days)} after pickup or delivery; deductible: ${deductible}`,
    `Covered: ${g.covered.map((item) => GUARANTEE_ITEMS[item]).join(', ')}`,
    `Not covered: ${g.notCovered.join('; ')}`,
  ];
}

export const GUARANTEE_TEXT = {
  asIs: 'Sold as is, with no guarantee',
  paused: 'Paused: the carrier is late',
  notStarted: 'Starts at pickup or delivery',
} as const;

/** The guarantee clock of a sale (server transactions/guarantee-clock.ts), as both sides read it. */
export const GUARANTEE_CLOCK_STATES = ['none', 'not_started', 'paused', 'running', 'closed'] as const;
export type GuaranteeClockState = (typeof GUARANTEE_CLOCK_STATES)[number];

/** The clock of a sale (its schema: guarantee-schema.ts guaranteeClockSchema). */
export interface GuaranteeClock {
  state: GuaranteeClockState;
  /** The handover day the window counts from (YYYY-MM-DD, the sale's zone), or null before it. */
  startsOn: string | null;
  /** Business days the marketplace's carrier was late (after its promised day until delivered). */
  pausedDays: number;
  /** The last day a claim may be opened, or null before the handover. */
  endsOn: string | null;
  /** Business days after today up to the end day (0 on the last day and after), or null before it starts. */
  daysLeft: number | null;
  /** The clock in words (days left, paused and why, ended, as is). */
  text: string;
}

/** The clock in words, from its facts. */
export function guaranteeClockText(c: Omit<GuaranteeClock, 'text'>): string {
  switch (c.state) {
    case 'none':
      return GUARANTEE_TEXT.asIs;
    case 'not_started':
      return GUARANTEE_TEXT.notStarted;
    case 'paused':
      return GUARANTEE_TEXT.paused;
    case 'closed':
      return `Guarantee ended ${formatDay(c.endsOn ?? '')}`;
    case 'running': {
      const extra = c.pausedDays > 0 ? `, ${businessDays(c.pausedDays)} added for the late carrier` : '';
      return c.daysLeft === 0
        ? `Guarantee: last day today (${formatDay(c.endsOn ?? '')}${extra})`
        : `Guarantee: ${businessDays(c.daysLeft ?? 0)} left (until ${formatDay(c.endsOn ?? '')}${extra})`;
    }
  }
}

/** The dealer is reminded once when this many business days (or fewer) are left in the window. */
export const GUARANTEE_REMINDER_DAYS = 2;
