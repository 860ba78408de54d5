import { ADMIN_TEXT } from '@contracts/admin';
import { type GuidePreviewQuery, guidePreviewQuerySchema } from '@contracts/guide';
import { FIRST_LOOK } from '@contracts/listing-texts';
import { completeListingBodySchema, firstLookPreviewBodySchema } from '@contracts/listings';
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
    /** First look (docs/design.md §13): hold it for the matching orders' dealerships, for this long. */
    firstLook: z.boolean(),
    firstLookMinutes: z.string(),
    /** Where the car stands (blank = our lot) and whether it runs (docs/design.md §15). */
    locationZip: z.string(),
    inoperable: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const parsed = completeListingBodySchema(premiumLabel).safeParse(toCompleteListingBody(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values)) continue;
      const value = values[field as keyof CompleteListingForm];
      // Blank required fields already carry their own message.
      if (typeof value === 'string' && value.trim() === '') continue;
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
  ...(values.firstLook ? { firstLookMinutes: Number(values.firstLookMinutes) } : {}),
  locationZip: textOrNull(values.locationZip),
  inoperable: values.inoperable,
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
  firstLook: false,
  firstLookMinutes: String(FIRST_LOOK.defaultMinutes),
  locationZip: vehicle.locationZip ?? '',
  inoperable: vehicle.inoperable,
});

/**
 * What the Complete dialog asks "how many open orders match" with: the values typed so far that
 * the contract accepts (a half-typed price is left out rather than refused).
 */
export function firstLookPreviewValues(
  values: Omit<CompleteListingForm, 'firstLook' | 'firstLookMinutes' | 'locationZip' | 'inoperable'>,
) {
  const body = toCompleteListingBody({
    ...values,
    firstLook: false,
    firstLookMinutes: '',
    locationZip: '',
    inoperable: false,
  });
  const candidate: Record<string, unknown> = {
    price: body.price || undefined,
    mileage: body.mileage === '' ? undefined : body.mileage,
    condition: body.condition || undefined,
    year: body.year,
    make: body.make,
    model: body.model,
    trim: body.trim,
  };
  const schema = firstLookPreviewBodySchema(premiumLabel);
  const first = schema.safeParse(candidate);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete candidate[String(issue.path[0])];
  const second = schema.safeParse(candidate);
  return second.success ? second.data : {};
}

/**
 * What the queue's market guide is asked with: the year, make, model and miles as typed (blank ones
 * left out, which the server reads as blank). Not the price: it moves no guide, and the form sets
 * the typed price against the guide itself, so typing it asks nothing. A field the contract would
 * refuse — a half-typed year, miles with letters — is left out too, so the guide says "not enough
 * sales" for it rather than failing.
 */
export function guidePreviewValues(
  values: Pick<CompleteListingForm, 'year' | 'make' | 'model' | 'mileage'>,
): GuidePreviewQuery {
  const candidate: Record<string, string> = {};
  const typed = {
    year: values.year.trim(),
    make: values.make.trim(),
    model: values.model.trim(),
    mileage: values.mileage.trim().replaceAll(',', ''),
  };
  for (const [key, value] of Object.entries(typed)) if (value !== '') candidate[key] = value;
  const parsed = guidePreviewQuerySchema.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) delete candidate[String(issue.path[0])];
  return candidate;
}
