import type { Dealer } from '@contracts/dealers';
import type { dealers } from '../../db/schema';

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
