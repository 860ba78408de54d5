import { NOTIFICATION_STATUSES, type NotificationView } from '@contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export { NOTIFICATION_STATUSES };
export type NotificationStatus = NotificationView['status'];

/** GET /api/notifications[?status=]: the outbox, newest first (the latest 100). */
export const notificationsQuery = (status?: NotificationStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.notifications(status),
    queryFn: async () => (await readApi('listNotifications', { query: { limit: 100, status } })) ?? [],
  });

export const useNotifications = (status?: NotificationStatus) => useQuery(notificationsQuery(status));

/** POST /api/notifications/:id/resend: a failed, dead or suppressed message goes back to the queue. */
export function useResendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('resendNotification', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.notifications().slice(0, 2) }),
  });
}
