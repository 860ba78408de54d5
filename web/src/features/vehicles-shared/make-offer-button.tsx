import type { PublicVehicle } from '@contracts/vehicle';
import { HandCoins } from 'lucide-react';
import { Button, type ButtonSize } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ContactToBuy } from './contact-to-buy';
import { VEHICLE_TEXTS } from './vehicle-texts';
import { vehicleTitle } from './vehicle-title';

/** 'Make Offer' and its dialog. The offer form replaces the dialog body with the buying issue. */
export function MakeOfferButton({
  vehicle,
  size = 'md',
  className,
}: {
  vehicle: PublicVehicle;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Modal
      title={VEHICLE_TEXTS.makeOffer}
      description={vehicleTitle(vehicle)}
      trigger={
        <Button variant="outline" size={size} className={className}>
          <HandCoins aria-hidden="true" className="h-4 w-4" />
          {VEHICLE_TEXTS.makeOffer}
        </Button>
      }
    >
      <ContactToBuy vin={vehicle.vin} intent="offer" />
    </Modal>
  );
}
