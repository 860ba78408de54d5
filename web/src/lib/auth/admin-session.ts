import type { AdminLoginBody } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { displayStorage } from '@/lib/display-storage';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/login; the session is the HttpOnly cookie, the token in the body is not kept. */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminLoginBody) =>
      apiRequest<{ token: string; email: string }>('POST', '/api/admin/login', body),
    onSuccess: ({ email }) => {
      displayStorage.setAdminEmail(email);
      queryClient.setQueryData(queryKeys.auth.adminCheck(), { authorized: true });
    },
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSettled: () => {
      displayStorage.setAdminEmail(null);
      queryClient.setQueryData(queryKeys.auth.adminCheck(), { authorized: false });
      queryClient.removeQueries({ queryKey: queryKeys.vehicles.all });
    },
  });
}
