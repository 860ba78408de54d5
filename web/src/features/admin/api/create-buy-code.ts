import type { AdminBuyCode, createBuyCodeBodySchema } from '@contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { z } from '@/lib/zod';
import { useRefreshAdminData } from './refresh-admin-data';

type CreateBuyCodeBody = z.input<typeof createBuyCodeBodySchema>;

/** POST /api/buy-codes: a new random code for a dealer. */
export function useCreateBuyCode() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: (body: CreateBuyCodeBody) => apiRequest<AdminBuyCode>('POST', '/api/buy-codes', body),
    onSettled: refresh,
  });
}
