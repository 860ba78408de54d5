import type { AdminTransaction } from '@contracts/transactions';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

function uploadBillOfSale(id: number, file: File): Promise<AdminTransaction> {
  const form = new FormData();
  form.append('billOfSale', file);
  return callApi('uploadBillOfSale', { params: { id }, body: form });
}

/** POST /api/transactions/:id/bill-of-sale (multipart, field billOfSale). */
export function useUploadBillOfSale() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadBillOfSale(id, file),
    onSettled: refresh,
  });
}
