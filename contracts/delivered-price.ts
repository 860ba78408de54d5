import { DELIVERED_PRICE_TEXT } from './delivered-price-texts';
import { dayWindowSchema } from './delivery';
import { vehicleIdsSchema } from './ids';
import { z } from './zod';

/**
 * The delivered price (issue #46): for a signed-in dealer, what a car costs brought to their lot —
 * its price, the package Buy Now starts with and certified delivery to the dealership's delivery
 * ZIP, added by the one sum (contracts/deal-total.ts `committedTotal`) that the Buy Now dialog's
 * button and the sale's deal total read too. Asked for the cards of a page in one request.
 */

/** GET /api/dealer/delivered-prices?ids=1,2,3: up to 100 cars of a page of results. */
export const deliveredPricesQuerySchema = z.object({ ids: vehicleIdsSchema(DELIVERED_PRICE_TEXT) });

/** The dealership's own open offer on the car (pending, or countered by us). */
export const ownOfferSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'countered']),
  amount: z.string(),
  counterAmount: z.string().nullable(),
});
export type OwnOffer = z.infer<typeof ownOfferSchema>;

/** One car's delivered price (decimal strings); a car the dealer may not see on sale is absent. */
export const deliveredPriceSchema = z.object({
  vehicleId: z.number().int(),
  price: z.string(),
  /** The package Buy Now starts with (the first offered), or null when none is offered. */
  reconditioning: z
    .object({ id: z.number().int(), name: z.string(), price: z.string(), promisedDays: z.number().int() })
    .nullable(),
  /** Certified delivery to the dealership's delivery ZIP, or null (`deliveryProblem` says why). */
  delivery: z
    .object({
      toZip: z.string(),
      toPlace: z.string(),
      miles: z.number().int(),
      price: z.string(),
      pickupWindow: dayWindowSchema,
      deliveryWindow: dayWindowSchema,
    })
    .nullable(),
  deliveryProblem: z.string().nullable(),
  /** price + package + delivery (committedTotal): what Buy Now with these choices charges. */
  total: z.string(),
  offer: ownOfferSchema.nullable(),
});
export type DeliveredPrice = z.infer<typeof deliveredPriceSchema>;
export const deliveredPricesResponseSchema = z.array(deliveredPriceSchema);

/**
 * GET /api/dealer/buyer-limits: the signed-in member's limits and what they committed today (the
 * same figures the server's limit check reads); nulls for a dealer signed in without a member, who
 * has none.
 */
export const buyerLimitsSchema = z.object({
  perVehicleLimit: z.string().nullable(),
  perDayLimit: z.string().nullable(),
  committedToday: z.string(),
});
export type BuyerLimitsView = z.infer<typeof buyerLimitsSchema>;
