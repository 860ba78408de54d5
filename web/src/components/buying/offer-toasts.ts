import { BUYING_TEXT } from '@contracts/buying';
import { toast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '@/lib/api/new-idempotency-key';

/**
 * The spec's toasts for an offer's answer (docs/product.md §8), for both offer forms: success closes the dialog; a
 * refusal ends the attempt, so the next try is a new request with a new Idempotency-Key.
 */
export const offerToasts = (onDone: () => void, setIdempotencyKey: (key: string) => void) => ({
  onSuccess: () => {
    toast({ title: BUYING_TEXT.offerSuccessTitle, description: BUYING_TEXT.offerSuccess });
    onDone();
  },
  onError: (error: Error) => {
    toast({
      variant: 'destructive',
      title: BUYING_TEXT.offerFailureTitle,
      description: `${BUYING_TEXT.offerFailure}: ${error.message}`,
    });
    setIdempotencyKey(newIdempotencyKey());
  },
});
