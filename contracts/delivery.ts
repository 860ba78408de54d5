import { photoSchema } from './condition-report';
import {
  DELIVERY_STATUSES,
  DELIVERY_TEXT,
  FLOOR_PLAN_ARRANGERS,
  FLOOR_PLAN_LENDERS,
  FLOOR_PLAN_STATUSES,
  FLOOR_PLAN_TEXT,
  HOLD_REASONS,
  TRANSPORT_ARRANGERS,
  TRANSPORT_STATUSES,
  TRANSPORT_VIEWS,
  type TransportView,
} from './delivery-texts';
import { jsonIdSchema } from './ids';
import { moneySchema } from './money-schema';
import { pageQuerySchema, pageSchema } from './paging';
import { z } from './zod';

export * from './delivery-texts';

/** A US ZIP code as typed: 5 digits (a ZIP+4 keeps its first five). */
export const zipSchema = z
  .string({ error: DELIVERY_TEXT.zipRequired })
  .trim()
  .transform((v) => v.replace(/-\d{4}$/, ''))
  .pipe(z.string().regex(/^\d{5}$/, DELIVERY_TEXT.zipRequired));

/** A window of days (YYYY-MM-DD, both ends included). */
export const dayWindowSchema = z.object({ from: z.string(), to: z.string() });

/**
 * POST /api/transport/quote (dealer): for a car on sale (`vehicleId`) or for the dealer's own sale
 * (`transactionId`, the dashboard after Buy Now). `toZip` absent: the dealership's delivery ZIP.
 */
export const transportQuoteBodySchema = z
  .object({
    vehicleId: jsonIdSchema().optional(),
    transactionId: jsonIdSchema().optional(),
    toZip: zipSchema.optional(),
    enclosed: z.boolean().default(false),
    /** The reconditioning package chosen with it (a car on sale): the pickup waits for its business days. */
    reconPackageId: jsonIdSchema().optional(),
  })
  .refine((b) => (b.vehicleId === undefined) !== (b.transactionId === undefined), {
    error: 'Send either vehicleId or transactionId',
  });
export type TransportQuoteBody = z.input<typeof transportQuoteBodySchema>;

export const transportQuoteSchema = z.object({
  fromZip: z.string(),
  fromPlace: z.string(),
  toZip: z.string(),
  toPlace: z.string(),
  /** Road miles, estimated from the ZIP centroids (straight line × 1.2, rounded). */
  miles: z.number().int(),
  enclosed: z.boolean(),
  inoperable: z.boolean(),
  /** Decimal dollars ("612.00"). */
  price: z.string(),
  /** How the price is made: the distance bands, the minimum, surcharges. */
  breakdown: z.array(z.object({ label: z.string(), amount: z.string() })),
  pickupWindow: dayWindowSchema,
  deliveryWindow: dayWindowSchema,
  /** 'carrier': sent to the carrier's system; 'team': no carrier is configured, our team arranges it. */
  arrangedBy: z.enum(TRANSPORT_ARRANGERS),
});
export type TransportQuote = z.infer<typeof transportQuoteSchema>;

/** What ordering transport takes, at Buy Now or later from the dashboard. */
export const transportRequestSchema = z.object({
  toZip: zipSchema,
  enclosed: z.boolean().default(false),
  /** Street and city at the delivery ZIP (the carrier's delivery venue). */
  address: z
    .string({ error: DELIVERY_TEXT.addressRequired })
    .trim()
    .min(5, DELIVERY_TEXT.addressRequired)
    .max(200, DELIVERY_TEXT.addressRequired),
  notes: z.string().trim().max(500).default(''),
});
export type TransportRequest = z.input<typeof transportRequestSchema>;

/** One status report of a transport (carrier webhook, admin for team-arranged ones, or ours). */
export const transportStepSchema = z.object({
  status: z.enum(TRANSPORT_STATUSES),
  at: z.string(),
  /** 'dealer': their confirmation at arrival delivered it. */
  by: z.enum(['carrier', 'admin', 'system', 'dealer']),
  eta: z.string().nullable(),
  note: z.string().nullable(),
});

/** A sale's transport as both sides read it (derived from the sale's timeline). */
export const saleTransportSchema = z.object({
  orderId: z.number().int(),
  status: z.enum(TRANSPORT_STATUSES),
  arrangedBy: z.enum(TRANSPORT_ARRANGERS),
  fromZip: z.string(),
  fromPlace: z.string(),
  toZip: z.string(),
  toPlace: z.string(),
  address: z.string(),
  miles: z.number().int(),
  enclosed: z.boolean(),
  inoperable: z.boolean(),
  price: z.string(),
  pickupWindow: dayWindowSchema,
  deliveryWindow: dayWindowSchema,
  /** The carrier's latest estimate of arrival (ISO time), if it gave one. */
  eta: z.string().nullable(),
  carrierName: z.string().nullable(),
  /** The carrier system's order number (shown to the dealer when they call the carrier). */
  carrierReference: z.string().nullable(),
  /** Picked up late: the pickup window ended and the car is still on the lot. */
  pickupLate: z.boolean(),
  steps: z.array(transportStepSchema),
  bolPhotos: z.array(photoSchema),
});
export type SaleTransport = z.infer<typeof saleTransportSchema>;

/** The dealer's confirmation at arrival (docs/design.md §15). */
export const deliveryConfirmationSchema = z.object({
  /** The day it was confirmed (YYYY-MM-DD in the sale's time zone) and the moment (ISO time). */
  on: z.string(),
  at: z.string(),
  odometer: z.number().int(),
  photos: z.array(photoSchema),
  /**
   * Held for an admin (the odometer disagrees with the bill of sale by more than the tolerance):
   * the note says by how much. It counts as the delivery once an admin accepts it.
   */
  held: z.boolean(),
  note: z.string().nullable(),
  /** When an admin accepted a held confirmation (ISO time), or null. */
  acceptedAt: z.string().nullable(),
});

/** POST /api/dealer/transactions/:id/delivery-confirmation. */
export const confirmDeliveryBodySchema = z.object({
  odometer: z
    .number({ error: DELIVERY_TEXT.odometerRequired })
    .int(DELIVERY_TEXT.odometerRange)
    .min(0, DELIVERY_TEXT.odometerRange)
    .max(999_999, DELIVERY_TEXT.odometerRange),
  photoIds: z
    .array(z.number().int().positive())
    .max(12, 'At most 12 photos')
    .refine((ids) => new Set(ids).size === ids.length, { error: 'The same photo is listed twice' })
    .default([]),
  note: z.string().trim().max(1000).default(''),
});
export type ConfirmDeliveryBody = z.input<typeof confirmDeliveryBodySchema>;

/**
 * POST /api/transactions/:id/delivery-confirmation/accept (admin): a confirmation held for its
 * odometer counts as the delivery, from the day the dealer confirmed it; the note says why.
 */
export const acceptDeliveryBodySchema = z.object({ note: z.string().trim().max(500).default('') });
export type AcceptDeliveryBody = z.input<typeof acceptDeliveryBodySchema>;

/** PATCH /api/transport-orders/:id (admin): a team-arranged order's status, or a cancellation. */
export const updateTransportOrderBodySchema = z.object({
  status: z.enum(['assigned', 'picked_up', 'in_transit', 'delivered', 'cancelled']),
  carrierName: z.string().trim().max(120).optional(),
  eta: z.iso.datetime({ offset: true }).optional(),
  note: z.string().trim().max(500).optional(),
});
export type UpdateTransportOrderBody = z.input<typeof updateTransportOrderBodySchema>;

/** POST /api/transport-orders/:id/bol (admin): bill of lading photos uploaded through tus. */
export const attachBolBodySchema = z.object({
  photoIds: z.array(z.number().int().positive()).min(1).max(12),
});

/** A row of the admin's transport board. */
export const transportBoardRowSchema = z.object({
  orderId: z.number().int(),
  transactionId: z.number().int(),
  vehicle: z.string(),
  vin: z.string(),
  dealerName: z.string(),
  /** The order's status as the sale's one delivery state reads it (a dealer's confirmation delivers it). */
  status: z.enum(TRANSPORT_STATUSES),
  /** The sale's delivery state and hold (the same as its dealer and admin views read). */
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  holdReason: z.enum(HOLD_REASONS),
  /** A delivery confirmation held for an admin: its note (accept it in the sale's details). */
  confirmationHeld: z.string().nullable(),
  arrangedBy: z.enum(TRANSPORT_ARRANGERS),
  route: z.string(),
  miles: z.number().int(),
  price: z.string(),
  orderedAt: z.string(),
  pickupWindow: dayWindowSchema,
  deliveryWindow: dayWindowSchema,
  eta: z.string().nullable(),
  carrierName: z.string().nullable(),
  pickupLate: z.boolean(),
  /** Why it waits (awaiting_release): the sale's hold in words ("$1,200 owed: …", "Reconditioning is not finished: …"). */
  waitingFor: z.string().nullable(),
});
export type TransportBoardRow = z.infer<typeof transportBoardRowSchema>;

/**
 * The transport board's sorts (issue #47): the pickup deadline (earliest first: late pickups lead the
 * open orders), or when the order was made.
 */
export const TRANSPORT_SORTS = {
  pickup: 'Pickup day, earliest first',
  newest: 'Newest order first',
  oldest: 'Oldest order first',
} as const;
export type TransportSort = keyof typeof TRANSPORT_SORTS;
/**
 * GET /api/transport-orders: a page of transport orders (contracts/paging.ts), filtered and sorted
 * by the server; `q` matches part of a VIN or a dealer's name, or an order, sale or vehicle number.
 */
export const transportBoardQuerySchema = pageQuerySchema.extend({
  sort: z.enum(Object.keys(TRANSPORT_SORTS) as [TransportSort, ...TransportSort[]]).default('pickup'),
  status: z.enum(TRANSPORT_VIEWS).default('open'),
  dealerId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
});
export type TransportBoardQuery = z.input<typeof transportBoardQuerySchema>;
/** A page of orders, with how many each view holds (under dealer and search). */
export const transportBoardPageSchema = pageSchema(transportBoardRowSchema).extend({
  counts: z.object(
    Object.fromEntries(TRANSPORT_VIEWS.map((v) => [v, z.number().int()])) as Record<
      TransportView,
      z.ZodNumber
    >,
  ),
});
export type TransportBoardPage = z.infer<typeof transportBoardPageSchema>;

// ---- Floor plan ----

export const floorPlanLineSchema = z.object({
  id: z.number().int(),
  lender: z.enum(FLOOR_PLAN_LENDERS),
  lenderName: z.string(),
  /** The last four characters; the whole number goes to the lender only. */
  last4: z.string(),
  label: z.string(),
  createdAt: z.string(),
});
export type FloorPlanLine = z.infer<typeof floorPlanLineSchema>;

/** POST /api/dealer/floor-plan-lines (an owner). */
export const createFloorPlanLineBodySchema = z.object({
  lender: z.enum(FLOOR_PLAN_LENDERS, { error: FLOOR_PLAN_TEXT.lenderRequired }),
  accountNumber: z
    .string({ error: FLOOR_PLAN_TEXT.accountNumber })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,30}$/, FLOOR_PLAN_TEXT.accountNumber),
});
export type CreateFloorPlanLineBody = z.input<typeof createFloorPlanLineBodySchema>;

/** A sale's floor-plan request as both sides read it (derived from the sale's timeline). */
export const saleFloorPlanSchema = z.object({
  requestId: z.number().int(),
  lender: z.enum(FLOOR_PLAN_LENDERS),
  label: z.string(),
  amount: z.string(),
  status: z.enum(FLOOR_PLAN_STATUSES),
  /** The lender's approval or funding reference. */
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  /** 'lender': sent to the lender's system; 'team': no lender API is configured, our team calls them. */
  arrangedBy: z.enum(FLOOR_PLAN_ARRANGERS),
});
export type SaleFloorPlan = z.infer<typeof saleFloorPlanSchema>;

/** POST /api/dealer/transactions/:id/floor-plan: pay a sale with one of the dealership's lines. */
export const payWithFloorPlanBodySchema = z.object({ lineId: jsonIdSchema(FLOOR_PLAN_TEXT.lineNotFound) });

/** PATCH /api/floor-plan-requests/:id (admin, team-arranged requests): the lender's answer. */
export const decideFloorPlanBodySchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    reference: z.string().trim().min(1).max(60),
    amount: moneySchema.optional(),
  }),
  z.object({ status: z.literal('declined'), reason: z.string().trim().min(1).max(500) }),
  z.object({ status: z.literal('funded'), reference: z.string().trim().min(1).max(60) }),
]);
export type DecideFloorPlanBody = z.input<typeof decideFloorPlanBodySchema>;

export const floorPlanBoardRowSchema = z.object({
  requestId: z.number().int(),
  transactionId: z.number().int(),
  vehicle: z.string(),
  vin: z.string(),
  dealerName: z.string(),
  label: z.string(),
  amount: z.string(),
  status: z.enum(FLOOR_PLAN_STATUSES),
  arrangedBy: z.enum(FLOOR_PLAN_ARRANGERS),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type FloorPlanBoardRow = z.infer<typeof floorPlanBoardRowSchema>;

/** The floor-plan board's sorts (issue #47): by when the dealer asked. */
export const FLOOR_PLAN_SORTS = { oldest: 'Oldest request first', newest: 'Newest request first' } as const;
export const FLOOR_PLAN_VIEWS = ['all', ...FLOOR_PLAN_STATUSES] as const;
export type FloorPlanView = (typeof FLOOR_PLAN_VIEWS)[number];
/**
 * GET /api/floor-plan-requests: a page of floor-plan requests (contracts/paging.ts), filtered and
 * sorted by the server; `q` matches part of a VIN or a dealer's name, or a request, sale or vehicle number.
 */
export const floorPlanBoardQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  status: z.enum(FLOOR_PLAN_VIEWS).default('all'),
  dealerId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
});
export type FloorPlanBoardQuery = z.input<typeof floorPlanBoardQuerySchema>;
/** A page of requests, with how many each status holds (under dealer and search). */
export const floorPlanBoardPageSchema = pageSchema(floorPlanBoardRowSchema).extend({
  counts: z.object(
    Object.fromEntries(FLOOR_PLAN_VIEWS.map((v) => [v, z.number().int()])) as Record<
      FloorPlanView,
      z.ZodNumber
    >,
  ),
});
export type FloorPlanBoardPage = z.infer<typeof floorPlanBoardPageSchema>;

/** Purchase extras: transport and a floor-plan line chosen in the Buy Now dialog. */
export const checkoutExtrasSchema = {
  transport: transportRequestSchema.optional(),
  floorPlanLineId: jsonIdSchema(FLOOR_PLAN_TEXT.lineNotFound).optional(),
};
