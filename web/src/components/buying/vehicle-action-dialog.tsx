import type { PublicVehicle } from '@contracts/vehicle';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { vehicleTitle } from '@/lib/display/vehicle-title';

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
  title,
  onClosed,
  renderForm,
}: VehicleActionProps & {
  label: string;
  /** The dialog's title when it is not the button's label (Make Offer switched to Buy Now). */
  title?: string;
  /** Called when the dialog closes (a form's own state goes with it). */
  onClosed?: () => void;
  icon: LucideIcon;
  variant: ButtonVariant;
  renderForm: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClosed?.();
      }}
      title={title ?? label}
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
          {renderForm(() => {
            setOpen(false);
            onClosed?.();
          })}
        </Suspense>
      ) : null}
    </Modal>
  );
}
