import { DEALER_CONTACTS, DEALER_EVENT_NAMES, NOTIFICATION_CHANNELS } from './notifications';
import { z } from './zod';

/**
 * Dealer notification preferences (DESIGN.md §6, issue #16): per event (DEALER_EVENTS), e-mail
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

export const unsubscribeResultSchema = z.object({
  ok: z.literal(true),
  event: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
});

/** The confirmation page a link opens (a GET never unsubscribes: mail scanners follow links). */
export const htmlPageSchema = z.string().describe('An HTML page');
