import { demandOrderSchema } from './buy-orders';
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from './notifications';
import { z } from './zod';

/**
 * Admin → Demand → one order's history (docs/design.md §13, issue #30): every car that matched it, the
 * alert each match sent and how far it got, the first-look holds, and what became of the car.
 */

export const BUY_ORDER_HISTORY_TEXT = {
  notFound: 'Buy order not found',
  empty: 'No car has matched this order yet.',
  showHistory: 'Show history',
  hideHistory: 'Hide history',
  loading: 'Loading history...',
  matched: { published: 'Matched when published', price_drop: 'Matched after a price drop' },
  firstLook: (until: string) => `Held for first look until ${until}`,
  noAlert: 'No alert sent',
  alertsOff: 'No alert: this order’s alerts are off',
  alertFor: (orderId: number) => `(the alert named order #${orderId})`,
  bought: (amount: string) => `Bought by this dealership for ${amount}`,
  soldTo: (dealer: string, amount: string) => `Sold to ${dealer} for ${amount}`,
  available: 'Still available',
  withdrawn: 'No longer listed',
} as const;

/** Why a car matched an order: it was published, or its price dropped into the order's range. */
export const MATCH_REASONS = ['published', 'price_drop'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** What became of a matched car. */
export const MATCH_OUTCOMES = ['bought', 'sold', 'available', 'withdrawn'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

export const matchAlertSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The order the alert named: a person whose two orders match one car hears of it once. */
  orderId: z.number().nullable(),
});
export type MatchAlert = z.infer<typeof matchAlertSchema>;

export const orderMatchSchema = z.object({
  vehicleId: z.number(),
  title: z.string(),
  vin: z.string().nullable(),
  /** The car's price now. */
  price: z.string().nullable(),
  reason: z.enum(MATCH_REASONS),
  matchedAt: z.string(),
  /** Held for the order's dealership until then (kept after the hold ends). */
  firstLookUntil: z.string().nullable(),
  alerts: z.array(matchAlertSchema),
  outcome: z.object({
    kind: z.enum(MATCH_OUTCOMES),
    /** The sale's amount and day (bought or sold). */
    amount: z.string().nullable(),
    soldAt: z.string().nullable(),
    /** Who bought it (sold). */
    buyer: z.string().nullable(),
  }),
});
export type OrderMatch = z.infer<typeof orderMatchSchema>;

/** GET /api/buy-orders/:id/history. */
export const buyOrderHistorySchema = demandOrderSchema.extend({
  dealerEmail: z.string(),
  personEmail: z.string().nullable(),
  /** Every match, newest first. */
  matches: z.array(orderMatchSchema),
});
export type BuyOrderHistory = z.infer<typeof buyOrderHistorySchema>;
