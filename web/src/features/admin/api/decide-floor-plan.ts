import type { DecideFloorPlanBody } from '@contracts/delivery';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/floor-plan-requests/:id: the lender's answer our team took down (approve, decline, fund). */
export function useDecideFloorPlan() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideFloorPlanBody }) =>
      callApi('decideFloorPlan', { params: { id }, body }),
    onSettled: refresh,
  });
}
