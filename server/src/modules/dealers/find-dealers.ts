import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers } from '../../db/schema';
import { toDealer } from './dealer-views';

export async function findDealers(db: Database) {
  const rows = await db
    .select()
    .from(dealers)
    .orderBy(asc(sql`lower(${dealers.dealerName})`));
  return rows.map(toDealer);
}
