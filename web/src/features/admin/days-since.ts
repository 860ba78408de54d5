const DAY = 86_400_000;

const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d;
};

/**
 * Whole calendar days since a moment (0 on the same day), for "3 days ago". Payment and title
 * clocks are the server's (business days with holidays, in the sale's time zone), not counted here.
 */
export const calendarDaysSince = (since: string | Date, now: Date = new Date()) =>
  Math.max(
    0,
    Math.round((startOfDay(now.getTime()).getTime() - startOfDay(new Date(since).getTime()).getTime()) / DAY),
  );
