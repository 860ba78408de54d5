import type { updateTransactionBodySchema } from '@contracts/transactions';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import type { z } from '@/lib/zod';
import { useRefreshAdminData } from './refresh-admin-data';

export type UpdateTransactionBody = z.input<typeof updateTransactionBodySchema>;

/** PATCH /api/transactions/:id: toggle status or paid, or cancel (final; the car is re-listed). */
export function useUpdateTransaction() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTransactionBody }) =>
      callApi('updateTransaction', { params: { id }, body }),
    onSettled: refresh,
  });
}
