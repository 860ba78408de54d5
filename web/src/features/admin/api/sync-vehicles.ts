import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

export interface SyncSkippedRow {
  row: number;
  vin: string | null;
  reason: string;
}
export interface SyncResult {
  created: number;
  updated: number;
  unchanged: number;
  skipped: SyncSkippedRow[];
}

/** POST /api/sync-vehicles: pulls vehicles from the spreadsheet service. */
export function useSyncVehicles() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: () => apiRequest<SyncResult>('POST', '/api/sync-vehicles'),
    onSettled: refresh,
  });
}
