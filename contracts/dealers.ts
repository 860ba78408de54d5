/** Dealers as the admin manages them: the add-dealer form (docs/product.md §5), the row, activation. */
import { keysOf } from './keys';
import { PHONE_MIN_LENGTH } from './limits';
import { pageQuerySchema, pageSchema } from './paging';
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

/** The Dealers list's orders (issue #47): by name, A to Z, or the newest first. */
export const DEALER_SORTS = { name: 'Name, A to Z', newest: 'Newest first' } as const;
export type DealerSort = keyof typeof DEALER_SORTS;
export const DEALER_STATES = { active: 'Active', inactive: 'Inactive' } as const;
/**
 * GET /api/dealers: a page of dealers (contracts/paging.ts). `q` matches part of the name, the
 * e-mail, the phone or the address (its ZIP) or the delivery ZIP; `id` reads one dealer (a link
 * to a selected dealer, which may be on another page).
 */
export const dealersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(keysOf(DEALER_SORTS)).default('name'),
  status: z.enum(keysOf(DEALER_STATES)).optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
  id: z.coerce.number().int().positive().optional(),
});
export type DealersQuery = z.input<typeof dealersQuerySchema>;
/** A page of dealers, with how many are active and inactive under the search (one aggregate). */
export const dealersPageSchema = pageSchema(dealerSchema).extend({
  counts: z.object({ active: z.number().int(), inactive: z.number().int() }),
});
export type DealersPage = z.infer<typeof dealersPageSchema>;

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
