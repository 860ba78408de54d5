import { centsToDecimal, decimalToCents } from './money';
import { RECON_PACKAGE_TEXT } from './recon-package-texts';
import { z } from './zod';

/** A package as the buying dialogs and the admin read it (docs/design.md §14). */
export const reconPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  checklist: z.array(z.string()),
  /** Decimal dollars, "0.00" for As inspected. */
  price: z.string(),
  promisedDays: z.number().int(),
  retired: z.boolean(),
});
export type ReconPackage = z.infer<typeof reconPackageSchema>;

/** $0 to $99,999.99, as a decimal string ("1295.00"); a package may cost nothing. */
const packagePrice = z
  .union([z.string(), z.number()], { error: RECON_PACKAGE_TEXT.price })
  .transform((v, ctx) => {
    const text = String(v).trim().replace(/^\$/, '').replaceAll(',', '');
    if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: RECON_PACKAGE_TEXT.price });
      return z.NEVER;
    }
    return centsToDecimal(decimalToCents(text));
  });

/** A package's fields and their rules, without defaults (an update sends only what changes). */
const packageFields = {
  name: z
    .string({ error: RECON_PACKAGE_TEXT.nameRequired })
    .trim()
    .min(1, RECON_PACKAGE_TEXT.nameRequired)
    .max(60, RECON_PACKAGE_TEXT.nameTooLong),
  description: z.string().trim().max(500, RECON_PACKAGE_TEXT.description),
  checklist: z
    .array(
      z.string().trim().min(1, RECON_PACKAGE_TEXT.checklistItem).max(120, RECON_PACKAGE_TEXT.checklistItem),
    )
    .max(30, RECON_PACKAGE_TEXT.checklistTooLong),
  price: packagePrice,
  promisedDays: z
    .number({ error: RECON_PACKAGE_TEXT.promisedDays })
    .int(RECON_PACKAGE_TEXT.promisedDays)
    .min(0, RECON_PACKAGE_TEXT.promisedDays)
    .max(60, RECON_PACKAGE_TEXT.promisedDays),
};

/** POST /api/recon-packages (admin). */
export const createReconPackageBodySchema = z.object({
  ...packageFields,
  description: packageFields.description.default(''),
  checklist: packageFields.checklist.default([]),
  promisedDays: packageFields.promisedDays.default(0),
});
export type CreateReconPackageBody = z.input<typeof createReconPackageBodySchema>;

/**
 * PATCH /api/recon-packages/:id (admin): any field, or retired true/false. Built from the fields
 * without their defaults: in zod 4 a default still fires inside .partial(), so `{retired: true}`
 * would have emptied the description and checklist and promised 0 days.
 */
export const updateReconPackageBodySchema = z
  .object(packageFields)
  .partial()
  .extend({ retired: z.boolean({ error: 'retired must be true or false' }).optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Send a field to change');
export type UpdateReconPackageBody = z.input<typeof updateReconPackageBodySchema>;

/** The package a purchase, an offer or a buy order asks for: an id, or none (as inspected). */
export const reconPackageIdSchema = z
  .number({ error: RECON_PACKAGE_TEXT.notFound })
  .int(RECON_PACKAGE_TEXT.notFound)
  .positive(RECON_PACKAGE_TEXT.notFound)
  .nullish()
  .transform((v) => v ?? null);
