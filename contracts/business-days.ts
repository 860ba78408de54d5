/**
 * Business days for the clocks of a sale (docs/design.md §8): Monday to Friday, US federal holidays
 * skipped. Holidays as 5 U.S.C. 6103 lists them, on the day they are observed (Executive Order
 * 11582: a Saturday holiday is observed the Friday before, a Sunday one the Monday after — so
 * New Year's Day 2028, a Saturday, is observed on Friday, December 31, 2027). Hand-written on
 * purpose: see docs/decisions/0011-business-days.md. Dates are calendar dates 'YYYY-MM-DD'; no zod.
 */

export type IsoDate = string;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number): IsoDate => `${year}-${pad(month)}-${pad(day)}`;
const weekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The `n`th given weekday (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, dow: number, n: number): IsoDate {
  if (n > 0) {
    const first = weekday(year, month, 1);
    return iso(year, month, 1 + ((dow - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(year, month, lastDay);
  return iso(year, month, lastDay - ((last - dow + 7) % 7));
}

/** A fixed-date holiday on the day it is observed (Saturday → Friday, Sunday → Monday). */
function observed(year: number, month: number, day: number): IsoDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  const dow = date.getUTCDay();
  if (dow === 6) date.setUTCDate(day - 1);
  if (dow === 0) date.setUTCDate(day + 1);
  return date.toISOString().slice(0, 10);
}

const cache = new Map<number, ReadonlyMap<IsoDate, string>>();

/**
 * The federal holidays observed in a calendar year, date → name. Includes the next year's New Year's
 * Day when it is observed on December 31 of this one.
 */
export function federalHolidays(year: number): ReadonlyMap<IsoDate, string> {
  const known = cache.get(year);
  if (known) return known;
  const list: [IsoDate, string][] = [
    [observed(year, 1, 1), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), 'Birthday of Martin Luther King, Jr.'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    ...(year >= 2021
      ? [[observed(year, 6, 19), 'Juneteenth National Independence Day'] as [IsoDate, string]]
      : []),
    [observed(year, 7, 4), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [observed(year, 11, 11), 'Veterans Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(year, 12, 25), 'Christmas Day'],
    [observed(year + 1, 1, 1), "New Year's Day"],
  ];
  const holidays = new Map(list.filter(([date]) => date.startsWith(`${year}-`)));
  cache.set(year, holidays);
  return holidays;
}

export function isBusinessDay(date: IsoDate): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const dow = weekday(y, m, d);
  return dow !== 0 && dow !== 6 && !federalHolidays(y).has(date);
}

const nextDay = (date: IsoDate): IsoDate => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * The date `n` business days after `date` (the day itself does not count, whatever it is): a sale
 * on Friday with 3 business days to pay is due on Wednesday, or Thursday when Monday is a holiday.
 */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  let current = date;
  for (let counted = 0; counted < n; ) {
    current = nextDay(current);
    if (isBusinessDay(current)) counted++;
  }
  return current;
}

/** Business days after `from` up to and including `to` (0 when `to` is not later): Friday → next Tuesday is 2. */
export function businessDaysBetween(from: IsoDate, to: IsoDate): number {
  let count = 0;
  for (let current = nextDay(from); current <= to; current = nextDay(current))
    if (isBusinessDay(current)) count++;
  return count;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * One formatter per zone and kind, made once: building an Intl.DateTimeFormat costs ~100× a format,
 * and a sale's ledger reads dozens of dates (the admin's list folds every sale).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(kind: 'date' | 'offset', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar date of an instant in a time zone (IANA name, e.g. America/Chicago). */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  return formatterOf('date', timeZone).format(instant);
}

/** Minutes the zone is ahead of UTC at an instant (e.g. -300 for New York in winter). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const name = formatterOf('offset', timeZone)
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The last instant of a calendar day in a time zone (23:59:59.999 local), DST-aware. */
export function endOfDayInZone(date: IsoDate, timeZone: string): Date {
  const utcGuess = Date.parse(`${date}T23:59:59.999Z`);
  let instant = utcGuess - offsetMinutes(new Date(utcGuess), timeZone) * 60_000;
  // Once more with the offset at the found instant (a DST change on that day moves it).
  instant = utcGuess - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}
