/**
 * The one date display module: every screen, e-mail and document words a date through here, so a
 * day reads "Nov 28, 2026" everywhere (the ledger, the timeline, the bill of sale, the messages).
 * Computing with days (business days, a day in a zone) stays in business-days.ts; this only words
 * them. The check contracts/one-formatter.test.ts keeps date formatters out of other files.
 */

const LOCALE = 'en-US';

/** The market's own time zone (the sale terms' default), for an instant with no zone of its own. */
export const MARKET_TIME_ZONE = 'America/New_York';

/**
 * One formatter per kind and zone, made once: building an Intl.DateTimeFormat costs far more than
 * a format. `undefined` as the zone is the reader's own (the browser's).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(kind: keyof typeof KINDS, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { ...KINDS[kind], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

const KINDS = {
  day: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  deadline: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  zoneDeadline: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day's words, written out: a day has no zone, so it needs none of Intl's time-zone
 * data, whose first use in a page is a long task on a slow phone (as with numbers,
 * number-format.ts). dates.test.ts checks them against Intl's en-US words for every day of years.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
function partsOf(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return { year, month: MONTHS[month - 1]!, date, weekday: WEEKDAYS[weekday]! };
}

/**
 * A calendar day kept as YYYY-MM-DD ("2026-11-28") as people read it: "Nov 28, 2026", the same day
 * in every time zone. Text that is not such a day is returned as it is, never guessed at.
 */
export function formatDay(day: string): string {
  if (!DAY.test(day)) return day;
  const { year, month, date } = partsOf(day);
  return `${month} ${date}, ${year}`;
}

/**
 * The day of an instant (an ISO time or a Date) in a time zone: "Nov 28, 2026". A sale's dates read
 * in the sale's own zone (its clocks end there); by default the market's.
 */
export function formatDayIn(instant: string | Date, timeZone: string | undefined = MARKET_TIME_ZONE): string {
  return formatterOf('day', timeZone).format(new Date(instant));
}

/**
 * The day of an instant in the reader's own time zone: "Nov 28, 2026", written out from the Date's
 * local fields like `formatDateTime` (the Transactions tab's rows each say when the car was sold:
 * Intl's first use was a ~75 ms task on a slow phone, issue #47). An unreadable instant: Intl's
 * RangeError.
 */
export function formatLocalDay(instant: string | Date): string {
  const at = new Date(instant);
  if (!at.getDate()) return formatterOf('day', undefined).format(at);
  return localDay(at);
}

/**
 * An instant with its time: "Nov 28, 2026, 3:40 PM", in `timeZone` (the reader's own when absent).
 * With 'UTC' it says so: "Nov 28, 2026, 3:40 PM UTC" (a message cannot know the reader's zone).
 */
export function formatDateTime(instant: string | Date, timeZone?: string): string {
  const at = new Date(instant);
  // An unreadable instant's fields are NaN: Intl says so (a RangeError).
  if (timeZone === undefined && at.getDate()) return localDateTime(at);
  const text = formatterOf('dateTime', timeZone).format(at);
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/**
 * An instant with its time in the reader's own zone, written out from the Date's local fields: the
 * browser's own clock needs no Intl time-zone data, whose first use cost a phone ~0.1 s of the
 * admin's queue (every card says when it was uploaded, issue #47). dates.test.ts checks it against
 * Intl's en-US words.
 */
function localDateTime(at: Date): string {
  const hours = at.getHours();
  const minutes = String(at.getMinutes()).padStart(2, '0');
  return `${localDay(at)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const localDay = (at: Date) => `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;

/** A calendar day with its weekday, no year: "2026-07-08" → "Wed, Jul 8" (a due date close at hand). */
export function formatWeekdayDay(day: string): string {
  if (!DAY.test(day)) return day;
  const { month, date, weekday } = partsOf(day);
  return `${weekday}, ${month} ${date}`;
}

/** A calendar day without its year: "Nov 30" (the first end of a window within one year). */
export function formatMonthDay(day: string): string {
  if (!DAY.test(day)) return day;
  const { month, date } = partsOf(day);
  return `${month} ${date}`;
}

/** A month category ("2026-01") as people write it ("Jan 2026", short "Jan ’26"); other text as it is. */
export function formatMonth(text: string, short = false): string {
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (!month) return text;
  const name = MONTHS[Number(month[2]) - 1];
  if (!name) return text;
  // On an axis "Jan ’26": "Jan 26" would read as a day.
  return short ? `${name} ’${month[1]!.slice(2)}` : `${name} ${month[1]}`;
}

/**
 * "Sat, Nov 28, 7:04 AM": a deadline close at hand (the end of a first look), in the reader's time,
 * always with its day (issue #46: "until 7:04 AM" left the reader to guess which morning).
 */
export const formatDeadline = (instant: string | Date) =>
  formatterOf('deadline', undefined).format(new Date(instant));

/** "Sat, Nov 28, 3:40 PM EST": a deadline in a named time zone, the zone said (a message cannot know the reader's). */
export const formatZoneDeadline = (instant: string | Date, timeZone: string) =>
  formatterOf('zoneDeadline', timeZone).format(new Date(instant));
