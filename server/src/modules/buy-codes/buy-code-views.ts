import { type DealerBuyCode, maskBuyCode } from '@contracts/buying';
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

/**
 * A code as the dealer portal shows it: the code itself only to whoever may use it (its holder, or
 * anyone in a dealership without a team); an owner sees others' codes masked (docs/decisions/0031-session-strength.md).
 */
export const toDealerBuyCode = (
  c: typeof buyCodes.$inferSelect,
  { usable, holderName, mine }: { usable: boolean; holderName: string | null; mine: boolean },
): DealerBuyCode => ({
  id: c.id,
  code: mine ? c.code : maskBuyCode(c.code),
  masked: !mine,
  holderName,
  mine,
  active: usable,
  usageCount: c.usageCount,
  maxUses: c.maxUses,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
  lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
});
