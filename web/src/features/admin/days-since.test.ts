import { describe, expect, it } from 'vitest';
import { calendarDaysSince } from './days-since';

// Local dates: 2025-06-02 is a Monday.
const at = (day: number, hour = 10) => new Date(2025, 5, day, hour);

describe('calendarDaysSince', () => {
  it('counts calendar days', () => {
    expect(calendarDaysSince(at(2, 23), at(3, 1))).toBe(1);
    expect(calendarDaysSince(at(2), at(2, 22))).toBe(0);
    expect(calendarDaysSince(at(2), at(9))).toBe(7);
  });
  it('is 0 for a date in the future', () => {
    expect(calendarDaysSince(at(9), at(2))).toBe(0);
  });
});
