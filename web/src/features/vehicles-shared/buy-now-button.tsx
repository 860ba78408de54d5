import type { PublicVehicle } from '@contracts/vehicle';
import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonSize } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { VEHICLE_TEXTS } from './vehicle-texts';
import { vehicleTitle } from './vehicle-title';

// The form (and its validation library) loads when the dialog first opens, not with the listings.
const BuyNowForm = lazy(() =>
  import('@/features/buying/buy-now-form').then((m) => ({ default: m.BuyNowForm })),
);

/** 'Buy Now' and its dialog: buy instantly with the dealer's buy code (spec §2). */
export function BuyNowButton({
  vehicle,
  size = 'md',
  className,
}: {
  vehicle: PublicVehicle;
  size?: ButtonSize;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={VEHICLE_TEXTS.buyNow}
      description={vehicleTitle(vehicle)}
      trigger={
        <Button variant="primary" size={size} className={className}>
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {VEHICLE_TEXTS.buyNow}
        </Button>
      }
    >
      {open ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
          <BuyNowForm vehicleId={vehicle.id} onDone={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
