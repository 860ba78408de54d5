import type { DealerInfo } from '@contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { displayStorage } from '@/lib/storage/display-storage';
import { createPasskey, signWithPasskey } from './passkey-ceremonies';

/** After any member sign-in: the dashboard's "who am I" is known, and the dealer name shown. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (dealer: DealerInfo) => {
    displayStorage.setDealerName(dealer.dealerName);
    queryClient.setQueryData(queryKeys.auth.dealerMe(), dealer);
  };
}

/** POST /api/team/login: e-mail and password. */
export function useMemberLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => callApi('memberLogin', { body }),
    onSuccess: signedIn,
  });
}

/** "Sign in with a passkey": options from the server, the browser's prompt, then the check. */
export function usePasskeySignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async () => {
      const options = await callApi('passkeySignInOptions');
      const response = await signWithPasskey(options);
      return callApi('passkeySignIn', { body: { response } });
    },
    onSuccess: signedIn,
  });
}

/** POST /api/team/invitation: whose invitation a link is (the token stays in the page). */
export const useInvitation = (token: string | null) =>
  useQuery({
    queryKey: queryKeys.team.invitation(token),
    queryFn: () => callApi('readInvitation', { body: { token: token! } }),
    enabled: !!token,
    retry: false,
  });

/** Accepts an invitation with a password, or with a new passkey. */
export function useAcceptInvitation() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: { token: string; password?: string; withPasskey?: boolean }) => {
      const passkey = input.withPasskey
        ? await createPasskey(await callApi('invitationPasskeyOptions', { body: { token: input.token } }))
        : undefined;
      return callApi('acceptInvitation', {
        body: {
          token: input.token,
          ...(input.password ? { password: input.password } : {}),
          ...(passkey ? { passkey } : {}),
        },
      });
    },
    onSuccess: signedIn,
  });
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => callApi('requestPasswordReset', { body: { email } }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) => callApi('resetPassword', { body }),
  });

/** The token of a link from an e-mail: in the URL's fragment, which is never sent to a server. */
export function tokenFromLocation(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]{43})(?:&|$)/.exec(window.location.hash);
  return match?.[1] ?? null;
}
