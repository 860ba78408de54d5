import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { type VehicleFactsRow, vehicleFactsOfRow } from '../notifications/notification-messages';
import { offerExpiredMessage } from '../notifications/offer-messages';
import { notifyWatchers } from '../watchlist/notify-watchers';

interface ExpiredRow extends VehicleFactsRow, Record<string, unknown> {
  id: number;
  dealer_id: number;
  amount: string;
  counter_amount: string | null;
}

/**
 * Moves pending and countered offers past their expiry to 'expired', logging each and telling the
 * dealer's main contact, in one DB transaction (a savepoint when `db` is already one): a message
 * exists exactly when its expiry committed. The update is one statement: idempotent and safe when
 * several instances sweep at once (row locks serialise them, the loser finds nothing to expire).
 * Runs periodically and before offer reads; actions expire their own offer first (`offerId`), so an
 * expired offer is never accepted.
 */
export async function expireOffers(db: Executor, only?: { offerId: number }): Promise<number> {
  const filter = only ? sql`and id = ${only.offerId}` : sql``;
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      with expired as (
        update offers set status = 'expired', updated_at = now()
        where status in ('pending', 'countered') and expires_at <= now() ${filter}
        returning id, vehicle_id, dealer_id, amount, counter_amount
      ), logged as (
        insert into offer_activities (offer_id, actor_type, action_type, amount, message)
        select id, 'system', 'expired', amount, 'Offer expired' from expired
      )
      select e.id, e.dealer_id, e.amount::text as amount, e.counter_amount::text as counter_amount,
             v.id as vehicle_id, v.year, v.make, v.model, v.vin, v.price::text as price
      from expired e join vehicles v on v.id = e.vehicle_id
      order by e.id
    `)) as unknown as { rows: ExpiredRow[] };
    if (result.rows.length > 0) {
      await enqueueNotifications(
        tx,
        result.rows.map((row) => ({
          event: 'offer_expired' as const,
          entityId: Number(row.id),
          to: [{ dealerId: Number(row.dealer_id), contact: 'main' as const }],
          message: offerExpiredMessage({
            vehicle: vehicleFactsOfRow(row),
            amount: row.amount,
            counterAmount: row.counter_amount,
          }),
        })),
      );
      // The car's watchers hear it is still for sale (not whose offer it was, nor its amount).
      for (const row of result.rows) {
        await notifyWatchers(tx, {
          reason: 'offer_expired',
          vehicleId: Number(row.vehicle_id),
          offerId: Number(row.id),
          offererDealerId: Number(row.dealer_id),
        });
      }
    }
    return result.rows.length;
  });
}
