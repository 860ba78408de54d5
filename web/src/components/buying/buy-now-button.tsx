import { ShoppingCart } from 'lucide-react';
import { lazy } from 'react';
import { VEHICLE_TEXTS } from '@/components/vehicle/vehicle-texts';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { VehicleActionDialog, type VehicleActionProps } from './vehicle-action-dialog';

// The form (and its validation library) loads when the dialog first opens, not with the listings.
const BuyNowForm = lazy(() =>
  import('@/components/buying/buy-now-form').then((m) => ({ default: m.BuyNowForm })),
);

/** 'Buy Now' and its dialog: buy instantly with the dealer's buy code (docs/product.md §2). */
export function BuyNowButton(props: VehicleActionProps) {
  return (
    <VehicleActionDialog
      {...props}
      label={VEHICLE_TEXTS.buyNow}
      icon={ShoppingCart}
      variant="primary"
      renderForm={(close) => (
        <BuyNowForm
          vehicle={{
            id: props.vehicle.id,
            title: vehicleTitle(props.vehicle),
            price: props.vehicle.price,
            condition: props.vehicle.condition,
          }}
          onDone={close}
        />
      )}
    />
  );
}
