import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/dealers/:id {active}: Activate / Deactivate. */
export function useUpdateDealer() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      callApi('updateDealer', { params: { id }, body: { active } }),
    onSettled: refresh,
  });
}
