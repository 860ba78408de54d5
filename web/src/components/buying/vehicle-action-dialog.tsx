import type { PublicVehicle } from '@contracts/vehicle';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { vehicleTitle } from '@/lib/vehicle-title';

export interface VehicleActionProps {
  vehicle: PublicVehicle;
  size?: ButtonSize;
  className?: string;
}

/**
 * A vehicle's action button and its dialog (Buy Now, Make Offer). The form is rendered only while
 * the dialog is open, inside its own Suspense, so a lazily loaded form never blanks the page.
 */
export function VehicleActionDialog({
  vehicle,
  size = 'md',
  className,
  label,
  icon: Icon,
  variant,
  renderForm,
}: VehicleActionProps & {
  label: string;
  icon: LucideIcon;
  variant: ButtonVariant;
  renderForm: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={label}
      description={vehicleTitle(vehicle)}
      trigger={
        <Button variant={variant} size={size} className={className}>
          <Icon aria-hidden="true" className="h-4 w-4" />
          {label}
        </Button>
      }
    >
      {open ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
          {renderForm(() => setOpen(false))}
        </Suspense>
      ) : null}
    </Modal>
  );
}
