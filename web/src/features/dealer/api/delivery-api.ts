import type { ConfirmDeliveryBody, CreateFloorPlanLineBody, TransportRequest } from '@contracts/delivery';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * The dealer's certified delivery and floor-plan requests (docs/design.md §15). Reads shared with the
 * Buy Now dialog (the quote, the lines) are in lib/buying/delivery-quote.ts.
 */
const refreshSales = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.transactions() });

/** POST /api/dealer/transactions/:id/transport: certified delivery for a sale already made. */
export function useOrderTransport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TransportRequest }) =>
      callApi('orderTransport', { params: { id }, body }),
    onSettled: () => refreshSales(queryClient),
  });
}

/** POST /api/dealer/transactions/:id/delivery-confirmation: odometer and photos at arrival. */
export function useConfirmDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConfirmDeliveryBody }) =>
      callApi('confirmDelivery', { params: { id }, body }),
    onSettled: () => refreshSales(queryClient),
  });
}

/** POST /api/dealer/transactions/:id/floor-plan: pay what is owed with one of the dealership's lines. */
export function usePayWithFloorPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lineId }: { id: number; lineId: number }) =>
      callApi('payWithFloorPlan', { params: { id }, body: { lineId } }),
    onSettled: () => refreshSales(queryClient),
  });
}

const refreshLines = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.floorPlanLines() });

/** POST /api/dealer/floor-plan-lines (an owner). */
export function useCreateFloorPlanLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFloorPlanLineBody) => callApi('createFloorPlanLine', { body }),
    onSuccess: () => refreshLines(queryClient),
  });
}

/** DELETE /api/dealer/floor-plan-lines/:id (an owner). */
export function useRemoveFloorPlanLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('removeFloorPlanLine', { params: { id } }),
    onSuccess: () => refreshLines(queryClient),
  });
}
