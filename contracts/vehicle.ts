import { conditionReportSchema, photoSchema } from './condition-report';
import { idSchema, VEHICLE_ID_MESSAGE } from './ids';
import { recordedSkipSchema } from './required-shots';
import { VEHICLE_STATUSES } from './statuses';
import { z } from './zod';

/**
 * What the public sees of a vehicle (docs/design.md §2): no bill of sale, paid flag or queue state.
 * Money is a decimal string ("21450.00"); timestamps are ISO strings.
 */
export const publicVehicleSchema = z.object({
  id: z.number().int(),
  vin: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  year: z.number().int().nullable(),
  mileage: z.number().int().nullable(),
  price: z.string().nullable(),
  description: z.string().nullable(),
  condition: z.string().nullable(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  videoThumbnails: z.array(z.string()),
  status: z.enum(VEHICLE_STATUSES),
  reconExterior: z.string().nullable(),
  reconMechanical: z.string().nullable(),
  reconInterior: z.string().nullable(),
  createdAt: z.string(),
  /** In the list: the cover photo only (0 or 1 items); in the detail: every photo, cover first. */
  photos: z.array(photoSchema),
  /** The condition grade 0.0–5.0 (contracts/condition-report.ts computeGrade); null = no report yet. */
  grade: z.number().nullable(),
});
/** A vehicle in the public list (GET /api/vehicles). */
export type PublicVehicle = z.infer<typeof publicVehicleSchema>;

/** A published vehicle's page (GET /api/vehicles/:id): every photo and the whole condition report. */
export const publicVehicleDetailSchema = publicVehicleSchema.extend(conditionReportSchema.shape);
export type PublicVehicleDetail = z.infer<typeof publicVehicleDetailSchema>;

/** Everything, for admins (with the whole condition report). */
export const adminVehicleSchema = publicVehicleDetailSchema.extend({
  inQueue: z.boolean(),
  billOfSale: z.string().nullable(),
  isPaid: z.boolean(),
  updatedAt: z.string(),
  /** Held for a first look until then (still `inQueue`, out of the queue); else null. */
  firstLookUntil: z.string().nullable(),
  /** Where the car stands (docs/design.md §15), the transport quote's origin; null = our lot (LOT_ZIP). */
  locationZip: z.string().nullable(),
  /** Does not run or drive: a carrier needs a winch (a transport surcharge). */
  inoperable: z.boolean(),
  /** Required shots staff skipped in the wizard, with why (issue #34). */
  skippedShots: z.array(recordedSkipSchema).default([]),
});
export type AdminVehicle = z.infer<typeof adminVehicleSchema>;

/** A sold or removed vehicle, as the public sees it: only enough to say 'Vehicle No Longer Available'. */
export const unavailableVehicleSchema = z.object({
  id: z.number().int(),
  status: z.enum(['sold', 'removed']),
});
export type UnavailableVehicle = z.infer<typeof unavailableVehicleSchema>;

/** A car held for a first look, as a dealership it is held for sees it (docs/design.md §13). */
export const heldVehicleDetailSchema = publicVehicleDetailSchema.extend({ firstLookUntil: z.string() });
export type HeldVehicleDetail = z.infer<typeof heldVehicleDetailSchema>;
export const heldVehicleSchema = publicVehicleSchema.extend({ firstLookUntil: z.string() });
export type HeldVehicle = z.infer<typeof heldVehicleSchema>;

/** GET /api/vehicles/:id */
export const vehicleDetailSchema = z.union([
  adminVehicleSchema,
  heldVehicleDetailSchema,
  publicVehicleDetailSchema,
  unavailableVehicleSchema,
]);
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

/** Path parameter `:id`: a strict decimal id (contracts/ids.ts), else 400. */
export const vehicleIdParamsSchema = z.object({ id: idSchema(VEHICLE_ID_MESSAGE) });

/** The car a sale or its work order names: enough for a title and the VIN. */
export const saleVehicleSchema = z.object({
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  vin: z.string(),
});
