import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { PAGE_PATHS } from '@contracts/routes';
import type { PublicVehicle } from '@contracts/vehicle';
import { firstLookUntilOf, isPlayableVideoUrl } from '@contracts/vehicle-display';
import { ArrowLeft, Play, Video } from 'lucide-react';
import { useCallback, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { BuyingActions } from '@/components/buying/buying-actions';
import { DeliveredPriceLine } from '@/components/buying/delivered-price-line';
import { GuaranteeTermsSection } from '@/components/buying/guarantee-terms';
import { HydratesApart } from '@/components/page-part';
import { Button } from '@/components/ui/button';
import { CertificationBadge } from '@/components/vehicle/certification-badge';
import { FirstLookBadge } from '@/components/vehicle/first-look-badge';
import { VehiclePicture } from '@/components/vehicle/vehicle-picture';
import { VEHICLE_TEXTS } from '@/components/vehicle/vehicle-texts';
import { VideoDialog } from '@/components/vehicle/video-dialog';
import { VinWithCopy } from '@/components/vehicle/vin-with-copy';
import { conditionReportOf, galleryPhotos } from '@/lib/display/condition-report';
import { formatMileage, formatMoney, NOT_AVAILABLE } from '@/lib/display/format';
import { vehiclePicture, vehicleTitle } from '@/lib/display/vehicle-title';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';
import { ConditionReportSection } from './condition-report';
import { DetailSection } from './detail-section';
import { InspectionReport } from './inspection-report';
import { MarketGuideSection } from './market-guide-section';
import { type GalleryHandle, PhotoGallery } from './photo-gallery';
import { SaveShareButtons } from './save-share-buttons';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-right text-sm font-medium text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The full detail page of an available vehicle (docs/product.md §2). */
export function VehicleDetails({
  vehicle,
  reportLoading = false,
}: {
  vehicle: PublicVehicle;
  /** The page shows a listing card's copy while the full vehicle loads: no report to show yet. */
  reportLoading?: boolean;
}) {
  const title = vehicleTitle(vehicle);
  const firstLook = firstLookUntilOf(vehicle);
  const picture = vehiclePicture(vehicle);
  const videoUrl = vehicle.videos[0];
  const hasVideo = vehicle.videos.length > 0;
  const mileage = formatMileage(vehicle.mileage);
  const report = useMemo(() => conditionReportOf(vehicle), [vehicle]);
  const { photos: reportPhotos, damage } = report;
  const photos = useMemo(() => galleryPhotos({ photos: reportPhotos, damage }), [reportPhotos, damage]);
  const gallery = useRef<GalleryHandle>(null);
  // Stable, so a render of the page does not count as new props for the report's unhydrated part.
  const showPhoto = useCallback((photoId: number) => gallery.current?.openPhoto(photoId), []);
  const videoBadge = hasVideo ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-950/80 px-3 py-1 text-xs font-semibold text-white">
      <Video aria-hidden="true" className="h-3.5 w-3.5" />
      {VEHICLE_TEXTS.videoAvailable}
    </span>
  ) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <Link
        href={PAGE_PATHS.inventory}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {DETAIL_TEXTS.backToListings}
      </Link>

      <header className="mt-4 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CertificationBadge condition={vehicle.condition} />
          {firstLook ? <FirstLookBadge until={firstLook} /> : null}
        </div>
        {firstLook ? <p className="text-sm text-slate-600">{FIRST_LOOK_TEXT.heldForText}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {vehicle.trim ? <p className="text-lg text-slate-600">{vehicle.trim}</p> : null}
        <VinWithCopy vin={vehicle.vin} />
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="grid content-start gap-3 lg:col-start-1 lg:row-start-1">
          {photos.length > 0 ? (
            <PhotoGallery ref={gallery} photos={photos} title={title} badge={videoBadge} />
          ) : (
            <VehiclePicture
              src={picture}
              make={vehicle.make}
              alt={title}
              width={960}
              eager
              className="rounded-2xl"
            >
              {videoBadge ? <span className="absolute left-3 top-3">{videoBadge}</span> : null}
            </VehiclePicture>
          )}
          {videoUrl && isPlayableVideoUrl(videoUrl) ? (
            <VideoDialog
              videoUrl={videoUrl}
              poster={picture}
              vehicleName={title}
              trigger={
                <Button variant="secondary" size="lg" className="w-full sm:w-auto sm:justify-self-start">
                  <Play aria-hidden="true" className="h-4 w-4 fill-current" />
                  {VEHICLE_TEXTS.watchVideo}
                </Button>
              }
            />
          ) : null}
        </div>

        <aside
          aria-label="Price and actions"
          className="grid content-start gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <p className="text-sm font-medium text-slate-500">Price</p>
            <p className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="price">
              {formatMoney(vehicle.price)}
            </p>
            <p className="mt-1 text-sm text-slate-600" data-testid="mileage-summary">
              {mileage === NOT_AVAILABLE ? 'Mileage N/A' : `${mileage} miles`}
            </p>
            <div className="mt-3">
              <DeliveredPriceLine vehicleId={vehicle.id} />
            </div>
            <div className="mt-5 grid gap-2">
              <BuyingActions vehicle={vehicle} size="lg" className="w-full" />
            </div>
            <div className="mt-4">
              <SaveShareButtons vehicleId={vehicle.id} title={title} />
            </div>
          </div>

          <HydratesApart>
            <DetailSection
              id="details"
              title={DETAIL_TEXTS.details}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <dl className="mt-2 divide-y divide-slate-100">
                <Fact label="Year" value={vehicle.year?.toString() ?? NOT_AVAILABLE} testId="fact-year" />
                <Fact label="Make" value={vehicle.make ?? NOT_AVAILABLE} testId="fact-make" />
                <Fact label="Model" value={vehicle.model ?? NOT_AVAILABLE} testId="fact-model" />
                {vehicle.trim ? <Fact label="Trim" value={vehicle.trim} testId="fact-trim" /> : null}
                <Fact label="Mileage" value={mileage} testId="fact-mileage" />
                <Fact
                  label="Certification"
                  value={vehicle.condition ?? NOT_AVAILABLE}
                  testId="fact-certification"
                />
              </dl>
            </DetailSection>
          </HydratesApart>
        </aside>

        {/* Below the first screen: each part hydrates on its own (ADR 0049). */}
        <div className="grid content-start gap-8 lg:col-start-1 lg:row-start-2">
          <HydratesApart>
            <DetailSection id="description" title={DETAIL_TEXTS.description}>
              <p
                className="mt-2 whitespace-pre-line leading-relaxed text-slate-700"
                data-testid="description"
              >
                {vehicle.description?.trim() || DETAIL_TEXTS.noDescription}
              </p>
            </DetailSection>
          </HydratesApart>
          <HydratesApart>
            <DetailSection id="guarantee" title={DETAIL_TEXTS.guarantee}>
              <GuaranteeTermsSection condition={vehicle.condition} />
            </DetailSection>
          </HydratesApart>
          <HydratesApart>
            <MarketGuideSection vehicleId={vehicle.id} />
          </HydratesApart>
          <HydratesApart>
            <ConditionReportSection report={report} loading={reportLoading} onShowPhoto={showPhoto} />
          </HydratesApart>
          <HydratesApart>
            <InspectionReport vehicle={vehicle} />
          </HydratesApart>
        </div>
      </div>
    </div>
  );
}
