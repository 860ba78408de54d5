import { NOTIFICATION_STATUSES, type NotificationView } from '@contracts/notifications';
import type { PageQuery } from '@contracts/paging';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export { NOTIFICATION_STATUSES };
export type NotificationStatus = NotificationView['status'];

/** GET /api/notifications[?status=]: a page of the outbox, newest first (issue #47: paged by the server). */
export const notificationsQuery = (status: NotificationStatus | undefined, page: Partial<PageQuery>) =>
  queryOptions({
    queryKey: [
      ...queryKeys.admin.notifications(status),
      page.cursor ?? 'first',
      page.limit ?? 'default',
    ] as const,
    queryFn: async () =>
      (await readApi('listNotifications', { query: { ...page, status } })) ?? {
        items: [],
        nextCursor: null,
        total: 0,
      },
    placeholderData: keepPreviousData,
  });

export const useNotifications = (status: NotificationStatus | undefined, page: Partial<PageQuery>) =>
  useQuery(notificationsQuery(status, page));

/** POST /api/notifications/:id/resend: a failed, dead or suppressed message goes back to the queue. */
export function useResendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('resendNotification', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.notifications().slice(0, 2) }),
  });
}
