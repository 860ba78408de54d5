import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Moves pending and countered offers past their expiry to 'expired', logging each, in one
 * statement: idempotent and safe when several instances sweep at once (row locks serialise them).
 * Runs periodically and before offer reads; actions expire their own offer first (`offerId`), so an
 * expired offer is never accepted.
 */
export async function expireOffers(db: Executor, only?: { offerId: number }): Promise<number> {
  const filter = only ? sql`and id = ${only.offerId}` : sql``;
  const result = (await db.execute(sql`
    with expired as (
      update offers set status = 'expired', updated_at = now()
      where status in ('pending', 'countered') and expires_at <= now() ${filter}
      returning id, amount
    )
    insert into offer_activities (offer_id, actor_type, action_type, amount, message)
    select id, 'system', 'expired', amount, 'Offer expired' from expired
    returning offer_id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
