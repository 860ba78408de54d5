import type { AdminVehicle } from '@contracts/vehicle';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/**
 * PATCH /api/vehicles/:id {status, inQueue:false}: Remove Listing ('removed') or Reactivate
 * ('active'). Reactivating a sold vehicle cancels its open transaction on the server.
 */
export function useChangeListingStatus() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'removed' }) =>
      callApi('updateVehicle', { params: { id }, body: { status, inQueue: false } }) as Promise<AdminVehicle>,
    onSettled: refresh,
  });
}
