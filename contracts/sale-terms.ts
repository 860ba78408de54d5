import { saleTermsSchema } from './after-sale';
import { guaranteeTermsSchema } from './guarantee-schema';
import { z } from './zod';

const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * GET /api/sale-terms (public): the terms a sale made now would be made under (SALE_*, docs/design.md §8)
 * and the dates they give, counted in business days in the terms' time zone — what Buy Now shows
 * before the dealer confirms, and the confirmation after.
 */
export const saleTermsPreviewSchema = z.object({
  terms: saleTermsSchema,
  /** The guarantee of each certification level (the car's level applies: certificationLevelOf). */
  guarantees: z.object({ premium: guaranteeTermsSchema, auction: guaranteeTermsSchema }),
  /** Today in the terms' time zone: the sale day of a purchase made now. */
  saleDay: isoDateSchema,
  /** The last day to pay (end of that day, in the terms' time zone). */
  paymentDueOn: isoDateSchema,
  /** The day the title is due when it comes with the deal, and when it is absent at the sale. */
  titleDueOnWithDeal: isoDateSchema,
  titleDueOnAbsent: isoDateSchema,
});
export type SaleTermsPreview = z.infer<typeof saleTermsPreviewSchema>;
