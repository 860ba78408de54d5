/** Buy codes as the admin manages them (docs/product.md §8, docs/design.md §11): the row, creating and editing one. */
import { DEALER_ID_MESSAGE, idSchema, jsonIdSchema } from './ids';
import { z } from './zod';

export const buyCodesQuerySchema = z.object({ dealerId: idSchema(DEALER_ID_MESSAGE).optional() });
const maxUsesSchema = z
  .number()
  .int('Max uses must be a whole number')
  .min(1, 'Max uses must be at least 1')
  .max(100_000)
  .nullable();
const expiresAtSchema = z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullable();
export const createBuyCodeBodySchema = z.strictObject({
  dealerId: jsonIdSchema(DEALER_ID_MESSAGE),
  /** For a dealership with a team: the buyer or owner who will hold it (default: its first owner). */
  dealerUserId: jsonIdSchema('Choose a team member').optional(),
  maxUses: maxUsesSchema.optional(),
  expiresAt: expiresAtSchema.optional(),
});
export const updateBuyCodeBodySchema = z
  .strictObject({
    active: z.boolean().optional(),
    maxUses: maxUsesSchema.optional(),
    expiresAt: expiresAtSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
