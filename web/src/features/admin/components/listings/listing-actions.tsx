import { ADMIN_TEXT } from '@contracts/admin';
import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import type { AdminListing } from '@contracts/listings';
import { RotateCcw, Trash2, Unlock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/display/format';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { ADMIN_LABELS } from '../../admin-texts';
import { useChangeListingStatus } from '../../api/change-listing-status';
import { useReleaseFirstLook } from '../../api/release-first-look';

/** 'Remove Listing', asked first: the car leaves the public listings and its open offers close. */
export function RemoveListingButton({ vehicle }: { vehicle: AdminListing }) {
  const change = useChangeListingStatus();
  const name = vehicleTitle(vehicle);
  return (
    <ConfirmDialog
      title="Remove this listing?"
      description={`${name} (VIN ${vehicle.vin}) will be taken off the public listings, and any open offers on it will be declined.`}
      confirmLabel={ADMIN_LABELS.removeListing}
      destructive
      onConfirm={() =>
        change.mutate(
          { id: vehicle.id, status: 'removed' },
          {
            onSuccess: () => toast({ title: ADMIN_TEXT.listingRemoved, description: name }),
            onError: (error) =>
              toast({ variant: 'destructive', title: ADMIN_TEXT.removeFailed, description: error.message }),
          },
        )
      }
      trigger={
        <Button variant="outline" size="sm" disabled={change.isPending} className="text-red-700">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {ADMIN_LABELS.removeListing}
          <span className="sr-only">: {name}</span>
        </Button>
      }
    />
  );
}

/**
 * 'Reactivate Listing'. For a sold car it undoes the sale: the confirmation names the buying
 * dealer, and the server cancels that transaction and re-lists the car in one DB transaction.
 */
export function ReactivateListingButton({ vehicle }: { vehicle: AdminListing }) {
  const change = useChangeListingStatus();
  const name = vehicleTitle(vehicle);
  const sale = vehicle.status === 'sold' ? vehicle.sale : null;
  return (
    <ConfirmDialog
      title={sale ? `Undo the sale to ${sale.dealerName}?` : 'Reactivate this listing?'}
      description={
        sale
          ? `${name} was sold to ${sale.dealerName} for ${formatMoney(sale.amount)}. Reactivating cancels that transaction and lists the vehicle for sale again. This cannot be undone.`
          : `${name} (VIN ${vehicle.vin}) will be listed for sale again.`
      }
      confirmLabel={ADMIN_LABELS.reactivateListing}
      destructive={!!sale}
      onConfirm={() =>
        change.mutate(
          { id: vehicle.id, status: 'active' },
          {
            onSuccess: () => toast({ title: ADMIN_TEXT.reactivated, description: name }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: ADMIN_TEXT.reactivateFailed,
                description: error.message,
              }),
          },
        )
      }
      trigger={
        <Button variant="outline" size="sm" disabled={change.isPending}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {ADMIN_LABELS.reactivateListing}
          <span className="sr-only">: {name}</span>
        </Button>
      }
    />
  );
}

/**
 * 'Release now': a car held for a first look goes to everyone at once (asked first: the dealers it
 * is held for lose their head start).
 */
export function ReleaseFirstLookButton({ vehicle }: { vehicle: AdminListing }) {
  const release = useReleaseFirstLook();
  const name = vehicleTitle(vehicle);
  return (
    <ConfirmDialog
      title="Release this car to everyone now?"
      description={`${name} is held for the dealers whose buy orders match it. Released, every dealer sees it and can buy it.`}
      confirmLabel={FIRST_LOOK_TEXT.releaseNow}
      onConfirm={() =>
        release.mutate(vehicle.id, {
          onSuccess: () => toast({ title: FIRST_LOOK_TEXT.released, description: name }),
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Could not release', description: error.message }),
        })
      }
      trigger={
        <Button variant="outline" size="sm" disabled={release.isPending}>
          <Unlock aria-hidden="true" className="h-4 w-4" />
          {FIRST_LOOK_TEXT.releaseNow}
          <span className="sr-only">: {name}</span>
        </Button>
      }
    />
  );
}
