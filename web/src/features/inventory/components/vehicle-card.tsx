import { vehiclePath } from '@contracts/routes';
import type { PublicVehicle } from '@contracts/vehicle';
import { isPlayableVideoUrl } from '@contracts/vehicle-display';
import { ArrowUpRight, Gauge, Play } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BuyingActions } from '@/components/buying/buying-actions';
import { DeliveredPriceLine } from '@/components/buying/delivered-price-line';
import { CertificationBadge } from '@/components/vehicle/certification-badge';
import { GradeBadge } from '@/components/vehicle/grade-badge';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { VehiclePicture } from '@/components/vehicle/vehicle-picture';
import { VideoDialog } from '@/components/vehicle/video-dialog';
import { VinWithCopy } from '@/components/vehicle/vin-with-copy';
import { coverPhotoOf, gradeOf } from '@/lib/display/condition-report';
import { formatMiles, formatMoney } from '@/lib/display/format';
import { vehiclePicture, vehicleTitle } from '@/lib/display/vehicle-title';
import type { ViewMode } from '../inventory-query';
import { CardGuide } from './card-guide';

/** How wide a card's picture renders: 3, 2 or 1 columns in the grid; a fixed column in the list. */
const CARD_SIZES = {
  grid: '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, calc(100vw - 2rem)',
  list: '(min-width: 640px) 128px, 96px',
} as const;

/** The picture (or the video preview that opens the walkthrough) of a card or a list row. */
export function CardMedia({
  vehicle,
  title,
  view,
  first = false,
}: {
  vehicle: PublicVehicle;
  title: string;
  view: ViewMode;
  /** The first result: its picture is the page's largest paint, asked for at once and first. */
  first?: boolean;
}) {
  const cover = coverPhotoOf(vehicle);
  const picture = cover?.src ?? vehiclePicture(vehicle);
  const videoUrl = vehicle.videos[0];
  const alt = isPlayableVideoUrl(videoUrl) ? '' : title;
  const pictureEl = cover ? (
    <PhotoPicture
      photo={cover}
      alt={alt}
      sizes={CARD_SIZES[view]}
      isCappedOnPhones
      priority={first}
      className={view === 'list' ? 'aspect-[4/3] h-full w-full' : 'aspect-[16/10] w-full'}
      // The card's 16:10 frame, not the photo's own ratio: every card is the same height.
      style={{ aspectRatio: undefined }}
    />
  ) : (
    <VehiclePicture
      src={picture}
      make={vehicle.make}
      alt={alt}
      width={view === 'list' ? 160 : 480}
      className={view === 'list' ? 'aspect-[4/3]! h-full' : undefined}
    />
  );
  if (!videoUrl || !isPlayableVideoUrl(videoUrl)) return pictureEl;
  return (
    <VideoDialog
      videoUrl={videoUrl}
      poster={vehicle.videoThumbnails[0] ?? picture}
      vehicleName={title}
      trigger={
        <button
          type="button"
          aria-label={`Play video walkthrough of ${title}`}
          className="group relative block h-full w-full focus-visible:outline-offset-[-2px]"
        >
          {pictureEl}
          <span className="absolute inset-0 flex items-center justify-center bg-slate-950/10 transition-colors group-hover:bg-slate-950/25">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-lg transition-transform group-hover:scale-105">
              <Play aria-hidden="true" className="ml-0.5 h-5 w-5 fill-current" />
            </span>
          </span>
          <span className="absolute top-2 left-2 rounded-md bg-slate-950/75 px-2 py-0.5 text-xs font-medium text-white">
            Video
          </span>
        </button>
      }
    />
  );
}

/** The view-details icon of a card or a list row, linking to /vehicle/{id} (docs/product.md §2). */
export function DetailsLink({ vehicleId, title }: { vehicleId: number; title: string }) {
  return (
    <Link
      href={vehiclePath(vehicleId)}
      aria-label={`View details for ${title}`}
      title="View details"
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition-colors hover:border-slate-300 hover:bg-slate-50 hover:text-slate-900"
    >
      <ArrowUpRight aria-hidden="true" className="h-4 w-4" />
    </Link>
  );
}

/** A card in the grid, a dense row in the list: the article's and its picture's look. */
const RESULT_LOOK: Record<ViewMode, { article: string; media: string }> = {
  grid: {
    article:
      'flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md',
    media: 'bg-slate-100',
  },
  list: {
    article:
      'grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white p-2 shadow-sm sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:gap-x-4 sm:p-3',
    media: 'self-start overflow-hidden rounded-md bg-slate-100 sm:self-center',
  },
};

/**
 * One vehicle of the results, a card or a list row: the article its title labels (the journeys
 * find it as "vehicle-card"), its picture first; `children` get the title and its id.
 */
export function ResultArticle({
  vehicle,
  view,
  first,
  children,
}: {
  vehicle: PublicVehicle;
  view: ViewMode;
  first?: boolean;
  children: (title: string, titleId: string) => ReactNode;
}) {
  const title = vehicleTitle(vehicle);
  const titleId = `vehicle-${vehicle.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="vehicle-card"
      data-vehicle-id={vehicle.id}
      className={RESULT_LOOK[view].article}
    >
      <div className={RESULT_LOOK[view].media}>
        <CardMedia vehicle={vehicle} title={title} view={view} first={first} />
      </div>
      {children(title, titleId)}
    </article>
  );
}

/** One vehicle on the Vehicle Listings page, exactly the fields of docs/product.md §2. */
export const VehicleCard = memo(function VehicleCard({
  vehicle,
  first,
}: {
  vehicle: PublicVehicle;
  first?: boolean;
}) {
  return (
    <ResultArticle vehicle={vehicle} view="grid" first={first}>
      {(title, titleId) => (
        <>
          <div className="flex min-w-0 flex-col gap-2 px-4 pt-4 sm:px-5">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 id={titleId} className="text-base font-semibold leading-snug text-slate-900 sm:text-lg">
                  {title}
                </h3>
                {vehicle.trim ? <p className="truncate text-sm text-slate-500">{vehicle.trim}</p> : null}
              </div>
              <DetailsLink vehicleId={vehicle.id} title={title} />
            </div>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl" data-testid="price">
                {formatMoney(vehicle.price)}
              </p>
              <p className="inline-flex items-center gap-1 text-sm text-slate-600" data-testid="mileage">
                <Gauge aria-hidden="true" className="h-4 w-4 text-slate-400" />
                {formatMiles(vehicle.mileage)}
              </p>
            </div>
            <CardGuide vehicleId={vehicle.id} />
            <DeliveredPriceLine vehicleId={vehicle.id} />
          </div>
          <div className="flex min-w-0 flex-col gap-2 px-4 pt-2 sm:px-5">
            <VinWithCopy vin={vehicle.vin} />
            {vehicle.description ? (
              <p className="line-clamp-2 text-sm text-slate-600" data-testid="description">
                {vehicle.description}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <CertificationBadge condition={vehicle.condition} />
              <GradeBadge grade={gradeOf(vehicle)} />
            </div>
          </div>
          <div className="mt-auto grid grid-cols-2 gap-2 px-4 pb-4 pt-4 sm:px-5 sm:pb-5">
            <BuyingActions vehicle={vehicle} noteClassName="col-span-2 text-sm text-slate-600" />
          </div>
        </>
      )}
    </ResultArticle>
  );
});
