import type { CreateReconPackageBody } from '@contracts/recon-packages';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** POST /api/recon-packages: a new package, offered at once. */
export function useCreateReconPackage() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: (body: CreateReconPackageBody) => callApi('createReconPackage', { body }),
    onSettled: refresh,
  });
}
