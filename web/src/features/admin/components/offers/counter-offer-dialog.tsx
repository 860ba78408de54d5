import { ADMIN_TEXT } from '@contracts/admin';
import {
  type CounterOfferForm,
  counterBandText,
  counterOfferFormSchema,
  type OfferView,
} from '@contracts/buying';
import { formatCents, toCents } from '@contracts/money';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { Modal } from '@/components/ui/modal';
import { MoneyField } from '@/components/ui/money-field';
import { formatMoney } from '@/lib/display/format';
import { packageText } from '@/lib/display/sale-state';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { offerVehicleTitle } from './offer-format';

const EMPTY: CounterOfferForm = { counterAmount: '', counterMessage: '' };

/**
 * The counter dialog (docs/product.md §2): 'Counter Amount ($)', 'Message (Optional)', and 'Send Counter
 * Offer', disabled while the amount is empty or a request is in flight. An amount error shows
 * after Send and goes away as soon as the amount changes.
 */
export function CounterOfferDialog({
  offer,
  open,
  onOpenChange,
  isPending,
  onSend,
}: {
  offer: OfferView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onSend: (counterAmount: string, counterMessage: string | null) => void;
}) {
  const form = useForm<CounterOfferForm>({
    resolver: zodResolver(counterOfferFormSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const field = bindFields(form);
  const amount = useWatch({ control: form.control, name: 'counterAmount' });
  // A blank amount is never sent: the disabled button also stops Enter (implicit submission).
  const hasAmount = amount.trim() !== '';

  // The band the server enforces too: above the dealer's offer, below the asking price.
  const offered = toCents(offer.amount) ?? 0;
  const asking = offer.vehicle.price ? toCents(offer.vehicle.price) : null;
  const band = counterBandText(formatCents(offered), asking === null ? null : formatCents(asking));
  const onSubmit = form.handleSubmit((values) => {
    if (isPending) return;
    const counter = toCents(values.counterAmount) ?? 0;
    if (counter <= offered || (asking !== null && counter >= asking)) {
      form.setError('counterAmount', { message: band });
      return;
    }
    onSend(values.counterAmount, values.counterMessage ?? null);
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
      title="Counter Offer"
      description={`${offer.dealer.dealerName} offered ${formatMoney(offer.amount)} on the ${offerVehicleTitle(offer)}${
        offer.vehicle.price ? ` (listed at ${formatMoney(offer.vehicle.price)})` : ''
      }${offer.reconPackage ? `, with the ${packageText(offer.reconPackage)} reconditioning package added to the sale` : ''}.`}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <MoneyField
          label={ADMIN_TEXT.counterAmount}
          hint={
            asking === null
              ? `More than ${formatCents(offered)}`
              : `Between ${formatCents(offered)} and ${formatCents(asking)}`
          }
          {...field('counterAmount', { onChange: () => form.clearErrors('counterAmount') })}
        />
        <TextAreaField
          label={ADMIN_TEXT.counterMessage}
          maxLength={1000}
          {...form.register('counterMessage')}
        />
        <Button type="submit" disabled={!hasAmount || isPending}>
          {isPending ? 'Sending…' : ADMIN_TEXT.sendCounter}
        </Button>
      </form>
    </Modal>
  );
}
