import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export const AUDIT_ENTITIES = ['vehicle', 'offer', 'dealer', 'buy_code', 'transaction'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** GET /api/audit[?entity=]: the latest 100 state changes. */
export const auditQuery = (entity?: AuditEntity) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(entity),
    queryFn: async () => (await readApi('listAudit', { query: { limit: 100, entity } })) ?? [],
  });

export const useAudit = (entity?: AuditEntity) => useQuery(auditQuery(entity));
