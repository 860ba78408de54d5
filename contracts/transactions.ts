import { keysOf } from './keys';
/** Sales as the admin reads and edits them (docs/product.md §6, docs/design.md §8): the row, filters, aging, the edit body. */

import { paymentStepSchema, saleStateSchema } from './after-sale';
import { dayOf, pageQuerySchema, pageSchema } from './paging';
import { TRANSACTION_STATUSES } from './statuses';
import {
  TRANSACTION_FILTERS,
  TRANSACTION_SORTS,
  TRANSACTION_STATES,
  type TransactionFilter,
} from './transaction-list';
import { saleVehicleSchema } from './vehicle';
import { saleWorkOrderSchema } from './work-orders';
import { z } from './zod';

export const adminTransactionSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  vehicle: saleVehicleSchema,
  dealerId: z.number().int(),
  dealerName: z.string(),
  buyCodeId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  /** The team member who made the sale (docs/design.md §10); null for a buy-code sale. */
  boughtBy: z.string().nullable(),
  amount: z.string(),
  /** `status` (the spec's pending/completed) comes with the sale's state below. */
  isPaid: z.boolean(),
  /** Download path for admins (and the buying dealer), or null. */
  billOfSale: z.string().nullable(),
  cancelled: z.boolean(),
  createdAt: z.string(),
  /** After the sale (issue #18): the clocks, states and timeline. */
  ...saleStateSchema.shape,
  /** The sale's reconditioning (issue #31): null without a work order. */
  workOrder: saleWorkOrderSchema.nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

/** The list's filters, orders, states and URL state (contracts/transaction-list.ts, without zod for the tab). */
export * from './transaction-list';
/**
 * GET /api/transactions: a page of sales (contracts/paging.ts), filtered and sorted by the server.
 * `q` matches a VIN (or its end), a dealer's name, or a sale or vehicle number; `from`/`to` are
 * sale days (UTC, both included); `owed` keeps the open sales not paid in full.
 */
export const transactionsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(keysOf(TRANSACTION_SORTS)).default('newest'),
  filter: z.enum(keysOf(TRANSACTION_FILTERS)).optional(),
  state: z.enum(keysOf(TRANSACTION_STATES)).optional(),
  dealerId: z.coerce.number().int().positive().optional(),
  from: dayOf('first').optional(),
  to: dayOf('last').optional(),
  owed: z.enum(['true']).optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
});
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;
/** GET /api/transactions/export.csv: the list's choices, every row (no page). */
export const transactionsExportQuerySchema = transactionsQuerySchema.omit({ cursor: true, limit: true });
/** A page of sales, with how many sales each filter holds (under the other choices). */
export const transactionsPageSchema = pageSchema(adminTransactionSchema).extend({
  counts: z.object(
    Object.fromEntries(Object.keys(TRANSACTION_FILTERS).map((k) => [k, z.number().int()])) as Record<
      TransactionFilter,
      z.ZodNumber
    >,
  ),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

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
