import { SESSION_REFUSALS } from '@contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { sessionRefusalOf } from '@/lib/auth/session-proof';
import { createPasskey, signWithPasskey } from './passkey-ceremonies';

export const usePasskeys = () =>
  useQuery({ queryKey: queryKeys.team.passkeys(), queryFn: () => callApi('memberPasskeys') });

/**
 * Whether the server refused to add a credential until the session proves it again (a passkey, a
 * first password; docs/decisions/0031-session-strength.md): the page then asks for the password or a
 * passkey and tries again. The server's 5-minute window is the one truth, so nothing is timed here.
 */
export const needsReauthentication = (error: unknown) =>
  sessionRefusalOf(error) === SESSION_REFUSALS.reauthenticationRequired;

/**
 * POST /api/team/reauth: the member proves it is them again, with their password or with one of
 * their passkeys (answered to the passkey sign-in's options, as on the sign-in page).
 */
export const useReauthenticate = () =>
  useMutation({
    mutationFn: async (proof: { password: string } | { passkey: true }) => {
      if ('password' in proof) return callApi('memberReauth', { body: { password: proof.password } });
      const passkey = await signWithPasskey(await callApi('passkeySignInOptions'));
      return callApi('memberReauth', { body: { passkey } });
    },
  });

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
