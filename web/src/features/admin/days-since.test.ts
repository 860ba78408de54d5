import { describe, expect, it } from 'vitest';
import { businessDaysSince, calendarDaysSince } from './business-days';

// Local dates: 2025-06-02 is a Monday.
const at = (day: number, hour = 10) => new Date(2025, 5, day, hour);

describe('businessDaysSince', () => {
  it('counts the weekdays after the day of the sale', () => {
    expect(businessDaysSince(at(2), at(2, 23))).toBe(0);
    expect(businessDaysSince(at(2), at(4))).toBe(2);
    expect(businessDaysSince(at(2), at(5))).toBe(3);
  });
  it('skips the weekend', () => {
    // Friday the 6th → Monday the 9th is one business day, Tuesday two, Wednesday three.
    expect(businessDaysSince(at(6), at(8))).toBe(0);
    expect(businessDaysSince(at(6), at(9))).toBe(1);
    expect(businessDaysSince(at(6), at(10))).toBe(2);
    expect(businessDaysSince(at(6), at(11))).toBe(3);
  });
  it('is 0 for a date in the future', () => {
    expect(businessDaysSince(at(9), at(2))).toBe(0);
  });
});

describe('calendarDaysSince', () => {
  it('counts calendar days', () => {
    expect(calendarDaysSince(at(2, 23), at(3, 1))).toBe(1);
    expect(calendarDaysSince(at(2), at(2, 22))).toBe(0);
    expect(calendarDaysSince(at(2), at(9))).toBe(7);
  });
});
