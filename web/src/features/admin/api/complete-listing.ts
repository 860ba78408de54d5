import type { completeListingBodySchema } from '@contracts/listings';
import type { AdminVehicle } from '@contracts/vehicle';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import type { z } from '@/lib/zod';
import { useRefreshAdminData } from './refresh-admin-data';

export type CompleteListingBody = z.input<ReturnType<typeof completeListingBodySchema>>;

/** PATCH /api/vehicles/:id (queue completion): the vehicle goes public at once. */
export function useCompleteListing() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CompleteListingBody }) =>
      callApi('updateVehicle', { params: { id }, body }) as Promise<AdminVehicle>,
    onSettled: refresh,
  });
}
