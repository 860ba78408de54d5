import type { UpdateReconPackageBody } from '@contracts/recon-packages';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/recon-packages/:id: edit a package, retire it or offer it again. */
export function useUpdateReconPackage() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateReconPackageBody }) =>
      callApi('updateReconPackage', { params: { id }, body }),
    onSettled: refresh,
  });
}
