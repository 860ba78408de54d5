import { DEFAULT_SALE_TERMS, type SaleTerms } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { describe, expect, it } from 'vitest';
import { withApp } from '../../../test/with-app';
import { appSettings } from '../../db/schema';
import { SALE_TERMS_SETTING } from '../../lib/sale-terms-setting';
import { previewSaleTerms } from './preview-sale-terms';

const ctx = withApp({ accounts: false });

describe('GET /api/sale-terms', () => {
  it('tells anyone the default terms when none were written at start', async () => {
    const res = await ctx.app.inject('/api/sale-terms');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.terms).toEqual(DEFAULT_SALE_TERMS);
    expect(body.saleDay).toBe(dateInZone(new Date(), DEFAULT_SALE_TERMS.timeZone));
  });

  it('tells the terms in force (SALE_*, as written at start) and the dates they give', async () => {
    const terms: SaleTerms = {
      ...DEFAULT_SALE_TERMS,
      paymentDays: 2,
      titleDaysWithDeal: 4,
      timeZone: 'America/Denver',
    };
    await ctx.db.insert(appSettings).values({ key: SALE_TERMS_SETTING, value: JSON.stringify(terms) });
    const body = (await ctx.app.inject('/api/sale-terms')).json();
    expect(body.terms).toEqual(terms);
    expect(body.saleDay).toBe(dateInZone(new Date(), 'America/Denver'));
    // Business days after the sale day: every due date is later, the longer clock no earlier.
    expect(body.paymentDueOn > body.saleDay).toBe(true);
    expect(body.titleDueOnWithDeal > body.paymentDueOn).toBe(true);
    expect(body.titleDueOnAbsent > body.titleDueOnWithDeal).toBe(true);
  });
});

describe('previewSaleTerms', () => {
  it('counts business days from the sale day in the terms’ zone, skipping weekends and observed holidays', () => {
    // 22:00 on Thursday, July 2, 2026 in New York (already the 3rd in UTC). Friday the 3rd is
    // Independence Day observed (the 4th is a Saturday).
    const preview = previewSaleTerms(DEFAULT_SALE_TERMS, new Date('2026-07-03T02:00:00Z'));
    expect(preview.saleDay).toBe('2026-07-02');
    expect(preview.paymentDueOn).toBe('2026-07-08'); // 3 days: Mon 6, Tue 7, Wed 8
    expect(preview.titleDueOnWithDeal).toBe('2026-07-10'); // 5 days
    expect(preview.titleDueOnAbsent).toBe('2026-08-03'); // 21 days
  });
});
