/** Dealers as the admin manages them: the add-dealer form (docs/product.md §5), the row, activation. */
import { PHONE_MIN_LENGTH } from './limits';
import { z } from './zod';

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, 'Too long');
const email = (message: string) =>
  z.string({ error: message }).trim().pipe(z.email(message).max(254, message));
const phone = (message: string) =>
  z.string({ error: message }).trim().min(PHONE_MIN_LENGTH, message).max(40, 'Phone number is too long');

/** The add-dealer form's eleven fields with the spec's messages (docs/product.md §5). */
export const createDealerBodySchema = z.object({
  dealerName: required('Dealer name is required'),
  address: required('Address is required'),
  contactName: required('Contact name is required'),
  email: email('Invalid email address'),
  phone: phone('Phone number must be at least 10 digits'),
  billingContactName: required('Billing contact name is required'),
  billingContactEmail: email('Invalid billing contact email'),
  billingContactPhone: phone('Billing contact phone must be at least 10 digits'),
  titleContactName: required('Title contact name is required'),
  titleContactEmail: email('Invalid title contact email'),
  titleContactPhone: phone('Title contact phone must be at least 10 digits'),
});
export type CreateDealerBody = z.input<typeof createDealerBodySchema>;

export const dealerSchema = z.object({
  id: z.number().int(),
  dealerName: z.string(),
  address: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  billingContactName: z.string(),
  billingContactEmail: z.string(),
  billingContactPhone: z.string(),
  titleContactName: z.string(),
  titleContactEmail: z.string(),
  titleContactPhone: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Dealer = z.infer<typeof dealerSchema>;

export const adminBuyCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  dealerId: z.number().int(),
  dealerName: z.string(),
  /** The team member whose authority the code is (docs/design.md §11); null without a team. */
  dealerUserId: z.number().int().nullable(),
  holderName: z.string().nullable(),
  active: z.boolean(),
  usageCount: z.number().int(),
  maxUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBuyCode = z.infer<typeof adminBuyCodeSchema>;

/** POST /api/dealers answers the dealer and its first buy code (docs/product.md §7: response contains buyCode). */
export const createDealerResponseSchema = dealerSchema.extend({ buyCode: adminBuyCodeSchema });
export const updateDealerBodySchema = z.strictObject({
  active: z.boolean({ error: 'active must be true or false' }),
});
