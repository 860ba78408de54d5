import type { AdminBuyCode, Dealer } from '@contracts/admin';
import type { buyCodes, dealers } from '../../db/schema';

export const toDealer = (row: typeof dealers.$inferSelect): Dealer => ({
  id: row.id,
  dealerName: row.dealerName,
  address: row.address,
  contactName: row.contactName,
  email: row.email,
  phone: row.phone,
  billingContactName: row.billingContactName,
  billingContactEmail: row.billingContactEmail,
  billingContactPhone: row.billingContactPhone,
  titleContactName: row.titleContactName,
  titleContactEmail: row.titleContactEmail,
  titleContactPhone: row.titleContactPhone,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

export const toAdminBuyCode = (row: typeof buyCodes.$inferSelect, dealerName: string): AdminBuyCode => ({
  id: row.id,
  code: row.code,
  dealerId: row.dealerId,
  dealerName,
  active: row.active,
  usageCount: row.usageCount,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
