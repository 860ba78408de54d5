import { UPLOAD_TEXT } from '@contracts/upload';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { WizardState } from './wizard-state';

/** Step 5: what went into the queue, and a fresh start for the next vehicle. */
export function CompleteStep({
  state,
  onUploadAnother,
}: {
  state: WizardState;
  onUploadAnother: () => void;
}) {
  const vehicle = [state.year, state.make, state.model, state.trim]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-5">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100">
          <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-emerald-700" />
        </span>
        <h2 tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {UPLOAD_TEXT.addedToQueue}
        </h2>
        <p className="max-w-sm text-sm text-slate-600">
          An admin adds the mileage, price and certification before the vehicle is listed.
        </p>
      </div>
      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-600">VIN</dt>
        <dd className="-mt-2 break-all font-mono text-base tracking-wider text-slate-900 sm:mt-0">
          {state.vin}
        </dd>
        <dt className="font-medium text-slate-600">Vehicle</dt>
        <dd className="-mt-2 text-base text-slate-900 sm:mt-0">{vehicle || 'Not decoded'}</dd>
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
