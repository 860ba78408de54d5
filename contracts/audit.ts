/** The audit log (admin's Activity tab). */
import { pageQuerySchema, pageSchema } from './paging';
import { z } from './zod';

/** GET /api/audit: a page of the log, newest first (contracts/paging.ts), of one kind of thing or all. */
export const auditQuerySchema = pageQuerySchema.extend({
  entity: z.enum(['vehicle', 'offer', 'dealer', 'buy_code', 'transaction']).optional(),
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
export const auditPageSchema = pageSchema(auditEntrySchema);
