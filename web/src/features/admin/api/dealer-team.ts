import type { InviteMemberBody } from '@contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealers/:id/team: a dealership's named members and open invitations. */
export const useDealerTeam = (dealerId: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.admin.dealerTeam(dealerId),
    queryFn: () => callApi('adminDealerTeam', { params: { id: dealerId } }),
    enabled,
  });

function useTeamAction<T, R>(dealerId: number, run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.dealerTeam(dealerId) }),
  });
}

export const useAdminInvite = (dealerId: number) =>
  useTeamAction(dealerId, (body: InviteMemberBody) =>
    callApi('adminInviteMember', { params: { id: dealerId }, body }),
  );
export const useResendInvitation = (dealerId: number) =>
  useTeamAction(dealerId, (id: number) => callApi('resendInvitation', { params: { id } }));
export const useRevokeInvitation = (dealerId: number) =>
  useTeamAction(dealerId, (id: number) => callApi('revokeInvitation', { params: { id } }));
export const useDisableMember = (dealerId: number) =>
  useTeamAction(dealerId, (id: number) => callApi('disableMember', { params: { id } }));
