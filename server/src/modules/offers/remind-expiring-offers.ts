import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { type VehicleFactsRow, vehicleFactsOfRow } from '../notifications/notification-messages';
import { offerExpiringMessage } from '../notifications/offer-messages';

/** How long before an offer's (or a counter's) window closes its dealer is reminded (issue #16). */
export const REMINDER_BEFORE = sql`interval '2 hours'`;
/** At most this many reminders per sweep; the next sweep (a minute later) takes the rest. */
const BATCH = 200;

/**
 * The activity that opened an offer's current window (submitted, replaced with a new amount, or
 * countered): a reminder is keyed by it, so each window is reminded of once, however often the
 * sweep runs and on however many instances, and a counter's new window gets its own reminder.
 */
const windowActivity = sql`(
  select max(a.id) from offer_activities a
  where a.offer_id = o.id and a.action_type in ('submitted', 'replaced', 'countered')
)`;

interface DueRow extends Record<string, unknown> {
  id: number;
  window_id: number;
}

interface ReminderRow extends VehicleFactsRow, Record<string, unknown> {
  id: number;
  dealer_id: number;
  amount: string;
  counter_amount: string | null;
  expires_ms: number;
  now_ms: number;
}

/**
 * Reminds the dealer's main contact of each open offer whose window closes within two hours,
 * each in its own DB transaction with the offer row locked (a counter or an answer committing
 * meanwhile is seen, and the offer is then no longer due). Offers whose main-contact e-mail for
 * this window is already in the outbox are skipped cheaply; any other repeat is absorbed by the
 * outbox's idempotency key. Returns how many offers were reminded.
 */
export async function remindExpiringOffers(db: Database): Promise<number> {
  const due = (await db.execute(sql`
    select o.id, w.window_id
    from offers o
    join dealers d on d.id = o.dealer_id
    cross join lateral (select ${windowActivity} as window_id) w
    where o.status in ('pending', 'countered')
      and o.expires_at > now() and o.expires_at <= now() + ${REMINDER_BEFORE}
      and w.window_id is not null
      and not exists (
        select 1 from notifications n
        where n.idempotency_key = 'offer_expiring:' || w.window_id || ':' || lower(btrim(d.email)) || ':email'
      )
    order by o.expires_at, o.id
    limit ${BATCH}
  `)) as unknown as { rows: DueRow[] };

  let reminded = 0;
  for (const { id, window_id: windowId } of due.rows) {
    const sent = await db.transaction(async (tx) => {
      const found = (await tx.execute(sql`
        select o.id, o.dealer_id, o.amount::text as amount, o.counter_amount::text as counter_amount,
               (extract(epoch from o.expires_at) * 1000)::float8 as expires_ms,
               (extract(epoch from now()) * 1000)::float8 as now_ms,
               v.id as vehicle_id, v.year, v.make, v.model, v.vin, v.price::text as price
        from offers o join vehicles v on v.id = o.vehicle_id
        where o.id = ${id} and o.status in ('pending', 'countered')
          and o.expires_at > now() and o.expires_at <= now() + ${REMINDER_BEFORE}
          and ${windowActivity} = ${windowId}
        for update of o
      `)) as unknown as { rows: ReminderRow[] };
      const row = found.rows[0];
      if (!row) return false;
      await enqueueNotifications(tx, [
        {
          event: 'offer_expiring',
          entityId: Number(windowId),
          to: [{ dealerId: Number(row.dealer_id), contact: 'main' }],
          message: offerExpiringMessage({
            offerId: Number(row.id),
            vehicle: vehicleFactsOfRow(row),
            amount: row.amount,
            counterAmount: row.counter_amount,
            deadline: { expiresAt: new Date(Number(row.expires_ms)), now: new Date(Number(row.now_ms)) },
          }),
        },
      ]);
      return true;
    });
    if (sent) reminded++;
  }
  return reminded;
}
