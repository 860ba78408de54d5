import { saleStateSchema } from './after-sale';
import { buyCodeSchema } from './auth';
import { checkoutExtrasSchema } from './delivery';
import { idSchema, jsonIdSchema, VEHICLE_ID_MESSAGE } from './ids';
import { MONEY_TEXT } from './money';
import { moneySchema, moneyTextSchema } from './money-schema';
import { reconPackageIdSchema } from './recon-packages';
import { OFFER_STATUSES } from './statuses';
import { saleWorkOrderSchema } from './work-orders';
import { z } from './zod';

/** Texts of buying (docs/product.md §2, §5, §8), verbatim. */
export const BUYING_TEXT = {
  buySuccessTitle: 'Success!',
  buySuccess: 'Vehicle purchase initiated. Our team will contact you shortly.',
  buyFailure: 'Invalid buy code. Please try again.',
  offerSuccessTitle: 'Success',
  offerSuccess: 'Your offer has been submitted successfully',
  offerFailureTitle: 'Error',
  offerFailure: 'Failed to submit offer',
  amountRequired: MONEY_TEXT.amountRequired,
  amountPositive: MONEY_TEXT.amountPositive,
  noBuyCode: "Don't have a buy code?",
  hours: 'Monday to Friday, 9 AM to 6 PM EST',
  processing: 'Processing...',
  vehicleUnavailable: 'This vehicle is no longer available',
  // Buy Now's refusals after the code matched (docs/decisions/0018-codes-belong-to-people.md): a
  // wrong code still answers only buyFailure, so these tell nothing to someone guessing codes. An
  // inactive dealership's code answers buyFailure too, on Buy Now and Make Offer alike (issue #43):
  // its codes work again if it is reactivated, so a guesser must not learn they exist.
  vehicleSold: 'This vehicle has already been sold.',
  codeExpired: 'This buy code has expired. Please contact us for a new one.',
  codeUsedUp: 'This buy code has been used the maximum number of times. Please contact us for a new one.',
  codeDeactivated: 'This buy code has been deactivated. Please contact us for a new one.',
} as const;

/**
 * Why a purchase was refused, as `reason` beside `{message, code}` in the error body: stable for
 * clients (the Buy Now dialog shows `message` verbatim and may style by `reason`). A body without a
 * reason (e.g. a malformed request) is shown by its message alone.
 */
export const PURCHASE_REFUSALS = {
  /**
   * No code matched, or its dealership is inactive (400, BUYING_TEXT.buyFailure, the same bytes
   * either way); the only refusal that counts as a guess. Make Offer answers a code it cannot use
   * with the same (issue #43).
   */
  invalidCode: 'INVALID_BUY_CODE',
  /** The vehicle was sold (409, BUYING_TEXT.vehicleSold), told whatever the code, since it is public. */
  vehicleSold: 'VEHICLE_SOLD',
  /** Removed, unpublished or unknown vehicle (409, BUYING_TEXT.vehicleUnavailable). */
  vehicleUnavailable: 'VEHICLE_UNAVAILABLE',
  /** The code matched but is past its expiry (403, BUYING_TEXT.codeExpired). */
  codeExpired: 'BUY_CODE_EXPIRED',
  /** The code matched but has no uses left (403, BUYING_TEXT.codeUsedUp). */
  codeUsedUp: 'BUY_CODE_USED_UP',
  /** The code matched but was deactivated, e.g. its holder left the team (403, BUYING_TEXT.codeDeactivated). */
  codeDeactivated: 'BUY_CODE_DEACTIVATED',
  /** The code's holder (or the signed-in member) is a viewer (403, TEAM_TEXT.viewerCannotBuy). */
  viewerCannotBuy: 'VIEWER_CANNOT_BUY',
  /** Over the holder's per-vehicle or daily limit (403, limitText.perVehicle / perDay). */
  overLimit: 'OVER_BUYER_LIMIT',
} as const;
export type PurchaseRefusal = (typeof PURCHASE_REFUSALS)[keyof typeof PURCHASE_REFUSALS];

/** The header a client sends so a retried purchase or offer is answered once (docs/design.md §4). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const vehicleIdSchema = idSchema(VEHICLE_ID_MESSAGE);

/** POST /api/verify-code (Buy Now). Every failure answers BUYING_TEXT.buyFailure. */
const typedBuyCodeSchema = z.string({ error: BUYING_TEXT.buyFailure }).trim().toUpperCase();
export const verifyCodeBodySchema = z.object({
  code: typedBuyCodeSchema.length(4, BUYING_TEXT.buyFailure),
  vehicleId: jsonIdSchema(BUYING_TEXT.buyFailure),
  /** The reconditioning package chosen with it (docs/design.md §14); absent = as inspected. */
  reconPackageId: reconPackageIdSchema.optional(),
  /** Certified delivery and a floor-plan line chosen in the dialog (docs/design.md §15). */
  ...checkoutExtrasSchema,
});
/**
 * The Buy Now form (docs/product.md §4, §5): the code as typed, trimmed and upper-cased. A blank code is not
 * sent and nothing is said (the form shows no message); any other code goes to the server, whose
 * every refusal is the toast BUYING_TEXT.buyFailure.
 */
export const buyNowFormSchema = z.object({ code: typedBuyCodeSchema.min(1) });
export type BuyNowForm = z.input<typeof buyNowFormSchema>;
export const purchaseResponseSchema = z.object({ message: z.string(), transactionId: z.number().int() });

/** An amount that may arrive as a string or a number; normalised to a decimal string with 2 places. */
export const amountSchema = moneySchema;
/** The same rules for an amount typed into a form (text). */
export const amountTextSchema = moneyTextSchema;

export const createOfferBodySchema = z.object({
  amount: amountSchema,
  buyCode: buyCodeSchema,
  reconPackageId: reconPackageIdSchema.optional(),
});
export type CreateOfferBody = z.input<typeof createOfferBodySchema>;

/** The Make Offer form: the contract's own rules and messages; the form holds the amount as text. */
export const offerFormSchema = createOfferBodySchema.extend({ amount: amountTextSchema });
export type OfferForm = z.input<typeof offerFormSchema>;

const vehicleSummarySchema = z.object({
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});

export const offerActivitySchema = z.object({
  id: z.number().int(),
  actorType: z.string(),
  actionType: z.string(),
  amount: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});

export const offerViewSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  dealerId: z.number().int(),
  amount: z.string(),
  status: z.enum(OFFER_STATUSES),
  counterAmount: z.string().nullable(),
  counterMessage: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  vehicle: vehicleSummarySchema.extend({ vin: z.string(), price: z.string().nullable() }),
  dealer: z.object({ dealerName: z.string() }),
  /** The team member who made the offer (docs/design.md §10); null when a code was typed. */
  boughtBy: z.string().nullable(),
  activities: z.array(offerActivitySchema),
  /** The amount the sale was made for (the offer or the counter), once accepted; null otherwise. */
  soldFor: z.string().nullable(),
  /**
   * The reconditioning package the offer asks for (its price is added to the sale, ADR 0033); null
   * for as inspected. Shown on the offer card, in the counter dialog and in what accepting costs.
   */
  reconPackage: z.object({ name: z.string(), price: z.string() }).nullable(),
  /**
   * When payment would be due if the offer (or counter) were accepted now: the sale terms'
   * business days from today (YYYY-MM-DD, the terms' time zone). The confirmations show it.
   */
  paymentDueIfAccepted: z.string(),
});
export type OfferView = z.infer<typeof offerViewSchema>;

/** The answer to Make Offer: what was recorded, without the dealer's name (name + code = sign-in). */
export const offerReceiptSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  amount: z.string(),
  status: z.literal('pending'),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type OfferReceipt = z.infer<typeof offerReceiptSchema>;

export const dealerTransactionSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  vehicle: vehicleSummarySchema.nullable(),
  createdAt: z.string(),
  amount: z.string(),
  /** The team member who made the sale (docs/design.md §10); null for a buy-code sale. */
  boughtBy: z.string().nullable(),
  /** `status` (the spec's pending/completed) comes with the sale's state below. */
  isPaid: z.boolean(),
  cancelled: z.boolean(),
  /** The generated bill of sale (or the uploaded signed copy): GET /api/transactions/:id/bill-of-sale. */
  billOfSale: z.string(),
  ...saleStateSchema.shape,
  /** The sale's reconditioning (issue #31): null without a work order. */
  workOrder: saleWorkOrderSchema.nullable(),
});
export type DealerTransaction = z.infer<typeof dealerTransactionSchema>;

/** How an owner sees a code someone else holds: its last character only (docs/decisions/0031-session-strength.md). */
export const maskBuyCode = (code: string) => `•••${code.slice(-1)}`;

export const dealerBuyCodeSchema = z.object({
  id: z.number().int(),
  /** The code itself for its holder; masked (maskBuyCode) when someone else holds it. */
  code: z.string(),
  masked: z.boolean(),
  /** The team member whose authority the code is (docs/design.md §11); null without a team. */
  holderName: z.string().nullable(),
  /** Whether the signed-in person may use it (always, without a team). */
  mine: z.boolean(),
  active: z.boolean(),
  usageCount: z.number().int(),
  maxUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** The last sign-in, purchase or offer made with it. */
  lastUsedAt: z.string().nullable(),
});
export type DealerBuyCode = z.infer<typeof dealerBuyCodeSchema>;

export const respondToCounterBodySchema = z.object({ action: z.enum(['accept', 'decline']) });

const counterOfferBodySchema = z.object({
  status: z.literal('countered'),
  counterAmount: amountSchema,
  counterMessage: z
    .string()
    .trim()
    .max(1000, 'The message can be at most 1000 characters')
    .nullish()
    .transform((v) => v || null),
});

/** The admin's counter dialog: the contract's counter rules; the form holds the amount as text. */
export const counterOfferFormSchema = counterOfferBodySchema
  .omit({ status: true })
  .extend({ counterAmount: amountTextSchema });
export type CounterOfferForm = z.input<typeof counterOfferFormSchema>;

/** PATCH /api/offers/:id (admin, docs/product.md §7): accept, decline or counter a pending offer. */
export const updateOfferBodySchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('accepted') }),
    z.object({ status: z.literal('declined') }),
    counterOfferBodySchema,
  ],
  { error: 'Status must be accepted, declined or countered' },
);
export type UpdateOfferBody = z.input<typeof updateOfferBodySchema>;

export const OFFER_TEXT = {
  updated: 'Offer updated successfully',
  updateFailed: 'Failed to update offer',
  stale: 'This offer was already answered. Refresh to see its current state.',
  noCounterToWithdraw: 'There is no counter waiting for the dealer to withdraw',
  counterWithdrawn: 'Counter withdrawn',
  withdrawCounter: 'Withdraw counter',
} as const;

/** An offer at or above the asking price is a purchase: the dealer is pointed to Buy Now (issue #27). */
export const offerAtAskingText = (asking: string) =>
  `Your offer is at or above the asking price of ${asking}. Use Buy Now to buy the vehicle at that price.`;

/** A counter lies strictly between the dealer's offer and the asking price (issue #27). */
export const counterBandText = (offer: string, asking: string | null) =>
  asking
    ? `A counter must be more than the dealer's offer of ${offer} and less than the asking price of ${asking}`
    : `A counter must be more than the dealer's offer of ${offer}`;
