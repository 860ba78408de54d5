import { DELIVERED_PRICE_TEXT } from '@contracts/delivered-price-texts';
import type { ButtonSize } from '@/components/ui/button';
import { useBuyingViewer } from '@/lib/buying/delivered-price';
import { BuyNowButton } from './buy-now-button';
import { MakeOfferButton } from './make-offer-button';
import type { VehicleActionProps } from './vehicle-action-dialog';

/**
 * A car's Buy Now and Make Offer (docs/product.md §2), or, for a team viewer, who may buy instead
 * (issue #46; docs/design.md §10: viewers only look, so they are offered nothing they cannot do).
 * Everyone else — a visitor with a code, a buyer, an owner — gets both buttons; the server renders
 * them too (it renders every page signed out).
 */
export function BuyingActions({
  vehicle,
  size,
  className,
  noteClassName,
}: Pick<VehicleActionProps, 'vehicle' | 'className'> & { size?: ButtonSize; noteClassName?: string }) {
  const { isViewer } = useBuyingViewer();
  if (isViewer)
    return (
      <p className={noteClassName ?? 'text-sm text-slate-600'} data-testid="buying-is-for">
        {DELIVERED_PRICE_TEXT.buyingIsFor}
      </p>
    );
  return (
    <>
      <BuyNowButton vehicle={vehicle} size={size} className={className} />
      <MakeOfferButton vehicle={vehicle} size={size} className={className} />
    </>
  );
}
