import { HandCoins } from 'lucide-react';
import { lazy } from 'react';
import { VEHICLE_TEXTS } from '@/components/vehicle/vehicle-texts';
import { VehicleActionDialog, type VehicleActionProps } from './vehicle-action-dialog';

// The form (and its validation library) loads when the dialog first opens, not with the listings.
const MakeOfferForm = lazy(() =>
  import('@/components/buying/make-offer-form').then((m) => ({ default: m.MakeOfferForm })),
);

/** 'Make Offer' and its dialog: an amount and the dealer's buy code (spec §2, §5). */
export function MakeOfferButton(props: VehicleActionProps) {
  return (
    <VehicleActionDialog
      {...props}
      label={VEHICLE_TEXTS.makeOffer}
      icon={HandCoins}
      variant="outline"
      renderForm={(close) => (
        <MakeOfferForm vehicleId={props.vehicle.id} askingPrice={props.vehicle.price} onDone={close} />
      )}
    />
  );
}
