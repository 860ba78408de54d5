import { alertDeliveryFields, alertDeliveryViewFields } from './alert-delivery';
import { MIN_VEHICLE_YEAR, maxVehicleYear } from './limits';
import { formatMi } from './mileage-format';
import { formatUsd } from './money';
import { moneySchema } from './money-schema';
import { formatCount } from './number-format';
import { pageQuerySchema, pageSchema } from './paging';
import { reconPackageIdSchema } from './recon-packages';
import { checkFilterRanges, vehicleFilterFields, vehicleSearchQuerySchema } from './vehicle-search';
import { CERTIFICATION_FILTERS, VEHICLE_SORTS } from './vehicle-search-options';
import { z } from './zod';

/**
 * Buy orders (docs/design.md §13, issue #30): a dealership's standing request for cars the marketplace
 * sources against. Each belongs to the dealership and names the person who placed it.
 */

/** Open orders a dealership may have at once. */
export const MAX_OPEN_BUY_ORDERS = 50;
/** Makes/models one order may name. */
export const MAX_ORDER_TARGETS = 10;
export const MAX_ORDER_QUANTITY = 50;
export const MAX_ORDER_MILES = 500_000;
/** How far ahead a needed-by date may be. */
export const MAX_ORDER_DAYS = 365;

/**
 * What a buy_orders row stores: the dealer's choice (open, paused, cancelled), or `filled` once
 * purchases that match reach the quantity.
 */
export const STORED_BUY_ORDER_STATUSES = ['open', 'paused', 'filled', 'cancelled'] as const;
export type StoredBuyOrderStatus = (typeof STORED_BUY_ORDER_STATUSES)[number];
/**
 * What an order reads as: its stored status, or `expired` for an open order past its needed-by date
 * (derived when read, never stored: modules/buy-orders/buy-order-status.ts).
 */
export const BUY_ORDER_STATUSES = ['open', 'paused', 'filled', 'expired', 'cancelled'] as const;
export type BuyOrderStatus = (typeof BUY_ORDER_STATUSES)[number];

export const BUY_ORDER_STATUS_LABELS: Record<BuyOrderStatus, string> = {
  open: 'Open',
  paused: 'Paused',
  filled: 'Filled',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const BUY_ORDER_TEXT = {
  sectionTitle: 'Buy orders',
  intro:
    'Tell us what to find. We match every car we publish against your open orders and tell you as each order asks: at once, or in a daily digest.',
  newOrder: 'New buy order',
  empty: 'No buy orders yet. Place one and we will source against it.',
  created: 'Buy order placed',
  paused: 'Buy order paused',
  resumed: 'Buy order resumed',
  cancelled: 'Buy order cancelled',
  notFound: 'Buy order not found',
  tooMany: `A dealership may have at most ${MAX_OPEN_BUY_ORDERS} open buy orders. Pause or cancel one first.`,
  viewerRefused: 'Viewers cannot place or change buy orders.',
  targetsRequired: 'Name at least one make',
  tooManyTargets: `An order names at most ${MAX_ORDER_TARGETS} makes and models`,
  unknownMake: 'Unknown make',
  chooseMake: 'Choose a make',
  yearRange: 'The year range ends before it starts',
  year: `Year must be from ${MIN_VEHICLE_YEAR} to next year`,
  miles: `Max miles must be a whole number from 1 to ${formatCount(MAX_ORDER_MILES)}`,
  grade: 'Minimum grade must be from 0 to 5, with at most one decimal (4.5)',
  quantity: `Quantity must be a whole number from 1 to ${MAX_ORDER_QUANTITY}`,
  neededBy: `Needed-by must be a date from today to ${MAX_ORDER_DAYS} days ahead`,
  zip: 'Delivery ZIP must be a 5-digit US ZIP code',
  note: 'Reconditioning note must be at most 500 characters',
  closed: 'This buy order is closed (filled, expired or cancelled) and cannot change',
} as const;

/** The makes an order may name: those the marketplace lists (a typo would never match anything). */
export const ORDER_MAKES = [
  'Acura',
  'Audi',
  'BMW',
  'Buick',
  'Cadillac',
  'Chevrolet',
  'Chrysler',
  'Dodge',
  'Ford',
  'Genesis',
  'GMC',
  'Honda',
  'Hyundai',
  'Infiniti',
  'Jaguar',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Mazda',
  'Mercedes-Benz',
  'Mini',
  'Mitsubishi',
  'Nissan',
  'Porsche',
  'Ram',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
] as const;

const canonicalMake = (make: string) =>
  ORDER_MAKES.find((m) => m.toLowerCase() === make.trim().toLowerCase()) ?? null;

const targetSchema = z.object({
  make: z.string({ error: BUY_ORDER_TEXT.chooseMake }).transform((make, ctx) => {
    if (!make.trim()) {
      ctx.addIssue({ code: 'custom', message: BUY_ORDER_TEXT.chooseMake });
      return z.NEVER;
    }
    const known = canonicalMake(make);
    if (!known) {
      ctx.addIssue({ code: 'custom', message: `${BUY_ORDER_TEXT.unknownMake}: ${make.trim().slice(0, 40)}` });
      return z.NEVER;
    }
    return known;
  }),
  /** Blank or absent: any model of the make. */
  model: z
    .string()
    .trim()
    .max(60, 'A model is at most 60 characters')
    .nullish()
    .transform((m) => (m ? m : null)),
});
export type BuyOrderTarget = { make: string; model: string | null };

const optionalInt = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || String(v).trim() === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** YYYY-MM-DD naming a real day (not 2027-02-30). */
function isCalendarDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** POST /api/dealer/buy-orders. */
export const createBuyOrderBodySchema = z
  .object({
    targets: z
      .array(targetSchema, { error: BUY_ORDER_TEXT.targetsRequired })
      .min(1, BUY_ORDER_TEXT.targetsRequired)
      .max(MAX_ORDER_TARGETS, BUY_ORDER_TEXT.tooManyTargets),
    yearMin: optionalInt(BUY_ORDER_TEXT.year, MIN_VEHICLE_YEAR, maxVehicleYear()),
    yearMax: optionalInt(BUY_ORDER_TEXT.year, MIN_VEHICLE_YEAR, maxVehicleYear()),
    maxMiles: optionalInt(BUY_ORDER_TEXT.miles, 1, MAX_ORDER_MILES),
    maxPrice: moneySchema.nullish().transform((v) => v ?? null),
    minGrade: z
      .union([z.string(), z.number(), z.null()], { error: BUY_ORDER_TEXT.grade })
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined || String(v).trim() === '') return null;
        const text = String(v).trim();
        const n = Number(text);
        if (!/^\d(\.\d)?$/.test(text) || n < 0 || n > 5) {
          ctx.addIssue({ code: 'custom', message: BUY_ORDER_TEXT.grade });
          return z.NEVER;
        }
        return n.toFixed(1);
      }),
    certification: z.enum(CERTIFICATION_FILTERS).default('all'),
    reconNote: z
      .string()
      .trim()
      .max(500, BUY_ORDER_TEXT.note)
      .nullish()
      .transform((v) => v || null),
    quantity: optionalInt(BUY_ORDER_TEXT.quantity, 1, MAX_ORDER_QUANTITY).transform((q) => q ?? 1),
    neededBy: z.string({ error: BUY_ORDER_TEXT.neededBy }).refine(isCalendarDate, BUY_ORDER_TEXT.neededBy),
    deliveryZip: z
      .string({ error: BUY_ORDER_TEXT.zip })
      .trim()
      .regex(/^\d{5}$/, BUY_ORDER_TEXT.zip)
      .refine((zip) => zip !== '00000', BUY_ORDER_TEXT.zip),
    ...alertDeliveryFields,
    /** The reconditioning package its cars are to be bought with (docs/design.md §14). */
    reconPackageId: reconPackageIdSchema.optional(),
  })
  .refine((o) => o.yearMin === null || o.yearMax === null || o.yearMin <= o.yearMax, {
    message: BUY_ORDER_TEXT.yearRange,
    path: ['yearMax'],
  });
export type CreateBuyOrderBody = z.input<typeof createBuyOrderBodySchema>;
export type CreateBuyOrder = z.output<typeof createBuyOrderBodySchema>;

/** PATCH /api/dealer/buy-orders/:id: pause, resume (open) or cancel; alerts on or off. */
export const updateBuyOrderBodySchema = z
  .object({
    status: z
      .enum(['open', 'paused', 'cancelled'], { error: 'status must be open, paused or cancelled' })
      .optional(),
    alerts: z.boolean({ error: 'alerts must be true or false' }).optional(),
    ...alertDeliveryFields,
  })
  .refine(
    (b) =>
      b.status !== undefined ||
      b.alerts !== undefined ||
      b.alertChannel !== undefined ||
      b.alertCadence !== undefined,
    'Send a status, alerts, alertChannel or alertCadence',
  );
export type UpdateBuyOrderBody = z.infer<typeof updateBuyOrderBodySchema>;

export const buyOrderSchema = z.object({
  id: z.number(),
  status: z.enum(BUY_ORDER_STATUSES),
  targets: z.array(z.object({ make: z.string(), model: z.string().nullable() })),
  yearMin: z.number().nullable(),
  yearMax: z.number().nullable(),
  maxMiles: z.number().nullable(),
  maxPrice: z.string().nullable(),
  minGrade: z.string().nullable(),
  certification: z.enum(CERTIFICATION_FILTERS),
  reconNote: z.string().nullable(),
  /** The reconditioning package chosen, by name (null: as inspected). */
  reconPackage: z.string().nullable(),
  quantity: z.number(),
  filled: z.number(),
  neededBy: z.string(),
  deliveryZip: z.string(),
  /** The person who placed it; null: the dealership's buy-code session before teams. */
  placedBy: z.string().nullable(),
  /** Each match e-mailed (on) or only listed here (off). */
  alerts: z.boolean(),
  ...alertDeliveryViewFields,
  /** Cars published that matched it, newest first (at most 10). */
  matches: z.array(
    z.object({
      vehicleId: z.number(),
      title: z.string(),
      price: z.string().nullable(),
      matchedAt: z.string(),
      /** Bought by the dealership, counted toward this order. */
      bought: z.boolean(),
    }),
  ),
  createdAt: z.string(),
});
export type BuyOrderView = z.infer<typeof buyOrderSchema>;

/** "2019–2022 Toyota RAV4, Honda CR-V" for lists and messages. */
export function buyOrderTitle(order: Pick<BuyOrderView, 'targets' | 'yearMin' | 'yearMax'>) {
  const years =
    order.yearMin && order.yearMax
      ? order.yearMin === order.yearMax
        ? `${order.yearMin} `
        : `${order.yearMin}–${order.yearMax} `
      : order.yearMin
        ? `${order.yearMin}+ `
        : order.yearMax
          ? `Up to ${order.yearMax} `
          : '';
  return years + order.targets.map((t) => (t.model ? `${t.make} ${t.model}` : `Any ${t.make}`)).join(', ');
}

const CERTIFICATION_LIMIT = {
  all: null,
  premium: 'premium certified',
  auction: 'auction certified',
} as const;

/** "up to 60,000 mi · up to $25,000 · grade 3.5+ · auction certified": an order's limits in one line. */
export function buyOrderLimits(
  order: Pick<BuyOrderView, 'maxMiles' | 'maxPrice' | 'minGrade' | 'certification'>,
) {
  return [
    order.maxMiles ? `up to ${formatMi(order.maxMiles)}` : null,
    order.maxPrice ? `up to ${formatUsd(Number(order.maxPrice))}` : null,
    order.minGrade ? `grade ${order.minGrade}+` : null,
    CERTIFICATION_LIMIT[order.certification],
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Admin → Demand: open orders grouped by make, model and the years they ask for. */
export const demandGroupSchema = z.object({
  make: z.string(),
  /** null: any model of the make. */
  model: z.string().nullable(),
  yearMin: z.number().nullable(),
  yearMax: z.number().nullable(),
  orders: z.number(),
  dealers: z.number(),
  /** Cars still wanted: quantity − bought, summed. */
  carsWanted: z.number(),
  /** The lowest and highest max price of the group's orders (null: none set one). */
  budgetMin: z.string().nullable(),
  budgetMax: z.string().nullable(),
  /** What the group's orders may spend in all: max price × cars still wanted, summed (null: none set one). */
  budgetTotal: z.string().nullable(),
  /** Days since the group's oldest order was placed. */
  oldestDays: z.number(),
  /** Cars published that matched one of the group's orders. */
  matches: z.number(),
  /** The group's open orders, newest first (each listed in `orders`). */
  orderIds: z.array(z.number()),
});
export type DemandGroup = z.infer<typeof demandGroupSchema>;

export const demandOrderSchema = buyOrderSchema
  .omit({ matches: true })
  .extend({ dealerName: z.string(), matchCount: z.number(), alertsSent: z.number() });
export type DemandOrder = z.infer<typeof demandOrderSchema>;

/** GET /api/buy-orders/demand: the open orders grouped (one aggregate; the orders are paged apart). */
export const demandSchema = z.object({
  groups: z.array(demandGroupSchema),
});
export type Demand = z.infer<typeof demandSchema>;

/**
 * GET /api/buy-orders/demand/orders (issue #47): every dealership's orders, newest first, a page at
 * a time (contracts/paging.ts). `q`: part of the dealer's name or of a make or model asked for, or
 * an order number. A group (`make`, with `model`, `yearMin`, `yearMax` as the group has them; absent
 * is none): that group's open orders.
 */
export const demandOrdersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
  make: z.string().trim().min(1).max(60).optional(),
  model: z.string().trim().min(1).max(60).optional(),
  yearMin: z.coerce.number().int().min(1900).max(2100).optional(),
  yearMax: z.coerce.number().int().min(1900).max(2100).optional(),
});
export type DemandOrdersQuery = z.input<typeof demandOrdersQuerySchema>;
export const demandOrdersPageSchema = pageSchema(demandOrderSchema);
export type DemandOrdersPage = z.infer<typeof demandOrdersPageSchema>;

export { MAX_SAVED_SEARCHES, SAVED_SEARCH_TEXT } from './saved-search-texts';

import { SAVED_SEARCH_TEXT } from './saved-search-texts';

/** What a saved search is called, and how its alerts arrive: the Save this search dialog's fields. */
export const savedSearchDeliverySchema = z.object({
  name: z
    .string({ error: SAVED_SEARCH_TEXT.nameRequired })
    .trim()
    .min(1, SAVED_SEARCH_TEXT.nameRequired)
    .max(60, SAVED_SEARCH_TEXT.nameTooLong),
  ...alertDeliveryFields,
});

/** POST /api/dealer/saved-searches: a name and the search as /inventory sends it. */
export const createSavedSearchBodySchema = z
  .object({
    ...savedSearchDeliverySchema.shape,
    q: vehicleSearchQuerySchema.shape.q,
    cert: vehicleSearchQuerySchema.shape.cert,
    grade: vehicleSearchQuerySchema.shape.grade,
    sort: vehicleSearchQuerySchema.shape.sort,
    // The filters as the page sends them; a `within` with no zip is kept with the dealer's delivery ZIP.
    ...vehicleFilterFields,
  })
  .superRefine(checkFilterRanges);
export type CreateSavedSearchBody = z.input<typeof createSavedSearchBodySchema>;
export type CreateSavedSearch = z.output<typeof createSavedSearchBodySchema>;

export const savedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  q: z.string(),
  cert: z.enum(CERTIFICATION_FILTERS),
  grade: z.string().nullable(),
  sort: z.enum(VEHICLE_SORTS),
  make: z.string().nullable(),
  model: z.string().nullable(),
  yearMin: z.number().nullable(),
  yearMax: z.number().nullable(),
  priceMin: z.number().nullable(),
  priceMax: z.number().nullable(),
  maxMiles: z.number().nullable(),
  within: z.number().nullable(),
  zip: z.string().nullable(),
  /** The /inventory address that runs the search again. */
  path: z.string(),
  placedBy: z.string().nullable(),
  alerts: z.boolean(),
  ...alertDeliveryViewFields,
  matches: z.number(),
  createdAt: z.string(),
});
export type SavedSearchView = z.infer<typeof savedSearchSchema>;

/** PATCH /api/dealer/saved-searches/:id: its alerts on or off. */
export const updateSavedSearchBodySchema = z
  .object({
    alerts: z.boolean({ error: 'alerts must be true or false' }).optional(),
    ...alertDeliveryFields,
  })
  .refine(
    (b) => b.alerts !== undefined || b.alertChannel !== undefined || b.alertCadence !== undefined,
    'Send alerts, alertChannel or alertCadence',
  );
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchBodySchema>;
