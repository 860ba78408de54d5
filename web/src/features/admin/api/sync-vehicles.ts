import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** POST /api/sync-vehicles: pulls vehicles from the spreadsheet service. */
export function useSyncVehicles() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: () => callApi('syncVehicles'),
    onSettled: refresh,
  });
}
