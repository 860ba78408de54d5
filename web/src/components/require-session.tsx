import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '@/components/page-loading';

/**
 * Renders children only for a signed-in viewer; otherwise goes to the sign-in page. The server
 * enforces access on every request; this only spares the user a page of refused requests.
 */
export function RequireSession({
  isLoading,
  isSignedIn,
  signInPath,
  children,
}: {
  isLoading: boolean;
  isSignedIn: boolean;
  signInPath: string;
  children: ReactNode;
}) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !isSignedIn) navigate(signInPath, { replace: true });
  }, [isLoading, isSignedIn, navigate, signInPath]);
  if (isLoading || !isSignedIn) return <PageLoading />;
  return <>{children}</>;
}
