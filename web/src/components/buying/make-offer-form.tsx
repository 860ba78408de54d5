import { BUYING_TEXT, type OfferForm, offerAtAskingText, offerFormSchema } from '@contracts/buying';
import { type ReactNode, useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { newIdempotencyKey } from '@/lib/api/new-idempotency-key';
import { useDealerMe } from '@/lib/auth/dealer-session';
import { useCreateOffer } from '@/lib/buying/create-offer';
import { useSaleTerms } from '@/lib/buying/get-sale-terms';
import { formatMoney } from '@/lib/display/format';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { BuyCodeField } from './buy-code-field';
import { BuyCodeHelp } from './buy-code-help';
import { GuaranteeLines, guaranteeOf } from './guarantee-terms';
import { MemberMakeOffer } from './member-buying';
import { OfferAmountField } from './offer-amount-field';
import { atOrAboveAsking } from './offer-at-asking';
import { offerToasts } from './offer-toasts';
import { ReconPackagePicker } from './recon-package-picker';
import { TransportQuoteHelper } from './transport-quote-helper';

interface MakeOfferProps {
  vehicleId: number;
  askingPrice: string | null;
  /** The car's certification: the guarantee it would be sold with (ADR 0040). */
  condition?: string | null;
  onDone: () => void;
  /** Switches the dialog to Buy Now when the amount is at or above the asking price. */
  onBuyNowInstead?: () => void;
}

/**
 * The Make Offer form (docs/product.md §2, §5): amount and buy code, with the spec's messages; a signed-in
 * team member gives only the amount (docs/design.md §10).
 */
export function MakeOfferForm(props: MakeOfferProps) {
  const me = useDealerMe();
  // The reconditioning package asked for with the offer (docs/design.md §14): added when it is accepted.
  const [reconPackageId, setReconPackageId] = useState<number | null>(null);
  const choose = useCallback((id: number | null) => setReconPackageId(id), []);
  const picker = (
    <>
      <OfferGuarantee condition={props.condition} />
      <ReconPackagePicker
        value={reconPackageId}
        onChange={choose}
        vehiclePrice={null}
        note="Its price is added to your offer's amount when the offer is accepted."
      />
      {/* A signed-in dealer may see what delivery would cost (the quote is a dealer's endpoint). */}
      {me.data ? <TransportQuoteHelper vehicleId={props.vehicleId} /> : null}
    </>
  );
  if (me.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (me.data?.member)
    return (
      <MemberMakeOffer member={me.data.member} {...props} reconPackageId={reconPackageId} picker={picker} />
    );
  return <CodeOfferForm {...props} reconPackageId={reconPackageId} picker={picker} />;
}

function CodeOfferForm({
  vehicleId,
  askingPrice,
  onDone,
  onBuyNowInstead,
  reconPackageId,
  picker,
}: MakeOfferProps & { reconPackageId: number | null; picker: ReactNode }) {
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const createOffer = useCreateOffer();
  const form = useForm<OfferForm>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: { amount: '', buyCode: '' },
  });
  const field = bindFields(form);

  const onSubmit = form.handleSubmit((values) => {
    if (atOrAboveAsking(values.amount, askingPrice)) {
      form.setError('amount', { message: offerAtAskingText(formatMoney(askingPrice)) });
      return;
    }
    createOffer.mutate(
      // The resolver hands over the contract's output: a normalised amount, a trimmed upper-case code.
      { vehicleId, amount: values.amount, buyCode: values.buyCode, idempotencyKey, reconPackageId },
      offerToasts(onDone, setIdempotencyKey),
    );
  });

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <OfferAmountField
          amount={field('amount')}
          askingPrice={askingPrice}
          onBuyNowInstead={onBuyNowInstead}
        />
        {picker}
        <BuyCodeField {...field('buyCode')} />
        <Button type="submit" size="lg" disabled={createOffer.isPending}>
          {createOffer.isPending ? BUYING_TEXT.processing : 'Submit Offer'}
        </Button>
      </form>
      <BuyCodeHelp />
    </div>
  );
}

/** The guarantee an accepted offer buys the car with: the same lines as Buy Now and the bill of sale. */
function OfferGuarantee({ condition }: { condition: string | null | undefined }) {
  const terms = useSaleTerms();
  if (!terms.data) return null;
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-900">
      <p className="font-medium text-slate-600">Guarantee</p>
      <GuaranteeLines guarantee={guaranteeOf(terms.data, condition)} />
    </div>
  );
}
