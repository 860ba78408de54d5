import { describe, expect, it } from 'vitest';
import { formatDay, formatMonth, formatMonthDay, formatWeekdayDay } from './dates';

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });

describe('a calendar day’s words', () => {
  it('are Intl’s en-US words for every day from 1999 to 2031', () => {
    const day = intl({ dateStyle: 'medium' });
    const weekdayDay = intl({ weekday: 'short', month: 'short', day: 'numeric' });
    const monthDay = intl({ month: 'short', day: 'numeric' });
    const month = intl({ month: 'short', year: 'numeric' });
    for (let t = Date.UTC(1999, 0, 1, 12); t < Date.UTC(2032, 0, 1); t += 86_400_000) {
      const at = new Date(t);
      const iso = at.toISOString().slice(0, 10);
      expect(formatDay(iso), iso).toBe(day.format(at));
      expect(formatWeekdayDay(iso), iso).toBe(weekdayDay.format(at));
      expect(formatMonthDay(iso), iso).toBe(monthDay.format(at));
      expect(formatMonth(iso.slice(0, 7)), iso).toBe(month.format(at));
    }
  });

  it('leave text that is not a day as it is', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('2026-01', true)).toBe('Jan ’26');
  });
});
