import type { NotificationChannel } from '@contracts/notifications';
import { toE164 } from '@contracts/phone';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { alertDigestMessage, type DigestEntry } from './buy-order-messages';
import { idempotencyKeyOf } from './enqueue-notifications';

/** One match for a person whose order or search gathers its alerts into a daily digest. */
export interface DigestItem {
  /** The person's e-mail, or the dealership's phone (sms). */
  recipient: string;
  channel: NotificationChannel;
  dealerId: number;
  personName: string | null;
  /** The digest's local day (YYYY-MM-DD) and when it leaves (the person's digest hour that day). */
  day: string;
  sendAt: Date;
  entry: DigestEntry;
}

const DAY_MS = 86_400_000;
/** A digest's key names its day: days since 1970-01-01 of its local date. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Adds matches to their people's daily digests (docs/design.md §13), in the caller's transaction: one
 * outbox row per person, channel and local day (`alert_digest:<day>:<recipient>:<channel>`), due at
 * their digest hour; each match appends its entry to the row while it is still queued. A digest
 * already being sent (or sent) takes no more: the entry goes into the next day's. Nothing is sent
 * here; the sender renders the row with every entry it gathered.
 */
export async function enqueueDigestItems(tx: Executor, items: DigestItem[]) {
  for (const item of items) {
    const recipient = item.channel === 'sms' ? toE164(item.recipient) : item.recipient.trim().toLowerCase();
    if (!recipient) continue;
    let day = item.day;
    let sendAt = item.sendAt;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const message = alertDigestMessage({ day, personName: item.personName, entries: [item.entry] });
      const payload = { ...message, dealerId: item.dealerId, contact: 'main' as const };
      const key = idempotencyKeyOf('alert_digest', dayNumber(day), recipient, item.channel);
      const result = (await tx.execute(sql`
        insert into notifications (event, recipient, channel, payload, idempotency_key, next_attempt_at)
        values ('alert_digest', ${recipient}, ${item.channel}, ${JSON.stringify(payload)}::jsonb, ${key}, ${sendAt.toISOString()}::timestamptz)
        on conflict (idempotency_key) do update
          set payload = jsonb_set(notifications.payload, '{facts,entries}',
            (notifications.payload -> 'facts' -> 'entries') || (excluded.payload -> 'facts' -> 'entries'))
          where notifications.status = 'queued'
            and not (notifications.payload -> 'facts' -> 'entries') @> (excluded.payload -> 'facts' -> 'entries')
        returning id
      `)) as unknown as { rows: unknown[] };
      if (result.rows.length > 0) break;
      const [existing] = (
        (await tx.execute(
          sql`select status from notifications where idempotency_key = ${key}`,
        )) as unknown as {
          rows: { status: string }[];
        }
      ).rows;
      // Already in this digest (a replay), or the digest is queued: nothing more to do.
      if (!existing || existing.status === 'queued') break;
      day = nextDay(day);
      sendAt = new Date(sendAt.getTime() + DAY_MS);
    }
  }
}
