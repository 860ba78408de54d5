import type { SaleTerms } from '@contracts/after-sale';
import { DEFAULT_BRAND, premiumCertification } from '@contracts/brand';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { defaultGuaranteeTerms, type GuaranteeTermsByLevel } from '@contracts/guarantee';
import type { SaleTermsPreview } from '@contracts/sale-terms';

export { findGuaranteeTermsInForce, findSaleTermsInForce } from '../../lib/sale-terms-setting';

/** The dates `terms` give a sale made at `now`, with the one business-day calendar (contracts/business-days.ts). */
export function previewSaleTerms(
  terms: SaleTerms,
  now: Date,
  guarantees: GuaranteeTermsByLevel = defaultGuaranteeTerms(premiumCertification(DEFAULT_BRAND)),
): SaleTermsPreview {
  const saleDay = dateInZone(now, terms.timeZone);
  return {
    terms,
    guarantees,
    saleDay,
    paymentDueOn: addBusinessDays(saleDay, terms.paymentDays),
    titleDueOnWithDeal: addBusinessDays(saleDay, terms.titleDaysWithDeal),
    titleDueOnAbsent: addBusinessDays(saleDay, terms.titleDaysAbsent),
  };
}
