import type { createBuyCodeBodySchema } from '@contracts/buy-codes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import type { z } from '@/lib/zod';
import { useRefreshAdminData } from './refresh-admin-data';

type CreateBuyCodeBody = z.input<typeof createBuyCodeBodySchema>;

/** POST /api/buy-codes: a new random code for a dealer. */
export function useCreateBuyCode() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: (body: CreateBuyCodeBody) => callApi('createBuyCode', { body }),
    onSettled: refresh,
  });
}
