import type { SaleTerms } from '@contracts/after-sale';
import { addBusinessDays, businessDaysBetween } from '@contracts/business-days';
import { type GuaranteeClock, guaranteeClockText, isGuaranteed } from '@contracts/guarantee';

export interface GuaranteeClockFacts {
  /** The terms the sale was made under: the window is `guaranteeDays` (its level's `guarantee.days`). */
  terms: Pick<SaleTerms, 'guaranteeDays' | 'guarantee'>;
  cancelled: boolean;
  /** The earliest proof of handover (pickup, the carrier's delivered event, the dealer's confirmation), or null. */
  handedOverOn: string | null;
  /** A live transport ordered through the marketplace: the day it was promised by, and the day it arrived. */
  transport: { promisedOn: string | null; deliveredOn: string | null } | null;
  /** Today in the sale's time zone. */
  today: string;
}

/**
 * The guarantee clock of a sale, the one answer every view, the claim rule and the reminder read
 * (docs/decisions/0040-guarantee-clock.md). Dates are days of the sale's time zone, counted in
 * business days (contracts/business-days.ts):
 * - it starts on the earliest proof of handover (pickup, or delivery: the carrier's report or the
 *   dealer's confirmation);
 * - a transport the marketplace ordered that is late pauses it: each business day after its promised
 *   day until the day it arrived (today while it has not) is a paused day, added to the window;
 * - it ends `guaranteeDays` + paused days business days after the start; a claim may be opened
 *   through the end day. A level with no window or nothing covered was sold as is: no clock.
 * Pure: the same facts give the same clock.
 */
export function guaranteeClockOf(f: GuaranteeClockFacts): GuaranteeClock {
  const guaranteed = f.terms.guarantee ? isGuaranteed(f.terms.guarantee) : f.terms.guaranteeDays > 0;
  const promisedOn = f.transport?.promisedOn ?? null;
  const arrivedOrToday = f.transport?.deliveredOn ?? f.today;
  const pausedDays = promisedOn ? businessDaysBetween(promisedOn, arrivedOrToday) : 0;
  const clock = (c: Omit<GuaranteeClock, 'text'>, text = guaranteeClockText(c)): GuaranteeClock => ({
    ...c,
    text,
  });
  const none = { startsOn: null, endsOn: null, daysLeft: null, pausedDays };
  if (!guaranteed) return clock({ state: 'none', ...none, pausedDays: 0 });
  if (f.cancelled) return clock({ state: 'none', ...none }, 'No guarantee: the sale was cancelled');
  if (!f.handedOverOn) {
    const late = promisedOn !== null && !f.transport?.deliveredOn && f.today > promisedOn;
    return clock({ state: late ? 'paused' : 'not_started', ...none });
  }
  const endsOn = addBusinessDays(f.handedOverOn, f.terms.guaranteeDays + pausedDays);
  const closed = f.today > endsOn;
  return clock({
    state: closed ? 'closed' : 'running',
    startsOn: f.handedOverOn,
    pausedDays,
    endsOn,
    daysLeft: closed ? 0 : businessDaysBetween(f.today, endsOn),
  });
}

/**
 * Whether a clock can change only through a new step of its sale: closed (the end day has passed) or
 * none (sold as is, or cancelled). With the same steps, days passing keep it so: a late transport's
 * paused days grow one business day at a time, and move the end day by as much as today moves, so a
 * window that had closed stays closed (the reminder pass reads such a sale again only once its
 * timeline grows: remind-guarantee-ending.ts).
 */
export const clockIsSettled = (clock: Pick<GuaranteeClock, 'state'>) =>
  clock.state === 'closed' || clock.state === 'none';
