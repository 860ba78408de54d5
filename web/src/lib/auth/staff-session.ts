import type { StaffMeResponse } from '@contracts/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/staff/me: the staff upload session (12 h), or null. */
export const staffMeQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.staffMe(),
    queryFn: () => getJson<StaffMeResponse>('/api/staff/me'),
  });
export const useStaffMe = () => useQuery(staffMeQuery());

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<StaffMeResponse>('POST', '/api/staff/login', { password }),
    onSuccess: (session) => queryClient.setQueryData(queryKeys.auth.staffMe(), session),
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/staff/logout'),
    onSettled: () => queryClient.setQueryData(queryKeys.auth.staffMe(), null),
  });
}
