import type { EditListingBody } from '@contracts/listings';
import type { AdminVehicle } from '@contracts/vehicle';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/vehicles/:id `{action: 'edit', expectedUpdatedAt, …}`: a published listing's price, mileage, text, certification. */
export function useEditListing() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditListingBody }) =>
      callApi('updateVehicle', { params: { id }, body }) as Promise<AdminVehicle>,
    onSettled: refresh,
  });
}
