import { ADMIN_TEXT } from '@contracts/admin';
import { vehicleYearSchema } from '@contracts/listings';
import { UPLOAD_TEXT, uploadMileageSchema, vinParamSchema } from '@contracts/upload';
import { hasValidVinCheckDigit, VIN_CHECK_DIGIT_OVERRIDES } from '@contracts/vin';
import { z } from '@/lib/zod';

/** The mileage as typed ("48,210", "48210", blank) as the create call sends it: a number, null or NaN. */
export function mileageOf(typed: string): number | null {
  const text = typed.trim().replaceAll(',', '');
  if (!text) return null;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The VIN step's check before moving on: the contract's VIN rule with the step-forward message
 * (docs/product.md §5), then, once the VIN is well formed, its check digit (unless staff said why it is right,
 * as POST /api/vehicles requires), the contract's year rule (blank is allowed: a decode can come
 * back without one) and the admin's mileage rule (blank is allowed: the admin enters it later).
 */
export const vinStepFormSchema = z
  .object({
    vin: z.string().refine((vin) => vinParamSchema.safeParse({ vin }).success, UPLOAD_TEXT.vinInvalid),
    year: z.string(),
    mileage: z.string(),
    vinOverride: z.enum(VIN_CHECK_DIGIT_OVERRIDES).nullable(),
  })
  .pipe(
    z
      .object({
        vin: z.string(),
        year: z
          .string()
          .refine(
            (year) => !year.trim() || vehicleYearSchema().safeParse(year).success,
            ADMIN_TEXT.invalidYear,
          ),
        mileage: z.string().refine((typed) => {
          const miles = mileageOf(typed);
          return miles === null || uploadMileageSchema.safeParse(miles).success;
        }, ADMIN_TEXT.invalidMileage),
        vinOverride: z.enum(VIN_CHECK_DIGIT_OVERRIDES).nullable(),
      })
      .superRefine(({ vin, vinOverride }, ctx) => {
        if (!vinOverride && !hasValidVinCheckDigit(vin))
          ctx.addIssue({ code: 'custom', path: ['vin'], message: UPLOAD_TEXT.checkDigitRefused });
      }),
  );
export type VinStepForm = z.input<typeof vinStepFormSchema>;
