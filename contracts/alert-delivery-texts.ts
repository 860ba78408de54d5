/**
 * How and when buy-order and saved-search alerts arrive (docs/design.md §13): the labels and messages,
 * without zod (the dashboard's lists import them).
 */
export const ALERT_CHANNELS = ['email', 'sms', 'both'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_CADENCES = ['instant', 'daily'] as const;
export type AlertCadence = (typeof ALERT_CADENCES)[number];

export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: 'E-mail',
  sms: 'Text message',
  both: 'E-mail and text',
};
export const ALERT_CADENCE_LABELS: Record<AlertCadence, string> = {
  instant: 'Instantly',
  daily: 'Daily digest',
};

/** The schedule a person has before they change it. */
export const DEFAULT_ALERT_SCHEDULE = {
  timeZone: 'America/New_York',
  digestHour: 8,
  quietStart: null,
  quietEnd: null,
} as const;

/** The US time zones offered first (any IANA zone is accepted). */
export const US_TIME_ZONES = [
  { zone: 'America/New_York', label: 'Eastern' },
  { zone: 'America/Chicago', label: 'Central' },
  { zone: 'America/Denver', label: 'Mountain' },
  { zone: 'America/Phoenix', label: 'Arizona' },
  { zone: 'America/Los_Angeles', label: 'Pacific' },
  { zone: 'America/Anchorage', label: 'Alaska' },
  { zone: 'Pacific/Honolulu', label: 'Hawaii' },
] as const;

/** "8 AM", "12 PM", "11 PM": an hour of the day as the forms and lists show it. */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** "E-mail, instantly" / "Text message, daily digest at 8 AM": how one order's alerts arrive. */
export const alertDeliveryLabel = (channel: AlertChannel, cadence: AlertCadence, digestHour: number) =>
  `${ALERT_CHANNEL_LABELS[channel]}, ${cadence === 'daily' ? `daily digest at ${hourLabel(digestHour)}` : 'instantly'}`;

export const ALERT_TEXT = {
  channel: 'Alerts by',
  cadence: 'When',
  channelInvalid: 'alertChannel must be email, sms or both',
  cadenceInvalid: 'alertCadence must be instant or daily',
  noPhone: 'Text alerts go to the dealership’s phone: ask us to add one to your account first',
  scheduleTitle: 'Alert schedule',
  scheduleIntro:
    'When your buy order and saved search alerts arrive: daily digests at your hour, nothing during quiet hours (held until they end).',
  timeZone: 'Time zone',
  timeZoneInvalid: 'Choose a time zone',
  digestHour: 'Daily digest at',
  hourInvalid: 'Choose an hour from 12 AM to 11 PM',
  quietStart: 'Quiet from',
  quietEnd: 'Quiet until',
  noQuiet: 'No quiet hours',
  quietPair: 'Set both ends of the quiet hours, or neither',
  quietSame: 'Quiet hours must start and end at different hours',
  saved: 'Alert schedule saved',
  saveFailed: 'Could not save the alert schedule',
  digestSubject: (cars: number) => `Your daily matches: ${cars} ${cars === 1 ? 'car' : 'cars'}`,
} as const;
