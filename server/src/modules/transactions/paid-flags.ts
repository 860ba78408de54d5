import { and, asc, eq, exists, gt, inArray, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, transactionEvents, transactions } from '../../db/schema';
import { eventsOf, stateOfRow } from './sale-timeline';

/** Set once the stored paid flags were made to follow the ledger (the value: how many were wrong). */
export const PAID_FLAGS_SETTING = 'paid_flags_follow_ledger';
const BATCH = 500;

/**
 * Once per database: sales stored as paid although a charge came after the payment (a package, a
 * delivery ordered later: before syncPaidFlag, those steps left `is_paid` as it was) get the
 * ledger's answer, so the lists may narrow on the flag (transaction-list.ts). Only sales with a
 * charge step are read, a batch at a time, each decided by the one fold. Answers how many changed.
 */
export async function reconcilePaidFlags(db: Database): Promise<number | null> {
  const [done] = await db.select().from(appSettings).where(eq(appSettings.key, PAID_FLAGS_SETTING));
  if (done) return null;
  const charged = exists(
    sql`(select 1 from ${transactionEvents} where ${transactionEvents.transactionId} = ${transactions.id} and ${inArray(transactionEvents.type, ['recon_package', 'transport_ordered'])})`,
  );
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(transactions)
      .where(and(transactions.isPaid, not(transactions.cancelled), gt(transactions.id, after), charged))
      .orderBy(asc(transactions.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const timelines = await eventsOf(
      db,
      rows.map((row) => row.id),
    );
    const owing = rows
      .filter((row) => !stateOfRow(row, timelines.get(row.id) ?? []).paidInFull)
      .map((row) => row.id);
    if (owing.length > 0)
      await db.update(transactions).set({ isPaid: false }).where(inArray(transactions.id, owing));
    changed += owing.length;
    after = rows.at(-1)!.id;
  }
  await db
    .insert(appSettings)
    .values({ key: PAID_FLAGS_SETTING, value: JSON.stringify({ changed }) })
    .onConflictDoNothing();
  return changed;
}
