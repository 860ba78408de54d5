import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './time-left';

describe('formatTimeLeft', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('shows hours and minutes, minutes alone under an hour, and Expired once past', () => {
    expect(formatTimeLeft('2026-11-24T10:30:00Z', now)).toBe('46h 30m left');
    expect(formatTimeLeft('2026-11-22T12:59:59Z', now)).toBe('59m left');
    expect(formatTimeLeft('2026-11-22T12:00:00Z', now)).toBe('Expired');
    expect(formatTimeLeft('2026-11-21T12:00:00Z', now)).toBe('Expired');
    expect(formatTimeLeft('not a date', now)).toBe('Expired');
  });
});
