import type { Dealer } from '@contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/dealers/:id {active}: Activate / Deactivate. */
export function useUpdateDealer() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiRequest<Dealer>('PATCH', `/api/dealers/${id}`, { active }),
    onSettled: refresh,
  });
}
