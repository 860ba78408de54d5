const DAY = 86_400_000;

const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d;
};

/**
 * Weekdays (Monday to Friday) after the day of `since`, up to and including the day of `now`.
 * Sold on a Monday: Wednesday is 2, Thursday 3. Sold on a Friday: Tuesday is 2.
 */
export function businessDaysSince(since: string | Date, now: Date = new Date()): number {
  const day = startOfDay(new Date(since).getTime());
  const end = startOfDay(now.getTime());
  let count = 0;
  while (day < end) {
    day.setDate(day.getDate() + 1);
    const weekday = day.getDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/** Whole calendar days since a moment (0 on the same day). */
export const calendarDaysSince = (since: string | Date, now: Date = new Date()) =>
  Math.max(
    0,
    Math.round((startOfDay(now.getTime()).getTime() - startOfDay(new Date(since).getTime()).getTime()) / DAY),
  );

/** Wholesale terms: a sale unpaid for more than this many business days is flagged. */
export const PAYMENT_TERM_BUSINESS_DAYS = 2;
