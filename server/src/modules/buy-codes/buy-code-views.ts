import type { AdminBuyCode } from '@contracts/dealers';
import type { buyCodes } from '../../db/schema';

/** A code as the admin's Buy Codes tab shows it, with its dealer's name and its holder's. */
export const toAdminBuyCode = (
  row: typeof buyCodes.$inferSelect,
  dealerName: string,
  holderName: string | null = null,
): AdminBuyCode => ({
  id: row.id,
  code: row.code,
  dealerId: row.dealerId,
  dealerName,
  dealerUserId: row.dealerUserId,
  holderName,
  active: row.active,
  usageCount: row.usageCount,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
