import type { PublicVehicle } from '@contracts/vehicle';
import { Gauge } from 'lucide-react';
import { memo } from 'react';
import { BuyingActions } from '@/components/buying/buying-actions';
import { DeliveredPriceLine } from '@/components/buying/delivered-price-line';
import { CertificationBadge } from '@/components/vehicle/certification-badge';
import { GradeBadge } from '@/components/vehicle/grade-badge';
import { VinWithCopy } from '@/components/vehicle/vin-with-copy';
import { gradeOf } from '@/lib/display/condition-report';
import { formatMiles, formatMoney } from '@/lib/display/format';
import { CardGuide } from './card-guide';
import { DetailsLink, ResultArticle } from './vehicle-card';

/**
 * One vehicle in the list view: the card's fields (docs/product.md §2) in a dense row, so a dealer scanning
 * stock sees many cars a screen. A phone shows the title and price, then miles and grade beside
 * the picture, and the two actions under them; wider screens add the certification, the VIN and
 * the description to those lines and put the actions at the end of the row.
 */
export const VehicleRow = memo(function VehicleRow({
  vehicle,
  first,
}: {
  vehicle: PublicVehicle;
  first?: boolean;
}) {
  return (
    <ResultArticle vehicle={vehicle} view="list" first={first}>
      {(title, titleId) => (
        <>
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex items-baseline gap-2">
              <h3 id={titleId} className="min-w-0 truncate text-sm font-semibold text-slate-900 sm:text-base">
                {title}
                {vehicle.trim ? <span className="font-normal text-slate-500"> {vehicle.trim}</span> : null}
              </h3>
              <p className="ml-auto shrink-0 text-base font-bold text-slate-900" data-testid="price">
                {formatMoney(vehicle.price)}
              </p>
            </div>
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 sm:text-sm">
              <span className="inline-flex items-center gap-1" data-testid="mileage">
                <Gauge aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" />
                {formatMiles(vehicle.mileage)}
              </span>
              <GradeBadge grade={gradeOf(vehicle)} className="px-2 py-0.5" />
              <CertificationBadge condition={vehicle.condition} className="px-2 py-0.5 max-sm:hidden" />
              <VinWithCopy vin={vehicle.vin} className="text-xs max-md:hidden" />
            </div>
            <CardGuide vehicleId={vehicle.id} compact />
            <DeliveredPriceLine vehicleId={vehicle.id} compact />
            {vehicle.description ? (
              <p className="truncate text-sm text-slate-500 max-lg:hidden" data-testid="description">
                {vehicle.description}
              </p>
            ) : null}
          </div>
          <div className="col-span-2 grid grid-cols-[1fr_1fr_auto] items-center gap-2 sm:col-span-1 sm:flex">
            <BuyingActions
              vehicle={vehicle}
              size="sm"
              noteClassName="col-span-2 text-xs text-slate-600 sm:text-sm"
            />
            <DetailsLink vehicleId={vehicle.id} title={title} />
          </div>
        </>
      )}
    </ResultArticle>
  );
});
