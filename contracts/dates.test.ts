import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatLocalDay,
  formatMonth,
  formatMonthDay,
  formatWeekdayDay,
} from './dates';

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

describe('an instant’s words in the reader’s zone', () => {
  it('are Intl’s en-US words, every 72 hours 2 minutes from 1999 to 2031 and around the clock', () => {
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    const localDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2032, 0, 1); t += 259_320_000) {
      const at = new Date(t);
      expect(formatDateTime(at), at.toISOString()).toBe(local.format(at));
      expect(formatLocalDay(at.toISOString()), at.toISOString()).toBe(localDay.format(at));
    }
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = new Date(2026, 10, 28, 0, minute);
      expect(formatDateTime(at.toISOString()), at.toISOString()).toBe(local.format(at));
    }
    // In a named zone, and an unreadable instant, Intl's own answer (a RangeError for the latter).
    expect(formatDateTime('2026-11-28T15:40:00Z', 'UTC')).toBe('Nov 28, 2026, 3:40 PM UTC');
    expect(() => formatDateTime('soon')).toThrow(RangeError);
    expect(() => formatLocalDay('soon')).toThrow(RangeError);
  });
});
