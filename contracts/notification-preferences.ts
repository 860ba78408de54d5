import { DEALER_CONTACTS, DEALER_EVENT_NAMES, NOTIFICATION_CHANNELS } from './notifications';
import { z } from './zod';

/**
 * Dealer notification preferences (docs/design.md §6, issue #16): per event (DEALER_EVENTS), e-mail
 * and/or SMS to the dealer contact whose job the event is.
 */
/** A contact as the dealer sees it in the preferences: masked, and whether it can get texts. */
export const preferenceContactSchema = z.object({
  role: z.enum(DEALER_CONTACTS),
  name: z.string(),
  /** e.g. j•••@example.com */
  email: z.string(),
  /** e.g. •••-•••-0100; null when the number on file cannot be texted. */
  phone: z.string().nullable(),
});

export const dealerEventPreferenceSchema = z.object({
  event: z.enum(DEALER_EVENT_NAMES),
  label: z.string(),
  email: z.boolean(),
  sms: z.boolean(),
  contacts: z.array(preferenceContactSchema),
  /** At least one of the event's contacts has a number that can be texted. */
  smsPossible: z.boolean(),
});

export const dealerNotificationPreferencesSchema = z.object({
  /** Text messages are configured on this marketplace (TWILIO_*); without them SMS is never sent. */
  smsAvailable: z.boolean(),
  events: z.array(dealerEventPreferenceSchema),
});
export type DealerNotificationPreferences = z.infer<typeof dealerNotificationPreferencesSchema>;
export type DealerEventPreference = z.infer<typeof dealerEventPreferenceSchema>;

const EVENT_MESSAGE = `Event must be one of: ${DEALER_EVENT_NAMES.join(', ')}`;

/** PUT: each listed event gets exactly these two switches; events not listed keep theirs. */
export const updateNotificationPreferencesBodySchema = z.object({
  preferences: z
    .array(
      z.object(
        {
          event: z.enum(DEALER_EVENT_NAMES, { error: EVENT_MESSAGE }),
          email: z.boolean({ error: 'email must be true or false' }),
          sms: z.boolean({ error: 'sms must be true or false' }),
        },
        { error: 'Each preference is {event, email, sms}' },
      ),
      { error: 'preferences must be a list of {event, email, sms}' },
    )
    .min(1, 'Send at least one preference')
    .max(DEALER_EVENT_NAMES.length, `At most ${DEALER_EVENT_NAMES.length} preferences`)
    .refine(
      (list) => new Set(list.map((p) => p.event)).size === list.length,
      'Each event may be listed once',
    ),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;

/** `?token=` of a one-click unsubscribe link (checked by the server; a bad one is a clear 400). */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(500).optional() });

const ALERT_KINDS = ['buy_order', 'saved_search'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * What a one-click POST switched off: one event's channel for the dealership, or one buy order's or
 * saved search's alerts (`exists: false`: it was deleted meanwhile, so it sends nothing anyway).
 */
export const unsubscribeResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    event: z.string(),
    channel: z.enum(NOTIFICATION_CHANNELS),
  }),
  z.object({
    ok: z.literal(true),
    alert: z.enum(ALERT_KINDS),
    id: z.number().int(),
    alerts: z.literal(false),
    exists: z.boolean(),
  }),
]);

/**
 * The one-click unsubscribe of one buy order's or saved search's alerts (docs/design.md §13): the e-mail
 * footer's link and the pages it opens.
 */
export const ALERT_UNSUBSCRIBE_TEXT = {
  footerLink: {
    buy_order: 'Stop alerts for this buy order',
    saved_search: 'Stop alerts for this saved search',
  } satisfies Record<AlertKind, string>,
  allSettings: 'All notification settings',
  /** "buy order #12 (2018–2021 Toyota RAV4)", "your saved search “Trucks under 30k”". */
  what: (kind: AlertKind, id: number, title: string) =>
    kind === 'buy_order' ? `buy order #${id} (${title})` : `your saved search “${title}”`,
  confirmTitle: (what: string) => `Stop e-mail alerts for ${what}?`,
  confirmBody:
    'Its matches stay listed in your dealer dashboard. Your other buy orders, saved searches and notifications stay as they are.',
  button: 'Stop alerts',
  doneTitle: 'Alerts are off',
  done: (what: string) => `You will no longer get e-mail alerts for ${what}.`,
  turnBackOn: 'Changed your mind? Turn them back on in your',
  goneTitle: {
    buy_order: 'This buy order no longer exists',
    saved_search: 'This saved search no longer exists',
  } satisfies Record<AlertKind, string>,
  gone: 'It sends no more alerts, so there is nothing to switch off.',
  dashboard: 'dealer dashboard',
} as const;

/** The confirmation page a link opens (a GET never unsubscribes: mail scanners follow links). */
export const htmlPageSchema = z.string().describe('An HTML page');
