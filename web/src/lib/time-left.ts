/** Remaining time as hours and minutes (spec §2 offers): one definition, shared with the messages. */
export { formatTimeLeft } from '@contracts/time-left';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** A calendar day kept as YYYY-MM-DD ("Dec 7, 2026"), the same day in every time zone. */
export const formatDay = (day: string) => dateFormat.format(new Date(`${day}T12:00:00`));

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayClockFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** "3:40 PM" today, "Nov 28, 3:40 PM" on another day: the end of a first look, in the reader's time. */
export const formatClock = (iso: string, now = new Date()) => {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? clockFormat.format(at) : dayClockFormat.format(at);
};
