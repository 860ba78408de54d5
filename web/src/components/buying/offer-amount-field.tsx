import { offerAtAskingText } from '@contracts/buying';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MoneyField } from '@/components/ui/money-field';
import { VEHICLE_TEXTS } from '@/components/vehicle/vehicle-texts';
import { formatMoney } from '@/lib/display/format';
import type { BoundField } from '@/lib/form-binding';

/**
 * The offer's amount, for both offer forms (a code, a signed-in member), with the asking price and
 * how long an offer stays open; under an offer at or above the asking price (refused as an offer,
 * issue #27) the way to what the dealer meant, buying at the asking price, without closing the dialog.
 */
export function OfferAmountField({
  amount,
  askingPrice,
  onBuyNowInstead,
  autoFocus,
}: {
  amount: BoundField;
  askingPrice: string | null;
  onBuyNowInstead?: (() => void) | undefined;
  autoFocus?: boolean;
}) {
  return (
    <>
      <MoneyField
        label="Offer amount ($)"
        autoFocus={autoFocus}
        hint={
          askingPrice
            ? `Asking price ${formatMoney(askingPrice)}. Your offer stays open for 48 hours.`
            : 'Your offer stays open for 48 hours.'
        }
        {...amount}
      />
      {onBuyNowInstead && askingPrice && amount.error === offerAtAskingText(formatMoney(askingPrice)) ? (
        <Button type="button" variant="primary" size="md" onClick={onBuyNowInstead}>
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {`${VEHICLE_TEXTS.buyNow} at ${formatMoney(askingPrice)}`}
        </Button>
      ) : null}
    </>
  );
}
