import { HandCoins } from 'lucide-react';
import { lazy, useState } from 'react';
import { VEHICLE_TEXTS } from '@/components/vehicle/vehicle-texts';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { VehicleActionDialog, type VehicleActionProps } from './vehicle-action-dialog';

// The forms (and their validation library) load when the dialog first opens, not with the listings.
const MakeOfferForm = lazy(() =>
  import('@/components/buying/make-offer-form').then((m) => ({ default: m.MakeOfferForm })),
);
const BuyNowForm = lazy(() =>
  import('@/components/buying/buy-now-form').then((m) => ({ default: m.BuyNowForm })),
);

/**
 * 'Make Offer' and its dialog: an amount and the dealer's buy code (docs/product.md §2, §5). An amount at or
 * above the asking price is no offer (issue #27): the form offers Buy Now instead, and the same
 * dialog becomes the Buy Now dialog.
 */
export function MakeOfferButton(props: VehicleActionProps) {
  const [isBuyingInstead, setBuyingInstead] = useState(false);
  return (
    <VehicleActionDialog
      {...props}
      label={VEHICLE_TEXTS.makeOffer}
      title={isBuyingInstead ? VEHICLE_TEXTS.buyNow : undefined}
      icon={HandCoins}
      variant="outline"
      onClosed={() => setBuyingInstead(false)}
      renderForm={(close) =>
        isBuyingInstead ? (
          <BuyNowForm
            vehicle={{
              id: props.vehicle.id,
              title: vehicleTitle(props.vehicle),
              price: props.vehicle.price,
              condition: props.vehicle.condition,
            }}
            onDone={close}
          />
        ) : (
          <MakeOfferForm
            vehicleId={props.vehicle.id}
            askingPrice={props.vehicle.price}
            condition={props.vehicle.condition}
            onDone={close}
            onBuyNowInstead={() => setBuyingInstead(true)}
          />
        )
      }
    />
  );
}
