import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  dateInZone,
  daysBetween,
  endOfDayInZone,
  federalHolidays,
  isBusinessDay,
} from './business-days';

describe('US federal holidays, as observed (OPM tables)', () => {
  const table: [number, string[]][] = [
    [
      2026,
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-05-25',
        '2026-06-19',
        '2026-07-03',
        '2026-09-07',
        '2026-10-12',
        '2026-11-11',
        '2026-11-26',
        '2026-12-25',
      ],
    ],
    [
      // Juneteenth on a Saturday (Fri 18th), July 4th on a Sunday (Mon 5th), Christmas on a Saturday
      // (Fri 24th), and New Year's Day 2028 on a Saturday, observed Friday, December 31, 2027.
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-05-31',
        '2027-06-18',
        '2027-07-05',
        '2027-09-06',
        '2027-10-11',
        '2027-11-11',
        '2027-11-25',
        '2027-12-24',
        '2027-12-31',
      ],
    ],
    [
      // Veterans Day on a Saturday: Friday, November 10; no New Year's Day in 2028 itself.
      2028,
      [
        '2028-01-17',
        '2028-02-21',
        '2028-05-29',
        '2028-06-19',
        '2028-07-04',
        '2028-09-04',
        '2028-10-09',
        '2028-11-10',
        '2028-11-23',
        '2028-12-25',
      ],
    ],
    [
      // Before Juneteenth was a federal holiday (2021).
      2020,
      [
        '2020-01-01',
        '2020-01-20',
        '2020-02-17',
        '2020-05-25',
        '2020-07-03',
        '2020-09-07',
        '2020-10-12',
        '2020-11-11',
        '2020-11-26',
        '2020-12-25',
      ],
    ],
  ];
  it.each(table)('%i', (year, dates) => {
    expect([...federalHolidays(year).keys()].sort()).toEqual(dates);
  });
});

describe('business days', () => {
  const cases: [string, string, number, string][] = [
    ['Monday + 3 → Thursday', '2026-11-16', 3, '2026-11-19'],
    ['Friday + 3 → Wednesday (weekend skipped)', '2026-11-13', 3, '2026-11-18'],
    ['over Thanksgiving (Thu) → the Monday after', '2026-11-24', 3, '2026-11-30'],
    ['Saturday + 1 → Monday', '2026-11-21', 1, '2026-11-23'],
    ['Friday before MLK day + 1 → Tuesday', '2026-01-16', 1, '2026-01-20'],
    ['across the year, New Year observed on Dec 31, 2027', '2027-12-29', 3, '2028-01-04'],
    ['5 business days with the title from a Wednesday', '2026-12-23', 5, '2026-12-31'],
    ['21 business days when the title is absent', '2026-11-23', 21, '2026-12-23'],
    ['zero days is the same day', '2026-11-21', 0, '2026-11-21'],
  ];
  it.each(cases)('%s', (_name, from, n, expected) => {
    expect(addBusinessDays(from, n)).toBe(expected);
  });

  it('knows weekends and holidays', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true);
    expect(isBusinessDay('2026-11-22')).toBe(false);
    expect(isBusinessDay('2026-11-26')).toBe(false);
    expect(isBusinessDay('2026-07-03')).toBe(false);
    expect(isBusinessDay('2026-07-04')).toBe(false);
  });

  it('counts calendar days', () => {
    expect(daysBetween('2026-11-20', '2026-11-23')).toBe(3);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
    // A DST change in between does not make a fraction.
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
  });
});

describe('dates in a time zone', () => {
  it('takes the local calendar date of an instant', () => {
    // 03:00 UTC on the 24th is still the evening of the 23rd in Chicago.
    expect(dateInZone(new Date('2026-11-24T03:00:00Z'), 'America/Chicago')).toBe('2026-11-23');
    expect(dateInZone(new Date('2026-11-24T03:00:00Z'), 'UTC')).toBe('2026-11-24');
  });

  it('ends a local day at 23:59:59.999 local time, summer and winter', () => {
    expect(endOfDayInZone('2026-11-25', 'America/New_York').toISOString()).toBe('2026-11-26T04:59:59.999Z');
    expect(endOfDayInZone('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-16T03:59:59.999Z');
    expect(endOfDayInZone('2026-11-01', 'America/Chicago').toISOString()).toBe('2026-11-02T05:59:59.999Z');
    expect(endOfDayInZone('2026-03-08', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-09T06:59:59.999Z',
    );
  });
});
