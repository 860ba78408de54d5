import { pageQuerySchema } from './paging';
import { z } from './zod';

/** Notification outbox, as the admin reads it (GET /api/notifications, docs/design.md §6). */
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dead', 'suppressed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** A message's delivery state as the admin reads it (the notification log, an order's history). */
export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  dead: 'Gave up',
  suppressed: 'Suppressed',
};

/** GET /api/notifications: a page of the log, newest first (contracts/paging.ts), of one status or all. */
export const notificationsQuerySchema = pageQuerySchema.extend({
  status: z.enum(NOTIFICATION_STATUSES).optional(),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  recipient: z.string(),
  channel: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  subject: z.string(),
  link: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  providerAnswer: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

/** Which of a dealer's contacts a message goes to (dealer columns email/phone, billing…, title…). */
export const DEALER_CONTACTS = ['main', 'billing', 'title'] as const;
export type DealerContact = (typeof DEALER_CONTACTS)[number];

/**
 * The events a dealer hears of, with the label the Notifications preferences show and the
 * contacts whose inbox they reach (docs/design.md §6): main (offers, counters, expiry, pickup, the
 * account), billing (receipts, payment, completion) or title (bill of sale, title shipment).
 */
export const DEALER_EVENTS = [
  { event: 'counter_sent', label: 'Counter offer on your offer', contacts: ['main'] },
  { event: 'offer_accepted', label: 'Offer accepted', contacts: ['main'] },
  { event: 'offer_declined', label: 'Offer declined', contacts: ['main'] },
  { event: 'offer_expiring', label: 'Offer expiring in 2 hours', contacts: ['main'] },
  { event: 'offer_expired', label: 'Offer expired', contacts: ['main'] },
  { event: 'purchase_receipt', label: 'Buy Now receipt', contacts: ['main', 'billing'] },
  { event: 'transaction_paid', label: 'Payment received', contacts: ['billing'] },
  { event: 'transaction_completed', label: 'Transaction completed', contacts: ['billing'] },
  { event: 'bill_of_sale_uploaded', label: 'Bill of sale uploaded', contacts: ['title'] },
  { event: 'payment_recorded', label: 'Partial payment recorded', contacts: ['billing'] },
  { event: 'refund_recorded', label: 'Refund paid to you', contacts: ['billing'] },
  { event: 'title_sent', label: 'Title sent to you', contacts: ['title'] },
  { event: 'pickup_ready', label: 'Vehicle ready for pickup', contacts: ['main'] },
  { event: 'unwind_declined', label: 'Unwind request declined', contacts: ['main'] },
  { event: 'claim_answered', label: 'Guarantee claim answered', contacts: ['main'] },
  { event: 'claim_case', label: 'Guarantee claim closed for missing evidence', contacts: ['main'] },
  { event: 'claim_refund_late', label: 'Guarantee claim refund late', contacts: ['billing'] },
  { event: 'guarantee_ending', label: 'Guarantee about to end', contacts: ['main'] },
  { event: 'dealer_deactivated', label: 'Account deactivated', contacts: ['main'] },
  { event: 'buy_order_match', label: 'A car matches your buy order', contacts: ['main'] },
  { event: 'saved_search_match', label: 'A car matches your saved search', contacts: ['main'] },
  {
    event: 'alert_digest',
    label: 'Daily digest of your buy order and saved search matches',
    contacts: ['main'],
  },
  {
    event: 'watched_vehicle',
    label: 'A car you watch changed: price drop, offer expired or sold',
    contacts: ['main'],
  },
  // Reconditioning (issue #31): the work on a car bought with a package.
  { event: 'work_order_started', label: 'Reconditioning started', contacts: ['main'] },
  { event: 'work_order_done', label: 'Reconditioning done, with after photos', contacts: ['main'] },
  { event: 'work_order_delayed', label: 'Reconditioning past its promised date', contacts: ['main'] },
  // Certified delivery and floor plan (issue #32).
  {
    event: 'transport_update',
    label: 'Certified delivery: carrier assigned, picked up, delivered',
    contacts: ['main'],
  },
  { event: 'floor_plan_update', label: 'Floor plan approved, declined or funded', contacts: ['billing'] },
] as const satisfies readonly { event: string; label: string; contacts: readonly DealerContact[] }[];
export type DealerEvent = (typeof DEALER_EVENTS)[number]['event'];
export const DEALER_EVENT_NAMES = DEALER_EVENTS.map((e) => e.event) as [DealerEvent, ...DealerEvent[]];
export const dealerEventSchema = z.enum(DEALER_EVENT_NAMES);

/** Events every admin hears of (by e-mail; admins have no per-event preferences). */
export const ADMIN_EVENTS = [
  'offer_received',
  'counter_accepted',
  'counter_declined',
  'vehicle_sold',
  'title_confirmed',
  'unwind_requested',
  'claim_opened',
  /** A claim's evidence added or completed, and a claim whose decision deadline passed (issue #48). */
  'claim_evidence_added',
  'claim_escalated',
  /** An award's refund due within a business day, and one not paid by its pay-by day (issue #48). */
  'claim_payment_due',
  'claim_payment_late',
  /** No carrier or lender API is configured: our team arranges it (docs/design.md §15). */
  'transport_to_arrange',
  'floor_plan_to_arrange',
  /** A dealer's delivery confirmation held for its odometer: an admin accepts it (issue #44). */
  'delivery_held',
] as const;
export type AdminEvent = (typeof ADMIN_EVENTS)[number];
/** Mail to one team member's own address (docs/design.md §10): always sent, no preferences. */
export const TEAM_EVENTS = ['team_invitation', 'password_reset'] as const;
export type TeamEvent = (typeof TEAM_EVENTS)[number];
export type NotificationEvent = DealerEvent | AdminEvent | TeamEvent;

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
