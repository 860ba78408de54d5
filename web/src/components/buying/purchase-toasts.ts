import { BUYING_TEXT } from '@contracts/buying';
import { type ToastOptions, toast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '@/lib/api/new-idempotency-key';

/**
 * Buy Now's answer, for both buy forms (a code, a signed-in member): success says so and closes the
 * dialog; a refusal is said (`refusal`) and ends the attempt, so the next try is a new request with
 * a new Idempotency-Key.
 */
export const purchaseToasts = (
  onDone: () => void,
  setIdempotencyKey: (key: string) => void,
  refusal: (error: Error) => Omit<ToastOptions, 'variant'>,
) => ({
  onSuccess: () => {
    toast({ title: BUYING_TEXT.buySuccessTitle, description: BUYING_TEXT.buySuccess });
    onDone();
  },
  onError: (error: Error) => {
    toast({ variant: 'destructive', ...refusal(error) });
    setIdempotencyKey(newIdempotencyKey());
  },
});
