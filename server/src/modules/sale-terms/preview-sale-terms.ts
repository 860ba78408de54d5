import { DEFAULT_SALE_TERMS, type SaleTerms, saleTermsSchema } from '@contracts/after-sale';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import type { SaleTermsPreview } from '@contracts/sale-terms';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema';
import { SALE_TERMS_SETTING } from '../../lib/sale-terms-setting';

/** The terms a new sale is made under: those written at start (SALE_*), else the defaults — as sell-vehicle.ts records them. */
export async function findSaleTermsInForce(db: Database): Promise<SaleTerms> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SALE_TERMS_SETTING));
  if (!row) return DEFAULT_SALE_TERMS;
  const parsed = saleTermsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : DEFAULT_SALE_TERMS;
}

/** The dates `terms` give a sale made at `now`, with the one business-day calendar (contracts/business-days.ts). */
export function previewSaleTerms(terms: SaleTerms, now: Date): SaleTermsPreview {
  const saleDay = dateInZone(now, terms.timeZone);
  return {
    terms,
    saleDay,
    paymentDueOn: addBusinessDays(saleDay, terms.paymentDays),
    titleDueOnWithDeal: addBusinessDays(saleDay, terms.titleDaysWithDeal),
    titleDueOnAbsent: addBusinessDays(saleDay, terms.titleDaysAbsent),
  };
}
