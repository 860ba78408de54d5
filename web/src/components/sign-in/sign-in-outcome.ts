import { toast } from '@/components/ui/use-toast';

/**
 * What every sign-in does when the server answers: a toast and the next page on success; a red
 * toast with the server's message (or the given fallback) on failure.
 */
export function signInOutcome(
  navigate: (to: string) => void,
  texts: { signedIn: string; failed: string; fallback: string; goTo: string },
) {
  return {
    onSuccess: () => {
      toast({ title: texts.signedIn });
      navigate(texts.goTo);
    },
    onError: (error: Error) => {
      toast({ variant: 'destructive', title: texts.failed, description: error.message || texts.fallback });
    },
  };
}
