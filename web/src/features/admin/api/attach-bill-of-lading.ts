import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** POST /api/transport-orders/:id/bol: photos of the bill of lading, uploaded by tus first. */
export function useAttachBillOfLading() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, photoIds }: { id: number; photoIds: number[] }) =>
      callApi('attachBillOfLading', { params: { id }, body: { photoIds } }),
    onSettled: refresh,
  });
}
