import { UPLOAD_TEXT } from '@contracts/upload';
import { VIN_CHECK_DIGIT_OVERRIDE_LABELS } from '@contracts/vin';
import { CheckCircle2, CloudOff, CloudUpload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatMiles } from '@/lib/display/format';
import { useOnline } from '@/lib/uploads/use-online';
import { SYNC_TEXT } from './sync/sync-texts';
import { useKeptCar } from './sync/use-kept-car';
import { decodeStateOf, decodeWords, vehicleText } from './vin/decode-state';
import { mileageOf } from './vin/vin-form';
import type { WizardState } from './wizard-state';

/** Step 5: what went into the queue, and a fresh start for the next vehicle. */
export function CompleteStep({
  state,
  onUploadAnother,
}: {
  state: WizardState;
  onUploadAnother: () => void;
}) {
  const vehicle = vehicleText(state);
  // Said as the VIN step and its toast said it (decode-state.ts).
  const decode = decodeWords(decodeStateOf(state));
  const miles = mileageOf(state.mileage);
  const online = useOnline();
  // A car finished on the phone is "in the queue" only once the sync has sent it.
  const kept = useKeptCar(state.idempotencyKey, state.keptOnPhone);
  const onPhone = state.keptOnPhone && kept !== 'sent';
  const Icon = !onPhone ? CheckCircle2 : online ? CloudUpload : CloudOff;
  return (
    <div className="grid gap-5">
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          className={`flex h-14 w-14 items-center justify-center rounded-full ${onPhone ? 'bg-amber-100' : 'bg-emerald-100'}`}
        >
          <Icon aria-hidden="true" className={`h-8 w-8 ${onPhone ? 'text-amber-700' : 'text-emerald-700'}`} />
        </span>
        <h2 tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {onPhone ? SYNC_TEXT.keptTitle : UPLOAD_TEXT.addedToQueue}
        </h2>
        <p className="max-w-sm text-sm text-slate-600" aria-live="polite">
          {onPhone
            ? online
              ? SYNC_TEXT.keptSending
              : SYNC_TEXT.keptOffline
            : 'An admin checks the details, adds the price and certification, and lists the vehicle.'}
        </p>
      </div>
      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-600">VIN</dt>
        <dd className="-mt-2 break-all font-mono text-base tracking-wider text-slate-900 sm:mt-0">
          {state.vin}
        </dd>
        {state.vinOverride ? (
          <>
            <dt className="font-medium text-slate-600">Check digit</dt>
            <dd className="-mt-2 text-base text-slate-900 sm:mt-0">
              Does not match: {VIN_CHECK_DIGIT_OVERRIDE_LABELS[state.vinOverride]}
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-600">Vehicle</dt>
        <dd className="-mt-2 text-base text-slate-900 sm:mt-0">{vehicle || '—'}</dd>
        <dt className="font-medium text-slate-600">Decode</dt>
        <dd className="-mt-2 text-base text-slate-900 sm:mt-0">
          {decode.title}
          {decode.note ? <span className="block text-sm text-slate-600">{decode.note}</span> : null}
        </dd>
        <dt className="font-medium text-slate-600">Mileage</dt>
        <dd className="-mt-2 text-base text-slate-900 sm:mt-0">
          {miles === null || Number.isNaN(miles) ? 'Not entered: the admin adds it' : formatMiles(miles)}
        </dd>
        {state.video ? (
          <>
            <dt className="font-medium text-slate-600">Video</dt>
            <dd className="-mt-2 truncate text-base text-slate-900 sm:mt-0">{state.video.name}</dd>
          </>
        ) : null}
      </dl>
      <Button size="lg" className="w-full" onClick={onUploadAnother}>
        {UPLOAD_TEXT.uploadAnother}
      </Button>
    </div>
  );
}
