import { describe, expect, it } from 'vitest';
import { formatDueDate } from './purchase-terms';

describe('purchase terms', () => {
  it('shows due dates as the calendar dates they are, whatever the browser’s zone', () => {
    expect(formatDueDate('2026-07-08')).toBe('Wed, Jul 8');
  });
});
