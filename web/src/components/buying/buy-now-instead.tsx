import { offerAtAskingText } from '@contracts/buying';
import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { VEHICLE_TEXTS } from '@/components/vehicle/vehicle-texts';
import { formatMoney } from '@/lib/format';

/**
 * Under an offer at or above the asking price (refused as an offer, issue #27): the way to what
 * the dealer meant, buying at the asking price, without closing the dialog.
 */
export function BuyNowInstead({
  amountError,
  askingPrice,
  onBuyNowInstead,
}: {
  amountError: string | undefined;
  askingPrice: string | null;
  onBuyNowInstead?: () => void;
}) {
  if (!onBuyNowInstead || !askingPrice || amountError !== offerAtAskingText(formatMoney(askingPrice)))
    return null;
  return (
    <Button type="button" variant="primary" size="md" onClick={onBuyNowInstead}>
      <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      {`${VEHICLE_TEXTS.buyNow} at ${formatMoney(askingPrice)}`}
    </Button>
  );
}
