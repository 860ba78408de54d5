import { DEFAULT_RECON_TEXT } from '@contracts/limits';
import type { AdminVehicle } from '@contracts/vehicle';
import { isPlayableVideoUrl } from '@contracts/vehicle-display';
import { PlayCircle } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Loading } from '@/components/ui/placeholders';
import { VideoDialog } from '@/components/vehicle/video-dialog';
import { VinWithCopy } from '@/components/vehicle/vin-with-copy';
import { cn } from '@/lib/cn';
import { conditionReportOf, galleryPhotos } from '@/lib/display/condition-report';
import { formatDateTime } from '@/lib/display/time-left';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { useNearScreen } from '@/lib/use-near-screen';
import { useReaderMoved } from '@/lib/use-reader-moved';
import { EditConditionButton } from '../common/edit-condition-button';
import { schemasInSteps } from '../common/schema-steps';
import { QueueCardCondition } from './queue-card-condition';
import { QueueCardPhotos } from './queue-card-photos';
import { QueueCardSkippedShots } from './queue-card-skipped-shots';

/** A card's height until it is drawn: a phone's one column, a wide screen's two (issue #47). */
const CARD_HEIGHT = 'min-h-[106rem] lg:min-h-[56rem]';

/**
 * One queued vehicle: what staff uploaded, and the form that publishes it. A page holds 25 of them
 * (issue #47): a card far from the screen shows its name and VIN in a box of a card's height, and
 * draws the rest — photos, condition, the form with its price guide and first-look previews (two
 * requests) — once it nears the screen (or something in it is focused); the browser lays out and
 * paints a drawn card only near the screen (`content-visibility: auto`, its height kept).
 */
export function QueueItem({ vehicle }: { vehicle: AdminVehicle }) {
  const headingId = useId();
  const { ref, near, reach } = useNearScreen<HTMLElement>();
  const [focused, setFocused] = useState(false);
  const name = vehicleTitle(vehicle);
  const heading = (
    <div>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      <p className="text-xs text-slate-500">Uploaded {formatDateTime(vehicle.createdAt)}</p>
    </div>
  );
  return (
    <article
      ref={ref}
      aria-labelledby={headingId}
      data-testid={`queue-${vehicle.id}`}
      onFocus={
        focused
          ? undefined
          : () => {
              reach();
              setFocused(true);
            }
      }
      className={cn(
        'grid gap-5 rounded-xl border border-slate-200 p-4 lg:grid-cols-[minmax(0,20rem)_1fr] lg:p-5',
        '[content-visibility:auto] [contain-intrinsic-height:auto_106rem] lg:[contain-intrinsic-height:auto_56rem]',
        near ? null : CARD_HEIGHT,
      )}
    >
      {near ? (
        <QueueCard vehicle={vehicle} name={name} heading={heading} focused={focused} />
      ) : (
        <div className="grid content-start gap-3">
          {heading}
          <VinWithCopy vin={vehicle.vin} />
        </div>
      )}
    </article>
  );
}

/**
 * The form's code: forms checked by the contracts' schemas (zod, loaded in steps), the price guide,
 * location and first look. Asked as a card's form nears the screen, not with the card: on a phone
 * the form is below the photos, so the page's first seconds load no zod (issue #47); on a wide
 * screen it is beside them, near at once.
 */
const CardForm = lazyPage(() =>
  schemasInSteps()
    .then(() => import('./queue-card-form'))
    .then((m) => ({ default: m.CompleteForm })),
);

/** The form's room until it is drawn (its height on a phone). */
const FORM_HEIGHT = 'min-h-[48rem]';

const FormLoading = () => <Loading label="Loading the form…" rows={3} className={FORM_HEIGHT} />;

/**
 * A queued car drawn in full: what staff uploaded beside the form that publishes it. The form's
 * code is loaded once its room comes within half a screen and the admin has moved (scrolled,
 * touched, pressed a key: useReaderMoved), and the form drawn, in a render of its own, once its
 * room is on the screen: on a wide screen beside the photos, at once; on a phone,
 * below them, as the admin scrolls to it — not in the page's first seconds even when a car with
 * few photos puts it just below the first screen (its render, the reads it starts and its layout
 * made the phone's last long tasks, seconds after the page was usable: issue #47).
 */
function QueueCard({
  vehicle,
  name,
  heading,
  focused,
}: {
  vehicle: AdminVehicle;
  name: string;
  heading: ReactNode;
  /** A focus in the card (a keyboard's Tab) draws the form too, so the next Tab reaches its fields. */
  focused: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Asked ahead once the admin scrolls toward it (useReaderMoved); drawn (and asked) once on screen.
  const moved = useReaderMoved();
  const soon = useNearScreen(0.5, ref).near && moved;
  const near = useNearScreen(0, ref).near || focused;
  useEffect(() => {
    if (soon) void CardForm.preload();
  }, [soon]);
  const report = conditionReportOf(vehicle);
  return (
    <>
      <div className="grid content-start gap-3">
        {heading}
        <VinWithCopy vin={vehicle.vin} />
        <QueueCardPhotos photos={galleryPhotos(report)} name={name} make={vehicle.make} />
        <QueueCardSkippedShots skipped={vehicle.skippedShots} name={name} />
        <QueueCardCondition report={report} name={name} />
        <VideoPreview vehicle={vehicle} name={name} />
        <div>
          <EditConditionButton vehicleId={vehicle.id} name={name} />
        </div>
        <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
          <ReconNote label="Exterior" text={vehicle.reconExterior} />
          <ReconNote label="Mechanical" text={vehicle.reconMechanical} />
          <ReconNote label="Interior" text={vehicle.reconInterior} />
        </dl>
      </div>
      {near ? (
        <Suspense fallback={<FormLoading />}>
          <CardForm.Page vehicle={vehicle} name={name} />
        </Suspense>
      ) : (
        <div ref={ref} className={FORM_HEIGHT} data-testid="queue-form-room" />
      )}
    </>
  );
}

function ReconNote({ label, text }: { label: string; text: string | null }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-slate-800">{text?.trim() || DEFAULT_RECON_TEXT}</dd>
    </div>
  );
}

function VideoPreview({ vehicle, name }: { vehicle: AdminVehicle; name: string }) {
  const url = vehicle.videos[0];
  if (!url) return <p className="text-sm text-slate-500">No walkaround video</p>;
  const poster = vehicle.videoThumbnails[0] ?? null;
  if (!isPlayableVideoUrl(url)) {
    return (
      <a href={url} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 underline">
        Open walkaround video
      </a>
    );
  }
  return (
    <VideoDialog
      videoUrl={url}
      poster={poster}
      vehicleName={name}
      trigger={
        <button
          type="button"
          className="group relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900 text-white"
          aria-label={`Play walkaround video of ${name}`}
        >
          {poster ? <img src={poster} alt="" className="h-full w-full object-cover opacity-80" /> : null}
          <span className="absolute inset-0 flex items-center justify-center">
            <PlayCircle aria-hidden="true" className="h-12 w-12 drop-shadow group-hover:scale-110" />
          </span>
        </button>
      }
    />
  );
}
