import type { AdminVehicle } from '@contracts/vehicle';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/vehicles/:id {action: 'release'}: a car held for a first look, to everyone now. */
export function useReleaseFirstLook() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: (id: number) =>
      callApi('updateVehicle', { params: { id }, body: { action: 'release' } }) as Promise<AdminVehicle>,
    onSettled: refresh,
  });
}
