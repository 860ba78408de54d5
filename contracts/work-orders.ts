/**
 * Work orders (docs/design.md §14, issue #31): a sale's reconditioning, its tasks, costs, photos and
 * time-to-line; the bodies staff and admins send to work them. Texts and labels are in
 * contracts/work-order-texts.ts.
 */

import { photoSchema } from './condition-report';
import { idSchema, jsonIdSchema } from './ids';
import { keysOf } from './keys';
import { centsToDecimal } from './money';
import { pageQuerySchema, pageSchema } from './paging';
import { saleVehicleSchema } from './vehicle';
import {
  MAX_NOT_NEEDED_REASON,
  MAX_TASK_COST_CENTS,
  MAX_TASK_NOTES,
  MAX_TASK_PHOTOS_PER_REQUEST,
  MAX_TASK_TITLE,
  PHOTO_STAGES,
  TASK_SOURCES,
  TASK_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TEXT,
} from './work-order-texts';
import { z } from './zod';

const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A photo of a task, with the stage it shows. */
export const taskPhotoSchema = photoSchema.extend({ stage: z.enum(PHOTO_STAGES) });
export type TaskPhoto = z.infer<typeof taskPhotoSchema>;

export const workOrderTaskSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  source: z.enum(TASK_SOURCES),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  notNeededReason: z.string().nullable(),
  partsCost: z.string(),
  labourCost: z.string(),
  notes: z.string(),
  updatedAt: z.string(),
  photos: z.array(taskPhotoSchema),
});
export type WorkOrderTask = z.infer<typeof workOrderTaskSchema>;

/**
 * Sale → work order done → picked up or delivered (issue #31): the moments and the minutes between
 * them; null until the step happened.
 */
export const timeToLineSchema = z.object({
  soldAt: z.string(),
  readyAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  saleToReadyMinutes: z.number().int().nullable(),
  readyToReleaseMinutes: z.number().int().nullable(),
  saleToReleaseMinutes: z.number().int().nullable(),
});
export type TimeToLine = z.infer<typeof timeToLineSchema>;

export const workOrderSchema = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  vehicleId: z.number().int(),
  vehicle: saleVehicleSchema,
  dealerId: z.number().int(),
  dealerName: z.string(),
  packageName: z.string(),
  packagePrice: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  promisedOn: isoDateSchema,
  /** Open past the promised day (in the sale's time zone). */
  overdue: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Tasks done or not needed, of all. */
  done: z.number().int(),
  total: z.number().int(),
  partsCost: z.string(),
  labourCost: z.string(),
  /** Parts + labour of every task. */
  totalCost: z.string(),
  tasks: z.array(workOrderTaskSchema),
  timeToLine: timeToLineSchema,
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

/**
 * A task as the dealer reads it (GET /api/dealer/work-orders): what is done and how, with its
 * photos; never the shop's parts and labour costs or its internal notes (issue #43).
 */
export const dealerWorkOrderTaskSchema = workOrderTaskSchema.omit({
  partsCost: true,
  labourCost: true,
  notes: true,
});
export type DealerWorkOrderTask = z.infer<typeof dealerWorkOrderTaskSchema>;

/**
 * A work order as the dealer reads it: the package and its price (what the dealer pays), each
 * task's status, the promise and time-to-line; never the shop's costs (issue #43).
 */
export const dealerWorkOrderSchema = workOrderSchema
  .omit({ partsCost: true, labourCost: true, totalCost: true, tasks: true })
  .extend({ tasks: z.array(dealerWorkOrderTaskSchema) });
export type DealerWorkOrder = z.infer<typeof dealerWorkOrderSchema>;

/** What a transaction view says of its work order (admin and dealer read the same fact). */
export const saleWorkOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(WORK_ORDER_STATUSES),
  packageName: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  promisedOn: isoDateSchema,
  timeToLine: timeToLineSchema,
});
export type SaleWorkOrder = z.infer<typeof saleWorkOrderSchema>;

/** GET /api/work-orders?status=…: 'open' is to do and in progress together. */
export const workOrdersQuerySchema = z.object({
  status: z.enum([...WORK_ORDER_STATUSES, 'open']).optional(),
});

export const workOrderTaskParamsSchema = z.object({ id: idSchema(), taskId: idSchema() });

/** A cost as typed or sent: "$1,250.50", "0", 12.5; $0 to $99,999.99, normalised to "1250.50". */
export const taskCostSchema = z
  .union([z.string(), z.number()], { error: WORK_ORDER_TEXT.costInvalid })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/^\$\s*/, '');
    const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replaceAll(',', '') : text;
    const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(grouped);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : -1;
    if (cents < 0 || cents > MAX_TASK_COST_CENTS) {
      ctx.addIssue({ code: 'custom', message: WORK_ORDER_TEXT.costInvalid });
      return z.NEVER;
    }
    return centsToDecimal(cents);
  });

/** PATCH /api/work-orders/:id/tasks/:taskId: any of status (not needed says why), costs, notes. */
export const updateTaskBodySchema = z
  .strictObject({
    status: z.enum(TASK_STATUSES).optional(),
    notNeededReason: z.string().trim().max(MAX_NOT_NEEDED_REASON, WORK_ORDER_TEXT.reasonTooLong).optional(),
    partsCost: taskCostSchema.optional(),
    labourCost: taskCostSchema.optional(),
    notes: z.string().max(MAX_TASK_NOTES, WORK_ORDER_TEXT.notesTooLong).optional(),
  })
  .refine(
    (b) =>
      b.status !== undefined ||
      b.partsCost !== undefined ||
      b.labourCost !== undefined ||
      b.notes !== undefined,
    WORK_ORDER_TEXT.nothingToChange,
  )
  .refine((b) => b.status !== 'not_needed' || !!b.notNeededReason, {
    message: WORK_ORDER_TEXT.reasonRequired,
    path: ['notNeededReason'],
  });
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;
/** The body as the server reads it (costs normalised). */
export type TaskChanges = z.output<typeof updateTaskBodySchema>;

/** POST /api/work-orders/:id/tasks */
export const addTaskBodySchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, WORK_ORDER_TEXT.titleRequired)
    .max(MAX_TASK_TITLE, WORK_ORDER_TEXT.titleTooLong),
});
export type AddTaskBody = z.input<typeof addTaskBodySchema>;

/** POST /api/work-orders/:id/tasks/:taskId/photos: photos uploaded by tus (/api/photo-uploads). */
export const attachTaskPhotosBodySchema = z.strictObject({
  stage: z.enum(PHOTO_STAGES),
  photoIds: z
    .array(jsonIdSchema())
    .min(1, WORK_ORDER_TEXT.photosRequired)
    .max(MAX_TASK_PHOTOS_PER_REQUEST, WORK_ORDER_TEXT.tooManyPhotosPerRequest)
    .refine((ids) => new Set(ids).size === ids.length, WORK_ORDER_TEXT.duplicatePhoto),
});
export type AttachTaskPhotosBody = z.input<typeof attachTaskPhotosBodySchema>;

/** The staff's costs and notes form: the same rules as the body, the amounts typed as text. */
export const taskCostsFormSchema = z.object({
  partsCost: taskCostSchema,
  labourCost: taskCostSchema,
  notes: z.string().max(MAX_TASK_NOTES, WORK_ORDER_TEXT.notesTooLong),
});
export type TaskCostsForm = z.input<typeof taskCostsFormSchema>;

/** The staff's "not needed" reason, as the body's rule. */
export const notNeededFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, WORK_ORDER_TEXT.reasonRequired)
    .max(MAX_NOT_NEEDED_REASON, WORK_ORDER_TEXT.reasonTooLong),
});
export type NotNeededForm = z.input<typeof notNeededFormSchema>;

/** The admin's work order list (issue #47): its sorts, and its states ("all" is every one but cancelled). */
export const WORK_ORDER_SORTS = {
  due: 'Promised day, earliest first',
  newest: 'Newest first',
  oldest: 'Oldest first',
} as const;
export type WorkOrderSort = keyof typeof WORK_ORDER_SORTS;
export const WORK_ORDER_STATES = ['all', ...WORK_ORDER_STATUSES] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];
export const WORK_ORDER_STATE_LABELS: Record<WorkOrderState, string> = {
  all: 'All but cancelled',
  ...WORK_ORDER_STATUS_LABELS,
};

/**
 * GET /api/admin/work-orders: a page of work orders (contracts/paging.ts), filtered and sorted by
 * the server. `q` matches part of a VIN or a dealer's name, or a work order, sale or vehicle number;
 * `overdue` keeps the open ones past their promised day.
 */
export const adminWorkOrdersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(keysOf(WORK_ORDER_SORTS)).default('due'),
  state: z.enum(WORK_ORDER_STATES).default('all'),
  overdue: z.enum(['true']).optional(),
  dealerId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
});
export type AdminWorkOrdersQuery = z.input<typeof adminWorkOrdersQuerySchema>;
/** A page of work orders, with how many each state holds and how many are overdue (under dealer and search). */
export const workOrdersPageSchema = pageSchema(workOrderSchema).extend({
  counts: z.object({
    ...(Object.fromEntries(WORK_ORDER_STATES.map((s) => [s, z.number().int()])) as Record<
      WorkOrderState,
      z.ZodNumber
    >),
    overdue: z.number().int(),
  }),
});
export type WorkOrdersPage = z.infer<typeof workOrdersPageSchema>;
