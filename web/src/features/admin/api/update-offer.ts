import type { UpdateOfferBody } from '@contracts/buying';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/**
 * PATCH /api/offers/:id: accept, decline or counter a pending offer. When another admin answered
 * first the server says 409 with a message; the refetch then shows the offer's real state.
 */
export function useUpdateOffer() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOfferBody }) =>
      callApi('updateOffer', { params: { id }, body }),
    onSettled: refresh,
  });
}
