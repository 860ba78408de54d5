import type { PublicVehicle } from '@contracts/vehicle';
import { ShoppingCart } from 'lucide-react';
import { Button, type ButtonSize } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ContactToBuy } from './contact-to-buy';
import { VEHICLE_TEXTS } from './vehicle-texts';
import { vehicleTitle } from './vehicle-title';

/** 'Buy Now' and its dialog. The buy-code form replaces the dialog body with the buying issue. */
export function BuyNowButton({
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
      title={VEHICLE_TEXTS.buyNow}
      description={vehicleTitle(vehicle)}
      trigger={
        <Button variant="primary" size={size} className={className}>
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {VEHICLE_TEXTS.buyNow}
        </Button>
      }
    >
      <ContactToBuy vin={vehicle.vin} intent="buy" />
    </Modal>
  );
}
