import type { PublicVehicle } from '@contracts/vehicle';
import { HandCoins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonSize } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { VEHICLE_TEXTS } from './vehicle-texts';
import { vehicleTitle } from './vehicle-title';

// The form (and its validation library) loads when the dialog first opens, not with the listings.
const MakeOfferForm = lazy(() =>
  import('@/features/buying/make-offer-form').then((m) => ({ default: m.MakeOfferForm })),
);

/** 'Make Offer' and its dialog: an amount and the dealer's buy code (spec §2, §5). */
export function MakeOfferButton({
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
      title={VEHICLE_TEXTS.makeOffer}
      description={vehicleTitle(vehicle)}
      trigger={
        <Button variant="outline" size={size} className={className}>
          <HandCoins aria-hidden="true" className="h-4 w-4" />
          {VEHICLE_TEXTS.makeOffer}
        </Button>
      }
    >
      {open ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
          <MakeOfferForm vehicleId={vehicle.id} askingPrice={vehicle.price} onDone={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
