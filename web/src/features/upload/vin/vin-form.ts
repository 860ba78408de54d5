import { ADMIN_TEXT } from '@contracts/admin';
import { vehicleYearSchema } from '@contracts/listings';
import { UPLOAD_TEXT, vinParamSchema } from '@contracts/upload';
import { z } from '@/lib/zod';

/**
 * The VIN step's check before moving on: the contract's VIN rule with the step-forward message
 * (spec §5), then, once the VIN is right, the contract's year rule (blank is allowed: a decode can
 * come back without one). One message at a time, as staff fix them in that order.
 */
export const vinStepFormSchema = z
  .object({
    vin: z.string().refine((vin) => vinParamSchema.safeParse({ vin }).success, UPLOAD_TEXT.vinInvalid),
    year: z.string(),
  })
  .pipe(
    z.object({
      vin: z.string(),
      year: z
        .string()
        .refine(
          (year) => !year.trim() || vehicleYearSchema().safeParse(year).success,
          ADMIN_TEXT.invalidYear,
        ),
    }),
  );
export type VinStepForm = z.input<typeof vinStepFormSchema>;
