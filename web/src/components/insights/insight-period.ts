/** A report's period: both days included, written YYYY-MM-DD as the API takes them. */
export interface InsightPeriod {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The last 12 months, today's month included: from the first day of the month eleven months
 * back to today, so a by-month chart has twelve whole or running months.
 */
export function lastTwelveMonths(today = new Date()): InsightPeriod {
  const start = new Date(today.getFullYear(), today.getMonth() - 11, 1);
  return { from: isoDay(start), to: isoDay(today) };
}

/** A period's days in the query, a day left out while its field is incomplete (the server's default). */
export function periodQuery(period: InsightPeriod): { from?: string; to?: string } {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return {
    ...(day.test(period.from) ? { from: period.from } : {}),
    ...(day.test(period.to) ? { to: period.to } : {}),
  };
}

/** A CSV export's address: the endpoint with the report's own filters. */
export function csvHref(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
