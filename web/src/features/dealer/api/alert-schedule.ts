import type { AlertSchedule } from '@contracts/alert-delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealer/alert-schedule: when the person's alerts arrive. */
export const useAlertSchedule = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.alertSchedule(),
    queryFn: () => readApi('dealerAlertSchedule'),
  });

/** PUT /api/dealer/alert-schedule */
export function useUpdateAlertSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSchedule) => callApi('updateAlertSchedule', { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.dealerPortal.alertSchedule(), saved),
  });
}
