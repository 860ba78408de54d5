import {
  CERTIFICATION_LEVELS,
  GUARANTEE_CLOCK_STATES,
  GUARANTEE_ITEM_KEYS,
  type GuaranteeClock,
  type GuaranteeTerms,
} from './guarantee';
import { z } from './zod';

/**
 * The guarantee's schemas (contracts/guarantee.ts has its rules and texts, without zod, so the vehicle
 * page can print a guarantee without loading zod: issue #46).
 */
export const guaranteeTermsSchema = z.object({
  level: z.enum(CERTIFICATION_LEVELS),
  /** The level's name as listed (e.g. "Acme Certified", "Auction Certified"). */
  label: z.string(),
  covered: z.array(z.enum(GUARANTEE_ITEM_KEYS)),
  /** Business days after pickup or delivery; 0 (or nothing covered): sold as is. */
  days: z.number().int().min(0).max(60),
  /** Taken off each award (decimal string, "0.00" for none). */
  deductible: z.string(),
  notCovered: z.array(z.string()),
});

export const guaranteeClockSchema = z.object({
  state: z.enum(GUARANTEE_CLOCK_STATES),
  /** The handover day the window counts from (YYYY-MM-DD, the sale's zone), or null before it. */
  startsOn: z.string().nullable(),
  /** Business days the marketplace's carrier was late (after its promised day until delivered). */
  pausedDays: z.number().int(),
  /** The last day a claim may be opened, or null before the handover. */
  endsOn: z.string().nullable(),
  /** Business days after today up to the end day (0 on the last day and after), or null before it starts. */
  daysLeft: z.number().int().nullable(),
  /** The clock in words (days left, paused and why, ended, as is). */
  text: z.string(),
});

/** The schemas parse to exactly the types guarantee.ts declares (a type error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const GUARANTEE_SCHEMAS_MATCH: [
  Same<z.infer<typeof guaranteeTermsSchema>, GuaranteeTerms>,
  Same<z.infer<typeof guaranteeClockSchema>, GuaranteeClock>,
] = [true, true];
