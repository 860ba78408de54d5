import type { ConditionReport, ConditionReportBody, PhotoKind } from '@contracts/condition-report';
import type { AdminVehicle } from '@contracts/vehicle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { refreshAdminData } from './refresh-admin-data';

export type PhotoRef = { id: number; kind: PhotoKind };

/** GET /api/vehicles/:id with the admin session: the whole condition report of any vehicle. */
export const useAdminVehicle = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.vehicles.detail(id),
    queryFn: () => callApi('getVehicle', { params: { id } }) as Promise<AdminVehicle>,
    enabled,
  });

/**
 * The photo and report edits of one vehicle. Each answers the vehicle's whole condition report;
 * the admin lists and the public pages are refreshed after it.
 */
export function useConditionEdits(id: number) {
  const queryClient = useQueryClient();
  const after = async (report: Promise<ConditionReport>) => {
    const answer = await report;
    void refreshAdminData(queryClient);
    return answer;
  };
  return {
    attach: (photos: PhotoRef[]) => after(callApi('attachPhotos', { params: { id }, body: { photos } })),
    reorder: (photos: PhotoRef[]) => after(callApi('reorderPhotos', { params: { id }, body: { photos } })),
    remove: (photoId: number) => after(callApi('deletePhoto', { params: { id, photoId } })),
    saveReport: (body: ConditionReportBody) =>
      after(callApi('updateConditionReport', { params: { id }, body })),
  };
}
