import { describe, expect, it } from 'vitest';
import { toE164 } from './phone';

describe('toE164', () => {
  it('reads the ways dealer phones are typed', () => {
    expect(toE164('(555) 210-0100')).toBe('+15552100100');
    expect(toE164('555.210.0100')).toBe('+15552100100');
    expect(toE164('1 555 210 0100')).toBe('+15552100100');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164(' +1 (555) 210-0100 ')).toBe('+15552100100');
  });

  it('refuses what cannot be texted', () => {
    for (const phone of [
      '',
      null,
      undefined,
      '555-0100',
      '(555) 210-0100 ext 4',
      'call the office',
      '+0 555 210 0100',
      '055 210 0100',
      '+1234567',
    ])
      expect(toE164(phone), String(phone)).toBeNull();
  });
});
