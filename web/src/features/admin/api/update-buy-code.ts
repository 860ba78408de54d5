import type { updateBuyCodeBodySchema } from '@contracts/buy-codes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import type { z } from '@/lib/zod';
import { useRefreshAdminData } from './refresh-admin-data';

export type UpdateBuyCodeBody = z.input<typeof updateBuyCodeBodySchema>;

/** PATCH /api/buy-codes/:id: activate/deactivate, max uses, expiry. */
export function useUpdateBuyCode() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateBuyCodeBody }) =>
      callApi('updateBuyCode', { params: { id }, body }),
    onSettled: refresh,
  });
}
