import type { UpdateNotificationPreferencesBody } from '@contracts/notification-preferences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealer/notification-preferences: per event, e-mail and SMS on/off and who gets them. */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.notificationPreferences(),
    queryFn: () => readApi('dealerNotificationPreferences'),
  });

/** PUT /api/dealer/notification-preferences: the answer is the saved state, cached as it is. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesBody) =>
      callApi('updateDealerNotificationPreferences', { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.dealerPortal.notificationPreferences(), saved),
  });
}
