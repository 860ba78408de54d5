import {
  ALERT_CADENCES,
  ALERT_CHANNELS,
  ALERT_TEXT,
  type AlertCadence,
  type AlertChannel,
} from './alert-delivery-texts';
import { z } from './zod';

export type { AlertCadence, AlertChannel };

/** An order's or saved search's delivery, as its create and update bodies send it (both optional). */
export const alertDeliveryFields = {
  alertChannel: z.enum(ALERT_CHANNELS, { error: ALERT_TEXT.channelInvalid }).optional(),
  alertCadence: z.enum(ALERT_CADENCES, { error: ALERT_TEXT.cadenceInvalid }).optional(),
};
export const alertDeliveryViewFields = {
  alertChannel: z.enum(ALERT_CHANNELS),
  alertCadence: z.enum(ALERT_CADENCES),
};

/** An IANA time zone this runtime knows ("America/Chicago"). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

const hour = z
  .number({ error: ALERT_TEXT.hourInvalid })
  .int(ALERT_TEXT.hourInvalid)
  .min(0, ALERT_TEXT.hourInvalid)
  .max(23, ALERT_TEXT.hourInvalid);

/** GET and PUT /api/dealer/alert-schedule: the person's time zone, digest hour and quiet hours. */
export const alertScheduleSchema = z
  .object({
    timeZone: z
      .string({ error: ALERT_TEXT.timeZoneInvalid })
      .trim()
      .refine(isTimeZone, ALERT_TEXT.timeZoneInvalid),
    digestHour: hour,
    quietStart: hour.nullable(),
    quietEnd: hour.nullable(),
  })
  .refine((s) => (s.quietStart === null) === (s.quietEnd === null), {
    message: ALERT_TEXT.quietPair,
    path: ['quietEnd'],
  })
  .refine((s) => s.quietStart === null || s.quietStart !== s.quietEnd, {
    message: ALERT_TEXT.quietSame,
    path: ['quietEnd'],
  });
export type AlertSchedule = z.infer<typeof alertScheduleSchema>;
