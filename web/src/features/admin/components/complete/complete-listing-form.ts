import { ADMIN_TEXT } from '@contracts/admin';
import { completeListingBodySchema } from '@contracts/listings';
import type { AdminVehicle } from '@contracts/vehicle';
import { premiumLabel } from '@/lib/brand';
import { z } from '@/lib/zod';

/**
 * The queue-completion form holds strings; the contract's schema decides what a valid body is,
 * so its messages ('Invalid mileage', 'Invalid year', the amount rules) are the ones shown.
 */
export const completeListingFormSchema = z
  .object({
    year: z.string(),
    make: z.string(),
    model: z.string(),
    trim: z.string(),
    description: z.string(),
    mileage: z.string().trim().min(1, ADMIN_TEXT.mileageRequired),
    price: z.string().trim().min(1, ADMIN_TEXT.priceRequired),
    condition: z.string().min(1, ADMIN_TEXT.certificationRequired),
  })
  .superRefine((values, ctx) => {
    const parsed = completeListingBodySchema(premiumLabel).safeParse(toCompleteListingBody(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values)) continue;
      // Blank required fields already carry their own message.
      if (values[field as keyof CompleteListingForm].trim() === '') continue;
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
export type CompleteListingForm = z.infer<typeof completeListingFormSchema>;

const textOrNull = (value: string) => value.trim() || null;

export const toCompleteListingBody = (values: CompleteListingForm) => ({
  status: 'active' as const,
  inQueue: false as const,
  mileage: values.mileage.trim().replaceAll(',', ''),
  price: values.price.trim(),
  condition: values.condition,
  year: textOrNull(values.year),
  make: textOrNull(values.make),
  model: textOrNull(values.model),
  trim: textOrNull(values.trim),
  description: textOrNull(values.description),
});

export const completeListingDefaults = (vehicle: AdminVehicle): CompleteListingForm => ({
  year: vehicle.year === null ? '' : String(vehicle.year),
  make: vehicle.make ?? '',
  model: vehicle.model ?? '',
  trim: vehicle.trim ?? '',
  description: vehicle.description ?? '',
  mileage: vehicle.mileage === null ? '' : String(vehicle.mileage),
  price: vehicle.price ?? '',
  condition: vehicle.condition ?? '',
});
