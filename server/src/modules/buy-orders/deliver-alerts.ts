import type { AlertCadence, AlertChannel } from '@contracts/alert-delivery-texts';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import type { NotificationMessage } from '../../db/schema';
import type { DigestEntry } from '../notifications/buy-order-messages';
import { type DigestItem, enqueueDigestItems } from '../notifications/enqueue-digest';
import { enqueueNotifications, type Notification } from '../notifications/enqueue-notifications';
import { enabledChannels } from '../notifications/notification-preferences';
import { alertTimingSql } from './alert-schedule';

/**
 * What a matching statement selects about who hears of a match and when (docs/design.md §13): the
 * order's or search's channel and cadence, the person (or the dealership), the dealership's phone
 * and e-mail, and the person's timing (`alertTimingSql`). `alertDeliverySql` writes these columns.
 */
export interface AlertDeliveryRow {
  dealer_id: number;
  person_email: string | null;
  person_name: string | null;
  dealer_email: string | null;
  dealer_phone: string | null;
  alert_channel: AlertChannel;
  alert_cadence: AlertCadence;
  instant_at: string | Date;
  digest_at: string | Date;
  digest_day: string;
}

/**
 * The delivery columns for rows joined to `owner` (a buy_orders or saved_searches alias) and its
 * person `u`: the dealership `alert_dealer`, and the person's timing. Use in a select's from-list.
 */
export const alertDeliveryJoinSql = (owner: string) => sql`
  join dealers alert_dealer on alert_dealer.id = ${sql.raw(owner)}.dealer_id
  ${alertTimingSql(sql.raw(`${owner}.dealer_id`), sql.raw(`${owner}.dealer_user_id`))}`;
export const alertDeliveryColumnsSql = (owner: string) => sql`
  ${sql.raw(owner)}.alert_channel, ${sql.raw(owner)}.alert_cadence,
  alert_dealer.email as dealer_email, alert_dealer.phone as dealer_phone,
  timing.instant_at, timing.digest_at, timing.digest_day`;

export interface Alert {
  row: AlertDeliveryRow;
  event: 'buy_order_match' | 'saved_search_match';
  /** The car: one instant message per person and car (the outbox key says so). */
  vehicleId: number;
  message: NotificationMessage;
  /** The same match as a line of the person's daily digest. */
  entry: DigestEntry;
}

const wants = (channel: AlertChannel, wanted: 'email' | 'sms') => channel === wanted || channel === 'both';

/**
 * Sends each match the way its order or search asks, in the matching transaction: instantly (not
 * before the person's quiet hours end) to the person's e-mail or the dealership's main contact
 * and/or as a text to the dealership's phone; or into the person's daily digest at their hour.
 * The digest's e-mail follows the dealership's e-mail preference for it (its unsubscribe link).
 */
export async function deliverAlerts(tx: Transaction, alerts: Alert[]) {
  const instant: Notification[] = [];
  const digest: DigestItem[] = [];
  const digestPrefs = await enabledChannels(
    tx,
    [...new Set(alerts.filter((a) => a.row.alert_cadence === 'daily').map((a) => Number(a.row.dealer_id)))],
    ['alert_digest'],
  );
  for (const { row, event, vehicleId, message, entry } of alerts) {
    const dealerId = Number(row.dealer_id);
    if (row.alert_cadence === 'instant') {
      instant.push({
        event,
        entityId: vehicleId,
        to: [
          ...(wants(row.alert_channel, 'email')
            ? [
                row.person_email
                  ? { email: row.person_email }
                  : { dealerId, contact: 'main' as const, only: ['email' as const] },
              ]
            : []),
          ...(wants(row.alert_channel, 'sms') && row.dealer_phone
            ? [{ phone: row.dealer_phone, dealerId }]
            : []),
        ],
        message,
        notBefore: new Date(row.instant_at),
      });
      continue;
    }
    const base = {
      dealerId,
      personName: row.person_name,
      day: String(row.digest_day),
      sendAt: new Date(row.digest_at),
      entry,
    };
    const email = row.person_email ?? row.dealer_email;
    if (wants(row.alert_channel, 'email') && email && digestPrefs(dealerId, 'alert_digest').email)
      digest.push({ ...base, recipient: email, channel: 'email' });
    if (wants(row.alert_channel, 'sms') && row.dealer_phone)
      digest.push({ ...base, recipient: row.dealer_phone, channel: 'sms' });
  }
  if (instant.length > 0) await enqueueNotifications(tx, instant);
  if (digest.length > 0) await enqueueDigestItems(tx, digest);
}
