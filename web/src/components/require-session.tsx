import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '@/components/page-loading';
import { signInPathFor } from '@/lib/auth/return-to';

/**
 * Renders children only for a signed-in viewer; otherwise goes to the sign-in page. The server
 * enforces access on every request; this only spares the user a page of refused requests.
 * `returnHere`: the sign-in comes back to this address, anchor included (lib/auth/return-to.ts).
 */
export function RequireSession({
  isLoading,
  isSignedIn,
  signInPath,
  returnHere = false,
  children,
}: {
  isLoading: boolean;
  isSignedIn: boolean;
  signInPath: string;
  returnHere?: boolean;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (isLoading || isSignedIn) return;
    const here = `${window.location.pathname}${window.location.hash}`;
    navigate(returnHere ? signInPathFor(signInPath, here) : signInPath, { replace: true });
  }, [isLoading, isSignedIn, navigate, signInPath, returnHere]);
  if (isLoading || !isSignedIn) return <PageLoading />;
  return <>{children}</>;
}
