import type { AdminLoginBody } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { displayStorage } from '@/lib/storage/display-storage';

/** POST /api/admin/login; the session is the HttpOnly cookie, the token in the body is not kept. */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLoginBody) => callApi('adminLogin', { body }),
    onSuccess: ({ email }) => {
      displayStorage.setAdminEmail(email);
      queryClient.setQueryData(queryKeys.auth.adminCheck(), { authorized: true });
    },
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('adminLogout'),
    onSettled: () => {
      displayStorage.setAdminEmail(null);
      queryClient.setQueryData(queryKeys.auth.adminCheck(), { authorized: false });
      queryClient.removeQueries({ queryKey: queryKeys.vehicles.all });
    },
  });
}
