import type { InviteMemberBody, UpdateMemberBody } from '@contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export const useTeamMembers = () =>
  useQuery({ queryKey: queryKeys.team.members(), queryFn: () => callApi('teamMembers') });

function useTeamMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members() }),
  });
}

export const useInviteMember = () =>
  useTeamMutation((body: InviteMemberBody) => callApi('inviteMember', { body }));
export const useUpdateMember = () =>
  useTeamMutation(({ id, body }: { id: number; body: UpdateMemberBody }) =>
    callApi('updateMember', { params: { id }, body }),
  );
export const useRemoveMember = () =>
  useTeamMutation((id: number) => callApi('removeMember', { params: { id } }));
