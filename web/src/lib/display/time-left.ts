/** Remaining time as hours and minutes (docs/product.md §2 offers): one definition, shared with the messages. */
export { formatTimeLeft } from '@contracts/time-left';

import {
  formatDay as formatCalendarDay,
  formatDateTime as formatDateTimeIn,
  formatLocalDay,
} from '@contracts/dates';

/** The day of an instant in the reader's zone: "Nov 28, 2026" (contracts/dates.ts, like every date). */
export const formatDate = (iso: string) => formatLocalDay(iso);
/** An instant with its time in the reader's zone: "Nov 28, 2026, 3:40 PM". */
export const formatDateTime = (iso: string) => formatDateTimeIn(iso);
/** A calendar day kept as YYYY-MM-DD ("Dec 7, 2026"), the same day in every time zone. */
export const formatDay = (day: string) => formatCalendarDay(day);

/** "Sat, Nov 28, 3:40 PM": the end of a first look, in the reader's time, always with its day. */
export { formatDeadline } from '@contracts/dates';
