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
  weekdayDay: { weekday: 'short', month: 'short', day: 'numeric' },
  monthDay: { month: 'short', day: 'numeric' },
  month: { month: 'short', year: 'numeric' },
  shortMonth: { month: 'short' },
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
/** Noon UTC of a calendar day: the same day in every zone it is read in. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * A calendar day kept as YYYY-MM-DD ("2026-11-28") as people read it: "Nov 28, 2026", the same day
 * in every time zone. Text that is not such a day is returned as it is, never guessed at.
 */
export function formatDay(day: string): string {
  return DAY.test(day) ? formatterOf('day', 'UTC').format(noonOf(day)) : day;
}

/**
 * The day of an instant (an ISO time or a Date) in a time zone: "Nov 28, 2026". A sale's dates read
 * in the sale's own zone (its clocks end there); by default the market's.
 */
export function formatDayIn(instant: string | Date, timeZone: string | undefined = MARKET_TIME_ZONE): string {
  return formatterOf('day', timeZone).format(new Date(instant));
}

/** The day of an instant in the reader's own time zone: "Nov 28, 2026". */
export const formatLocalDay = (instant: string | Date) =>
  formatterOf('day', undefined).format(new Date(instant));

/**
 * An instant with its time: "Nov 28, 2026, 3:40 PM", in `timeZone` (the reader's own when absent).
 * With 'UTC' it says so: "Nov 28, 2026, 3:40 PM UTC" (a message cannot know the reader's zone).
 */
export function formatDateTime(instant: string | Date, timeZone?: string): string {
  const text = formatterOf('dateTime', timeZone).format(new Date(instant));
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/** A calendar day with its weekday, no year: "2026-07-08" → "Wed, Jul 8" (a due date close at hand). */
export const formatWeekdayDay = (day: string) =>
  DAY.test(day) ? formatterOf('weekdayDay', 'UTC').format(noonOf(day)) : day;

/** A calendar day without its year: "Nov 30" (the first end of a window within one year). */
export const formatMonthDay = (day: string) =>
  DAY.test(day) ? formatterOf('monthDay', 'UTC').format(noonOf(day)) : day;

/** A month category ("2026-01") as people write it ("Jan 2026", short "Jan ’26"); other text as it is. */
export function formatMonth(text: string, short = false): string {
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (!month) return text;
  const date = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  // On an axis "Jan ’26": "Jan 26" would read as a day.
  return short
    ? `${formatterOf('shortMonth', 'UTC').format(date)} ’${month[1]!.slice(2)}`
    : formatterOf('month', 'UTC').format(date);
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
