/** Remaining time as hours and minutes (spec §2 offers): one definition, shared with the messages. */
export { formatTimeLeft } from '@contracts/time-left';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** A calendar day kept as YYYY-MM-DD ("Dec 7, 2026"), the same day in every time zone. */
export const formatDay = (day: string) => dateFormat.format(new Date(`${day}T12:00:00`));
