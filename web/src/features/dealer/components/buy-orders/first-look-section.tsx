import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import { vehiclePath } from '@contracts/routes';
import type { HeldVehicle } from '@contracts/vehicle';
import { Link } from 'wouter';
import { BuyNowButton } from '@/components/buying/buy-now-button';
import { MakeOfferButton } from '@/components/buying/make-offer-button';
import { AnchoredItem } from '@/components/ui/anchored-item';
import { QuerySection } from '@/components/ui/query-states';
import { FirstLookBadge } from '@/components/vehicle/first-look-badge';
import { GradeBadge } from '@/components/vehicle/grade-badge';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { VehiclePicture } from '@/components/vehicle/vehicle-picture';
import { coverPhotoOf, gradeOf } from '@/lib/display/condition-report';
import { formatMiles, formatMoney } from '@/lib/display/format';
import { vehiclePicture, vehicleTitle } from '@/lib/display/vehicle-title';
import { useFirstLooks } from '../../api/first-looks';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';

/**
 * Dashboard → First look (docs/design.md §13): the cars an admin held for this dealership because they
 * match its buy orders, until when, with Buy Now and Make Offer right there (the other dealers do
 * not see them yet). The soonest to be released first; read again every minute. "Needs you" links
 * to each (`#first-look-12`, the car's id).
 */
export function FirstLookSection() {
  const looks = useFirstLooks();
  return (
    <QuerySection section={DASHBOARD_SECTIONS.firstLook} query={looks}>
      {(list) => (
        <ul className="mt-4 grid gap-3">
          {list.map((vehicle) => (
            <FirstLookItem key={vehicle.id} vehicle={vehicle} />
          ))}
        </ul>
      )}
    </QuerySection>
  );
}

function FirstLookItem({ vehicle }: { vehicle: HeldVehicle }) {
  const title = vehicleTitle(vehicle);
  const anchor = dealerItemAnchor('firstLook', vehicle.id);
  const titleId = `${anchor}-title`;
  const cover = coverPhotoOf(vehicle);
  return (
    <AnchoredItem
      anchor={anchor}
      aria-labelledby={titleId}
      className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-xl border border-brand-100 bg-brand-50/40 p-3 sm:grid-cols-[7rem_minmax(0,1fr)_auto]"
    >
      <div className="self-start overflow-hidden rounded-md bg-slate-100">
        {cover ? (
          <PhotoPicture photo={cover} alt="" sizes="112px" className="aspect-[4/3] w-full" />
        ) : (
          <VehiclePicture src={vehiclePicture(vehicle)} make={vehicle.make} alt="" width={112} />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={titleId} className="min-w-0 truncate font-semibold text-slate-900">
          <Link href={vehiclePath(vehicle.id)} className="hover:underline">
            {title}
            {vehicle.trim ? <span className="font-normal text-slate-500"> {vehicle.trim}</span> : null}
          </Link>
        </h3>
        <p className="text-base font-bold text-slate-900">{formatMoney(vehicle.price)}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 sm:text-sm">
          <span>{formatMiles(vehicle.mileage)}</span>
          <GradeBadge grade={gradeOf(vehicle)} className="px-2 py-0.5" />
          <FirstLookBadge until={vehicle.firstLookUntil} />
        </div>
      </div>
      <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:flex sm:flex-col">
        <BuyNowButton vehicle={vehicle} size="sm" />
        <MakeOfferButton vehicle={vehicle} size="sm" />
      </div>
    </AnchoredItem>
  );
}
