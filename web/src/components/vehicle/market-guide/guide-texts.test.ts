import { describe, expect, it } from 'vitest';
import {
  formatSoldWeek,
  guideSpokenText,
  howComputedText,
  percentAgainstGuide,
  priceToGuideText,
} from './guide-texts';

const ready = {
  status: 'ready' as const,
  vehicleId: 7,
  guide: '12400.00',
  low: '11800.00',
  high: '13100.00',
  comparables: 7,
  priceToGuide: -4.2,
};

describe('the market guide in words', () => {
  it('says a price against the guide in whole percent, at guide when it rounds to nothing', () => {
    expect(priceToGuideText(-4.2)).toEqual({ text: '4% below guide', tone: 'below' });
    expect(priceToGuideText(3.3)).toEqual({ text: '3% above guide', tone: 'above' });
    expect(priceToGuideText(-0.4)).toEqual({ text: 'At guide', tone: 'at' });
  });

  it('compares a typed price with the guide in cents', () => {
    expect(percentAgainstGuide(1_302_000, '12400.00')).toBeCloseTo(5);
    expect(percentAgainstGuide(null, '12400.00')).toBeNull();
    expect(percentAgainstGuide(100, '0.00')).toBeNull();
  });

  it('reads the whole guide to a screen reader, the asking price only when given', () => {
    expect(guideSpokenText(ready, -4.2)).toBe(
      'Market guide $12,400, range $11,800 to $13,100, 7 sales; asking price 4% below guide',
    );
    expect(guideSpokenText(ready)).toBe('Market guide $12,400, range $11,800 to $13,100, 7 sales');
    expect(guideSpokenText(ready, 0.2)).toMatch(/; asking price at guide$/);
    expect(guideSpokenText({ status: 'insufficient', vehicleId: 7, comparables: 1 })).toBe(
      'Market guide: Not enough sales yet, 1 sale',
    );
  });

  it('says how the guide was computed from the rules and the refit', () => {
    const fit = {
      fittedAt: '2026-11-27T03:00:00.000Z',
      perTenThousandMiles: -2.1,
      perGradePoint: 4,
      perModelYear: 6.5,
      perYearLater: -8,
      salesUsed: 412,
      outliersDropped: 3,
    };
    expect(howComputedText(fit)).toBe(
      'Same make and model, model year ±1, sold in the last 180 days; adjusted by −2.1% per 10,000 miles, +4.0% per grade point, +6.5% per newer model year and −8.0% per year since the sale, refitted nightly on 412 sales',
    );
    expect(howComputedText(null)).toMatch(/^Same make and model, model year ±1, sold in the last 180 days; /);
  });

  it('shows a sale’s week (its Monday) as the same week everywhere', () => {
    expect(formatSoldWeek('2026-11-23')).toBe('Week of Nov 23, 2026');
    expect(formatSoldWeek('2026-11-02')).toBe('Week of Nov 2, 2026');
  });
});
