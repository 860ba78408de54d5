import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/staff/me: the staff upload session (12 h), or null. */
export const staffMeQuery = () =>
  queryOptions({ queryKey: queryKeys.auth.staffMe(), queryFn: () => readApi('staffMe') });
export const useStaffMe = () => useQuery(staffMeQuery());

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callApi('staffLogin', { body: { password } }),
    onSuccess: (session) => queryClient.setQueryData(queryKeys.auth.staffMe(), session),
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('staffLogout'),
    onSettled: () => queryClient.setQueryData(queryKeys.auth.staffMe(), null),
  });
}
