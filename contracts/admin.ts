import { paymentStepSchema, saleStateSchema } from './after-sale';
import { amountSchema } from './buying';
import { DEALER_ID_MESSAGE, idSchema, jsonIdSchema } from './ids';
import {
  AUCTION_CERTIFIED,
  MIN_VEHICLE_YEAR,
  maxVehicleYear,
  PHONE_MIN_LENGTH,
  TRANSACTION_STATUSES,
} from './limits';
import { adminVehicleSchema } from './vehicle';
import { z } from './zod';

/** Texts of the admin area (spec §2, §5, §8), verbatim. */
export const ADMIN_TEXT = {
  listingCompleted: 'Vehicle listing completed',
  listingFailed: 'Failed to complete vehicle listing',
  vehicleNotFound: 'Vehicle not found',
  listingRemoved: 'Listing removed successfully',
  removeFailed: 'Failed to remove listing',
  reactivated: 'Vehicle reactivated successfully',
  reactivateFailed: 'Failed to reactivate vehicle',
  noActiveListings: 'No active listings found',
  noSoldVehicles: 'No sold vehicles found',
  loadingListings: 'Loading listings...',
  dealerAdded: 'Dealer added successfully',
  dealerAddFailed: 'Failed to add dealer',
  dealerStatusUpdated: 'Dealer status updated',
  buyCodeGenerated: 'New buy code generated',
  transactionUpdated: 'Transaction updated successfully',
  transactionUpdateFailed: 'Failed to update transaction',
  billUploaded: 'Bill of Sale uploaded successfully',
  billUploadFailed: 'Failed to upload Bill of Sale',
  synced: 'Vehicles synced successfully',
  syncFailed: 'Failed to sync vehicles from Google Sheet',
  buyCodesTitle: 'Buy Code Management',
  buyCodesText: 'Create and manage dealer buy codes',
  noOffers: 'No offers yet',
  noOffersText: 'Offers from dealers will appear here for you to review.',
  awaitingDealer: 'Awaiting Dealer Response',
  counterAmount: 'Counter Amount ($)',
  counterMessage: 'Message (Optional)',
  sendCounter: 'Send Counter Offer',
  certificationRequired: 'Certification type is required',
  invalidYear: 'Invalid year',
  invalidMileage: 'Invalid mileage',
  priceRequired: 'Price is required',
  mileageRequired: 'Mileage is required',
} as const;

export const ADMIN_TABS = [
  'complete',
  'listings',
  'dealers',
  'transactions',
  'offers',
  'buy-codes',
  'activity',
  'notifications',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

// --- Dealers ---
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, 'Too long');
const email = (message: string) =>
  z.string({ error: message }).trim().pipe(z.email(message).max(254, message));
const phone = (message: string) =>
  z.string({ error: message }).trim().min(PHONE_MIN_LENGTH, message).max(40, 'Phone number is too long');

/** The add-dealer form's eleven fields with the spec's messages (§5). */
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
  /** The team member whose authority the code is (DESIGN.md §11); null without a team. */
  dealerUserId: z.number().int().nullable(),
  holderName: z.string().nullable(),
  active: z.boolean(),
  usageCount: z.number().int(),
  maxUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBuyCode = z.infer<typeof adminBuyCodeSchema>;

/** POST /api/dealers answers the dealer and its first buy code (spec §7: response contains buyCode). */
export const createDealerResponseSchema = dealerSchema.extend({ buyCode: adminBuyCodeSchema });
export const updateDealerBodySchema = z.strictObject({
  active: z.boolean({ error: 'active must be true or false' }),
});

// --- Buy codes ---
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

// --- Transactions ---
export const adminTransactionSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  vehicle: z.object({
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    vin: z.string(),
  }),
  dealerId: z.number().int(),
  dealerName: z.string(),
  buyCodeId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  /** The team member who made the sale (DESIGN.md §10); null for a buy-code sale. */
  boughtBy: z.string().nullable(),
  amount: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  isPaid: z.boolean(),
  /** Download path for admins (and the buying dealer), or null. */
  billOfSale: z.string().nullable(),
  cancelled: z.boolean(),
  createdAt: z.string(),
  /** After the sale (issue #18): the clocks, states and timeline. */
  ...saleStateSchema.shape,
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

/** GET /api/transactions?filter=…: the sales that need the admin (issue #18). */
export const TRANSACTION_FILTERS = {
  overdue: 'Overdue payment',
  title_late: 'Title late',
  unwind_requested: 'Unwind requested',
  open_claims: 'Open claims',
} as const;
export type TransactionFilter = keyof typeof TRANSACTION_FILTERS;
export const transactionsQuerySchema = z.object({
  filter: z.enum(Object.keys(TRANSACTION_FILTERS) as [TransactionFilter, ...TransactionFilter[]]).optional(),
});

/** GET /api/transactions/aging: unpaid sales by days since the sale, count and dollars left to pay. */
export const AGING_BUCKETS = [
  { label: '0–3 days', minDays: 0 },
  { label: '4–7 days', minDays: 4 },
  { label: '8–14 days', minDays: 8 },
  { label: '15+ days', minDays: 15 },
] as const;
const agingFigureSchema = z.object({ count: z.number().int(), amount: z.string() });
export const transactionAgingSchema = z.object({
  buckets: z.array(agingFigureSchema.extend({ label: z.string() })),
  total: agingFigureSchema,
});
export type TransactionAging = z.infer<typeof transactionAgingSchema>;

/**
 * "Mark paid" (issue #27): the spec's paid flag is the ledger's, so marking a sale paid records its
 * remaining balance as a payment, with how it was paid.
 */
export const balancePaymentSchema = paymentStepSchema.omit({ type: true, amount: true });
export type BalancePayment = z.input<typeof balancePaymentSchema>;

export const updateTransactionBodySchema = z
  .strictObject({
    status: z.enum(TRANSACTION_STATUSES).optional(),
    /** true records the remaining balance (`payment` says how); false is refused once paid in full. */
    isPaid: z.boolean().optional(),
    payment: balancePaymentSchema.optional(),
    /** Cancel (final): the vehicle is re-listed. Only `true` is meaningful. */
    cancelled: z.literal(true, { error: 'A cancellation cannot be undone' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');

// --- Vehicles (PATCH /api/vehicles/:id, one explicit allow-list per action) ---
const certificationSchema = (premiumLabel: string) =>
  z.enum([premiumLabel, AUCTION_CERTIFIED], { error: ADMIN_TEXT.certificationRequired });
const optionalText = z.string().trim().max(2000).nullish();

/** A model year, 1900 to next year (spec §5); built per use so "next year" follows the clock. */
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

/** Queue completion: mileage, price and certification required; decoded details editable. */
export const completeListingBodySchema = (premiumLabel: string) =>
  z.strictObject(
    {
      status: z.literal('active'),
      inQueue: z.literal(false),
      mileage: z.coerce
        .number({ error: ADMIN_TEXT.invalidMileage })
        .int(ADMIN_TEXT.invalidMileage)
        .min(0, ADMIN_TEXT.invalidMileage)
        .max(2_000_000, ADMIN_TEXT.invalidMileage),
      price: amountSchema,
      condition: certificationSchema(premiumLabel),
      year: vehicleYearSchema().nullish(),
      make: optionalText,
      model: optionalText,
      trim: optionalText,
      description: optionalText,
    },
    refuseOtherFields,
  );
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
export const VEHICLE_ACTIONS = ['recon', 'complete', 'status'] as const;

/**
 * PATCH /api/vehicles/:id: one of three actions (spec §7), each with its own allow-list. A client
 * may name it (`action`); the spec's bodies carry no name, so it is read from their keys: any recon
 * field → recon notes, any of mileage/price/condition → queue completion, else a status change.
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

// --- Audit ---
export const auditQuerySchema = z.object({
  entity: z.enum(['vehicle', 'offer', 'dealer', 'buy_code', 'transaction']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorType: z.string(),
  actorId: z.number().int().nullable(),
  actorLabel: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// --- Spreadsheet sync (POST /api/sync-vehicles) ---
export const syncResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({ row: z.number().int(), vin: z.string(), reason: z.string() })),
  /** The `images` column imported as photos: failures per row and URL; `pending` waits for the next sync. */
  images: z.object({
    imported: z.number().int(),
    pending: z.number().int(),
    failed: z.array(
      z.object({ row: z.number().int(), vin: z.string(), url: z.string(), reason: z.string() }),
    ),
  }),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
export type SyncImages = SyncResult['images'];
export type SyncImageFailure = SyncImages['failed'][number];
