import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * An owner (in a password or passkey session) deactivates or replaces one of the dealership's
 * codes (docs/decisions/0031-session-strength.md); the dashboard's list is read again before the
 * mutation settles, so the row shows what the server now holds.
 */
function useTeamCodeMutation(name: 'deactivateTeamCode' | 'rotateTeamCode') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(name, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.buyCodes() }),
  });
}

/** POST /api/team/codes/:id/deactivate */
export const useDeactivateTeamCode = () => useTeamCodeMutation('deactivateTeamCode');
/** POST /api/team/codes/:id/rotate: a new code for the same holder; the old one stops working. */
export const useRotateTeamCode = () => useTeamCodeMutation('rotateTeamCode');
