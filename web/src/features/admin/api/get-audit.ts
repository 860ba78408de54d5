import type { PageQuery } from '@contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export const AUDIT_ENTITIES = ['vehicle', 'offer', 'dealer', 'buy_code', 'transaction'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** GET /api/audit[?entity=]: a page of state changes, newest first (issue #47: paged by the server). */
export const auditQuery = (entity: AuditEntity | undefined, page: Partial<PageQuery>) =>
  queryOptions({
    queryKey: [...queryKeys.admin.audit(entity), page.cursor ?? 'first', page.limit ?? 'default'] as const,
    queryFn: async () =>
      (await readApi('listAudit', { query: { ...page, entity } })) ?? {
        items: [],
        nextCursor: null,
        total: 0,
      },
    placeholderData: keepPreviousData,
  });

export const useAudit = (entity: AuditEntity | undefined, page: Partial<PageQuery>) =>
  useQuery(auditQuery(entity, page));
