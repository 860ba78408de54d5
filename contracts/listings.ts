/** Completing and managing a listing (PATCH /api/vehicles/:id, one explicit allow-list per action). */
import { ADMIN_TEXT } from './admin';
import { amountSchema } from './buying';
import { zipSchema } from './delivery';
import { AUCTION_CERTIFIED, MIN_VEHICLE_YEAR, maxVehicleYear } from './limits';
import { FIRST_LOOK } from './listing-texts';
import { mileageSchema } from './mileage';
import { pageQuerySchema, pageSchema } from './paging';
import { adminVehicleSchema } from './vehicle';
import { z } from './zod';

const certificationSchema = (premiumLabel: string) =>
  z.enum([premiumLabel, AUCTION_CERTIFIED], { error: ADMIN_TEXT.certificationRequired });
const optionalText = z.string().trim().max(2000).nullish();

/** A model year, 1900 to next year (docs/product.md §5); built per use so "next year" follows the clock. */
export const vehicleYearSchema = () =>
  z.coerce
    .number({ error: ADMIN_TEXT.invalidYear })
    .int(ADMIN_TEXT.invalidYear)
    .min(MIN_VEHICLE_YEAR, ADMIN_TEXT.invalidYear)
    .max(maxVehicleYear(), ADMIN_TEXT.invalidYear);

/** Unknown keys (a VIN, an id, a timestamp) are refused by name: each action has its allow-list. */
const refuseOtherFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `These fields cannot be changed here: ${issue.keys?.join(', ')}`
      : undefined,
};

/**
 * Where the car stands and whether it runs (docs/design.md §15), what a transport quote starts from.
 * `locationZip` null = our lot (LOT_ZIP). The shape is checked here; the server refuses a ZIP that
 * is not a known US ZIP (its one ZIP rule, with DELIVERY_TEXT.zipUnknown), so every car can be quoted.
 */
const deliveryFields = {
  locationZip: zipSchema.nullish(),
  inoperable: z.boolean({ error: 'inoperable must be true or false' }).optional(),
};

/** Queue completion: mileage, price and certification required; decoded details editable. */
export const completeListingBodySchema = (premiumLabel: string) =>
  z.strictObject(
    {
      status: z.literal('active'),
      inQueue: z.literal(false),
      mileage: mileageSchema,
      price: amountSchema,
      condition: certificationSchema(premiumLabel),
      year: vehicleYearSchema().nullish(),
      make: optionalText,
      model: optionalText,
      trim: optionalText,
      description: optionalText,
      /** First look (docs/design.md §13): hold the car this long for the dealerships whose orders match. */
      firstLookMinutes: firstLookMinutesSchema.optional(),
      ...deliveryFields,
    },
    refuseOtherFields,
  );

const firstLookMinutesSchema = z
  .number({ error: 'firstLookMinutes must be a whole number of minutes' })
  .int('firstLookMinutes must be a whole number of minutes')
  .min(FIRST_LOOK.minMinutes, 'A first look lasts at least 30 minutes')
  .max(FIRST_LOOK.maxMinutes, 'A first look lasts at most 24 hours');

/** The Complete dialog's question: how many open orders (and dealerships) these values match. */
export const firstLookPreviewBodySchema = (premiumLabel: string) =>
  completeListingBodySchema(premiumLabel)
    .omit({ status: true, inQueue: true, firstLookMinutes: true, locationZip: true, inoperable: true })
    .partial({ mileage: true, price: true, condition: true });
export const firstLookPreviewSchema = z.object({ orders: z.number().int(), dealers: z.number().int() });
export type FirstLookPreview = z.infer<typeof firstLookPreviewSchema>;

/**
 * Editing a published listing (issue #30, "listing lifecycle"): price, mileage, description,
 * certification, where the car stands and whether it runs, sent with `action: 'edit'` and the
 * `updatedAt` the admin's form was filled from — a listing changed since (by another admin, a
 * sale) is refused rather than overwritten.
 */
export const editListingBodySchema = (premiumLabel: string) =>
  z.strictObject(
    {
      action: z.literal('edit'),
      expectedUpdatedAt: z.iso.datetime({
        offset: true,
        error: 'expectedUpdatedAt must be the listing’s updatedAt',
      }),
      price: amountSchema.optional(),
      mileage: mileageSchema.optional(),
      description: optionalText,
      condition: certificationSchema(premiumLabel).optional(),
      ...deliveryFields,
    },
    refuseOtherFields,
  );
export type EditListingBody = z.input<ReturnType<typeof editListingBodySchema>>;
export const LISTING_TEXT = {
  changedMeanwhile: 'This listing was changed by someone else since you opened it. Reload it and try again.',
  notPublished: 'Only a published listing can be edited here',
  edited: 'Listing updated',
} as const;

export const changeListingStatusBodySchema = z.strictObject(
  { status: z.enum(['active', 'removed']), inQueue: z.literal(false) },
  refuseOtherFields,
);
export const reconBodySchema = z.strictObject(
  {
    reconExterior: z.string().max(5000).nullish(),
    reconMechanical: z.string().max(5000).nullish(),
    reconInterior: z.string().max(5000).nullish(),
  },
  refuseOtherFields,
);

const RECON_KEYS = ['reconExterior', 'reconMechanical', 'reconInterior'];
const COMPLETION_KEYS = ['mileage', 'price', 'condition'];
export const VEHICLE_ACTIONS = ['recon', 'complete', 'status', 'edit', 'release'] as const;

/**
 * PATCH /api/vehicles/:id: one of three actions (docs/product.md §7), each with its own allow-list. A client
 * may name it (`action`); the spec's bodies carry no name, so it is read from their keys: any recon
 * field → recon notes, any of mileage/price/condition → queue completion, else a status change.
 * Editing a published listing is only ever named (`action: 'edit'`).
 */
export const updateVehicleBodySchema = (premiumLabel: string) =>
  z.preprocess(
    (body, ctx) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        ctx.addIssue({ code: 'custom', message: 'Send a JSON object' });
        return z.NEVER;
      }
      const keys = Object.keys(body);
      if (keys.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'Nothing to update' });
        return z.NEVER;
      }
      if ('action' in body) return body;
      const action = keys.some((k) => RECON_KEYS.includes(k))
        ? 'recon'
        : keys.some((k) => COMPLETION_KEYS.includes(k))
          ? 'complete'
          : 'status';
      return { ...body, action };
    },
    z.discriminatedUnion(
      'action',
      [
        reconBodySchema.extend({ action: z.literal('recon') }),
        completeListingBodySchema(premiumLabel).extend({ action: z.literal('complete') }),
        changeListingStatusBodySchema.extend({ action: z.literal('status') }),
        editListingBodySchema(premiumLabel),
        // A car held for a first look, published to everyone now rather than when its time is up.
        z.strictObject({ action: z.literal('release') }, refuseOtherFields),
      ],
      { error: `action must be one of: ${VEHICLE_ACTIONS.join(', ')}` },
    ),
  );
export type UpdateVehicleBody = z.input<ReturnType<typeof updateVehicleBodySchema>>;

/** The buying dealer of a sold vehicle, for Manage Listings and the reactivation confirmation. */
export const vehicleSaleSchema = z.object({
  transactionId: z.number().int(),
  dealerId: z.number().int(),
  dealerName: z.string(),
  amount: z.string(),
});
export const adminListingSchema = adminVehicleSchema.extend({ sale: vehicleSaleSchema.nullable() });
export type AdminListing = z.infer<typeof adminListingSchema>;

/**
 * The admin's vehicle lists, each a page read by the server (issue #47): the completion queue
 * (`queue`: staff uploads waiting to be completed, isQueued), Manage Listings' active, sold and
 * removed cars; newest first, searched by VIN, year, make, model, trim or buyer (every word).
 */
export const ADMIN_VEHICLE_LISTS = ['queue', 'active', 'sold', 'removed'] as const;
export type AdminVehicleList = (typeof ADMIN_VEHICLE_LISTS)[number];
export const adminVehiclesQuerySchema = pageQuerySchema.extend({
  list: z.enum(ADMIN_VEHICLE_LISTS, { error: `list must be one of ${ADMIN_VEHICLE_LISTS.join(', ')}` }),
  q: z.string().trim().max(100).optional(),
});
export type AdminVehiclesQuery = z.infer<typeof adminVehiclesQuerySchema>;
export const adminVehiclePageSchema = pageSchema(adminListingSchema);

/** Every vehicle, and each list's size, counted by the database (the stat cards and tab counts). */
export const adminVehicleCountsSchema = z.object({
  total: z.number().int(),
  ...(Object.fromEntries(ADMIN_VEHICLE_LISTS.map((list) => [list, z.number().int()])) as Record<
    AdminVehicleList,
    z.ZodNumber
  >),
});
export type AdminVehicleCounts = z.infer<typeof adminVehicleCountsSchema>;

/**
 * What /admin shows before a tab is used, in one read (GET /api/admin/tab-counts, issue #47): the
 * stat cards' vehicle counts and the work waiting beside the tabs — pending offers, overdue work
 * orders, late pickups, floor-plan requests the lender has not answered — each the count its tab's
 * own list answers with no dealer or search chosen.
 */
export const adminTabCountsSchema = z.object({
  vehicles: adminVehicleCountsSchema,
  pendingOffers: z.number().int(),
  overdueWorkOrders: z.number().int(),
  latePickups: z.number().int(),
  awaitingLender: z.number().int(),
});
export type AdminTabCounts = z.infer<typeof adminTabCountsSchema>;
