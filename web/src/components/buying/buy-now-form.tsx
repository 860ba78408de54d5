import { BUYING_TEXT } from '@contracts/buying';
import { BUY_CODE_LENGTH } from '@contracts/limits';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '@/lib/new-idempotency-key';
import { usePurchaseVehicle } from './api/purchase-vehicle';
import { BuyCodeHelp } from './buy-code-help';

/**
 * The Buy Now dialog body (spec §2, §4, §5): a 4-character buy code, trimmed and upper-cased;
 * an empty code is not submitted; 'Processing...' while pending; Enter submits.
 */
export function BuyNowForm({ vehicleId, onDone }: { vehicleId: number; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const purchase = usePurchaseVehicle();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (!trimmed || purchase.isPending) return;
    purchase.mutate(
      { code: trimmed, vehicleId, idempotencyKey },
      {
        onSuccess: () => {
          toast({ title: BUYING_TEXT.buySuccessTitle, description: BUYING_TEXT.buySuccess });
          onDone();
        },
        onError: () => {
          toast({ variant: 'destructive', title: BUYING_TEXT.buyFailure });
          // A definitive refusal ends this attempt; the next one is a new request.
          setIdempotencyKey(newIdempotencyKey());
        },
      },
    );
  };

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={submit} className="grid gap-3">
        <FormField
          label="Buy code"
          hint="Your dealership's 4-character code."
          value={code}
          maxLength={BUY_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          className="[&_input]:font-mono [&_input]:text-lg [&_input]:uppercase [&_input]:tracking-[0.4em]"
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
        <Button type="submit" size="lg" disabled={purchase.isPending}>
          {purchase.isPending ? BUYING_TEXT.processing : 'Submit'}
        </Button>
      </form>
      <BuyCodeHelp />
    </div>
  );
}
