import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { vehiclePath } from '@contracts/routes';
import type { HeldVehicle } from '@contracts/vehicle';
import { Clock } from 'lucide-react';
import { Link } from 'wouter';
import { BuyNowButton } from '@/components/buying/buy-now-button';
import { MakeOfferButton } from '@/components/buying/make-offer-button';
import { Button } from '@/components/ui/button';
import { FirstLookBadge } from '@/components/vehicle/first-look-badge';
import { GradeBadge } from '@/components/vehicle/grade-badge';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { VehiclePicture } from '@/components/vehicle/vehicle-picture';
import { coverPhotoOf, gradeOf } from '@/lib/condition-report';
import { formatMiles, formatMoney } from '@/lib/format';
import { vehiclePicture, vehicleTitle } from '@/lib/vehicle-title';
import { useFirstLooks } from '../api/first-looks';

/**
 * Dashboard → First look (DESIGN.md §13): the cars an admin held for this dealership because they
 * match its buy orders, until when, with Buy Now and Make Offer right there (the other dealers do
 * not see them yet). The soonest to be released first; read again every minute.
 */
export function FirstLookSection() {
  const looks = useFirstLooks();
  return (
    <section
      id="first-look"
      aria-labelledby="first-look-title"
      aria-busy={looks.isPending}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="first-look-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {FIRST_LOOK_TEXT.dashboardTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{FIRST_LOOK_TEXT.dashboardText}</p>
      {looks.isPending ? (
        <div className="mt-4 h-20 animate-pulse rounded-xl bg-slate-100">
          <span className="sr-only">Loading first looks…</span>
        </div>
      ) : looks.isError ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          <p>Could not load the cars held for you: {looks.error.message}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void looks.refetch()}>
            Try again
          </Button>
        </div>
      ) : !looks.data?.length ? (
        <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">{FIRST_LOOK_TEXT.dashboardEmpty}</p>
          <p className="mt-1">{FIRST_LOOK_TEXT.dashboardEmptyText}</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3">
          {looks.data.map((vehicle) => (
            <FirstLookItem key={vehicle.id} vehicle={vehicle} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FirstLookItem({ vehicle }: { vehicle: HeldVehicle }) {
  const title = vehicleTitle(vehicle);
  const titleId = `first-look-${vehicle.id}`;
  const cover = coverPhotoOf(vehicle);
  return (
    <li
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
    </li>
  );
}
