import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { readStaffSession, rememberStaffSession } from '@/lib/pwa/offline-staff-session';

/**
 * GET /api/staff/me: the staff upload session (12 h), or null. Asked even with no network, where
 * the session last seen answers (the installable staff app opens offline, lib/pwa).
 */
export const staffMeQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.staffMe(),
    queryFn: () => readStaffSession(() => readApi('staffMe')),
    networkMode: 'always',
  });
export const useStaffMe = () => useQuery(staffMeQuery());

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callApi('staffLogin', { body: { password } }),
    onSuccess: (session) => {
      rememberStaffSession(session);
      queryClient.setQueryData(queryKeys.auth.staffMe(), session);
    },
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('staffLogout'),
    onSettled: () => {
      rememberStaffSession(null);
      queryClient.setQueryData(queryKeys.auth.staffMe(), null);
    },
  });
}
