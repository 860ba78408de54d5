import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { queryKeys } from '@/lib/api/query-keys';
import type { PurchasedVehicle } from '@/lib/buying/purchased-vehicle';

const PurchaseConfirmation = lazy(() =>
  import('./purchase-confirmation').then((m) => ({ default: m.PurchaseConfirmation })),
);

/**
 * The confirmation of the latest purchase made in this tab (issue #26), mounted beside the toaster:
 * once a vehicle is sold it leaves the listings and its page says 'Vehicle No Longer Available',
 * taking the Buy Now dialog with it, so the buyer is told what they bought and what happens next
 * from here. The purchase is read from the query client's mutation cache (its variables carry the
 * vehicle as the buyer saw it); closing the confirmation removes it.
 */
export function PurchaseConfirmationHost() {
  const queryClient = useQueryClient();
  const bought = useMutationState({
    filters: { mutationKey: queryKeys.buying.purchase(), status: 'success' },
    select: (mutation) => ({
      id: mutation.mutationId,
      vehicle: (mutation.state.variables as { vehicle: PurchasedVehicle }).vehicle,
      // Both ways of buying answer the sale's id: the confirmation links to it.
      saleId: (mutation.state.data as { transactionId?: number } | undefined)?.transactionId ?? null,
    }),
  });
  const latest = bought.at(-1);
  if (!latest) return null;
  const close = () => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey: queryKeys.buying.purchase(), status: 'success' }))
      cache.remove(mutation);
  };
  return (
    <Suspense fallback={null}>
      <PurchaseConfirmation key={latest.id} vehicle={latest.vehicle} saleId={latest.saleId} onClose={close} />
    </Suspense>
  );
}
