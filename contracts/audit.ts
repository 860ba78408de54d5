/** The audit log (admin's Activity tab). */
import { z } from './zod';

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
