import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes, dealers, dealerUsers } from '../../db/schema';
import { toAdminBuyCode } from './buy-code-views';

export async function findBuyCodes(db: Database, filter: { dealerId?: number | undefined }) {
  const rows = await db
    .select({ code: buyCodes, dealerName: dealers.dealerName, holderName: dealerUsers.name })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, buyCodes.dealerUserId))
    .where(filter.dealerId ? eq(buyCodes.dealerId, filter.dealerId) : undefined)
    .orderBy(desc(buyCodes.createdAt), desc(buyCodes.id));
  return rows.map((r) => toAdminBuyCode(r.code, r.dealerName, r.holderName));
}
