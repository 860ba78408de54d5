import { describe, expect, it } from 'vitest';
import { formatInsight, formatMonth, formatTick, NO_VALUE } from './format-insight';
import { lastTwelveMonths, periodQuery } from './insight-period';

describe('insight numbers as people read them', () => {
  it('formats each unit', () => {
    expect(formatInsight(1234, 'count')).toBe('1,234');
    expect(formatInsight(12.5, 'percent')).toBe('12.5%');
    expect(formatInsight(40, 'percent')).toBe('40.0%');
    expect(formatInsight(-4.75, 'percent')).toBe('-4.8%');
    expect(formatInsight(6, 'days')).toBe('6.0 days');
    expect(formatInsight(1, 'days')).toBe('1.0 day');
    expect(formatInsight('12400.00', 'usd')).toBe('$12,400');
    expect(formatInsight('9532250.49', 'usd')).toBe('$9,532,250');
    expect(formatInsight('Lot staff', 'text')).toBe('Lot staff');
  });

  it('shows a dash for what has no value', () => {
    for (const unit of ['count', 'percent', 'days', 'usd', 'text'] as const) {
      expect(formatInsight(null, unit)).toBe(NO_VALUE);
      expect(formatInsight('', unit)).toBe(NO_VALUE);
    }
  });

  it('shows words the server sent in place of a number as they are (a claim decided before its facts were kept)', () => {
    expect(formatInsight('Not recorded', 'percent')).toBe('Not recorded');
    expect(formatInsight('Not recorded', 'days')).toBe('Not recorded');
  });

  it('writes months out, short on an axis', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2025-12', true)).toBe('Dec ’25');
    expect(formatMonth('0–15 days')).toBe('0–15 days');
  });

  it('keeps ticks finer than one unit apart', () => {
    expect([0, 0.2, 0.4].map((t) => formatTick(t, 'percent', 0.2))).toEqual(['0%', '0.2%', '0.4%']);
    expect(formatTick(20, 'percent', 10)).toBe('20%');
    expect(formatTick(12000, 'usd', 2000)).toBe('$12K');
  });
});

describe('the default period', () => {
  it('is the last 12 months: the 1st of the month 11 months back to today', () => {
    expect(lastTwelveMonths(new Date(2026, 10, 27))).toEqual({ from: '2025-12-01', to: '2026-11-27' });
    expect(lastTwelveMonths(new Date(2026, 0, 5))).toEqual({ from: '2025-02-01', to: '2026-01-05' });
  });

  it('leaves a day out of the query while its field is incomplete', () => {
    expect(periodQuery({ from: '2026-01-01', to: '' })).toEqual({ from: '2026-01-01' });
  });
});
