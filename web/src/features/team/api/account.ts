import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { createPasskey } from './passkey-ceremonies';

export const usePasskeys = () =>
  useQuery({ queryKey: queryKeys.team.passkeys(), queryFn: () => callApi('memberPasskeys') });

/** Adds a passkey to the signed-in member's account. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const response = await createPasskey(await callApi('passkeyOptions', { body: {} }));
      return callApi('addPasskey', { body: { response, name } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.passkeys() }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('deletePasskey', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.passkeys() }),
  });
}

export const useChangeMemberPassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword?: string; newPassword: string }) =>
      callApi('memberPassword', { body }),
  });
