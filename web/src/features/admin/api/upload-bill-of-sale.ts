import type { AdminTransaction } from '@contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

async function uploadBillOfSale(id: number, file: File): Promise<AdminTransaction> {
  const form = new FormData();
  form.append('billOfSale', file);
  // Multipart, so not through apiRequest (which sends JSON); the error model is the same.
  const response = await fetch(`/api/transactions/${id}/bill-of-sale`, {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  const text = await response.text();
  let body: { message?: unknown; error?: unknown } | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (!response.ok)
      throw new ApiError(response.status, text || `${response.status} ${response.statusText}`);
  }
  if (!response.ok) {
    const message =
      typeof body?.message === 'string'
        ? body.message
        : typeof body?.error === 'string'
          ? body.error
          : `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, message, body);
  }
  return body as unknown as AdminTransaction;
}

/** POST /api/transactions/:id/bill-of-sale (multipart, field billOfSale). */
export function useUploadBillOfSale() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadBillOfSale(id, file),
    onSettled: refresh,
  });
}
