import { ADMIN_TEXT } from '@contracts/admin';
import { BUYING_TEXT, type OfferView } from '@contracts/buying';
import { toCents } from '@contracts/money';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { formatMoney } from '@/lib/format';
import { TextAreaField } from './fields';
import { offerVehicleTitle } from './offer-format';

/**
 * The counter dialog (spec §2): 'Counter Amount ($)', 'Message (Optional)', and 'Send Counter
 * Offer', disabled while the amount is empty or a request is in flight.
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
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!amount.trim() || isPending) return;
    if (toCents(amount) === null) {
      setError(BUYING_TEXT.amountPositive);
      return;
    }
    setError(undefined);
    onSend(amount.trim(), message.trim() || null);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setAmount('');
          setMessage('');
          setError(undefined);
        }
        onOpenChange(next);
      }}
      title="Counter Offer"
      description={`${offer.dealer.dealerName} offered ${formatMoney(offer.amount)} on the ${offerVehicleTitle(offer)}${
        offer.vehicle.price ? ` (listed at ${formatMoney(offer.vehicle.price)})` : ''
      }.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField
          label={ADMIN_TEXT.counterAmount}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          autoComplete="off"
          value={amount}
          error={error}
          onChange={(e) => {
            setAmount(e.target.value);
            setError(undefined);
          }}
        />
        <TextAreaField
          label={ADMIN_TEXT.counterMessage}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <Button type="submit" disabled={!amount.trim() || isPending}>
          {isPending ? 'Sending…' : ADMIN_TEXT.sendCounter}
        </Button>
      </form>
    </Modal>
  );
}
