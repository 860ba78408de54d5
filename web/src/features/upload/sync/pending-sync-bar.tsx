import { CloudOff, CloudUpload, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { captureStore, type PersistenceAnswer, requestPersistentStorage } from '@/lib/uploads/capture-store';
import { useOnline } from '@/lib/uploads/use-online';
import { SYNC_TEXT, waitingLabel } from './sync-texts';
import { useSyncRunner } from './use-sync-runner';

/**
 * The pending-sync bar of the staff pages (issue #34): how many cars and photos wait on the phone,
 * the progress while they are sent, and a clear offline state (also when the browser says online and
 * the probe before sending reaches nothing: lib/uploads/signal-probe.ts). It also runs the sync (one runner
 * per page) and asks once that the browser keep the phone's storage. In the page's flow under the
 * title, so it never covers the wizard's buttons.
 */
export function PendingSyncBar() {
  const view = useSyncRunner();
  // Offline as the browser says, or online by its word with the probe reaching nothing: one "No signal".
  const online = useOnline() && !view.noSignal;
  const [persistence, setPersistence] = useState<PersistenceAnswer | null>(null);
  useEffect(() => {
    void requestPersistentStorage().then(setPersistence);
  }, []);

  const waiting = view.cars > 0;
  if (online && !waiting) return null;
  const percent =
    view.files > 0 ? Math.min(100, Math.floor(((view.filesDone + view.partSent) / view.files) * 100)) : 0;
  const Icon = !online
    ? CloudOff
    : view.sending
      ? Loader2
      : view.refused.length
        ? TriangleAlert
        : CloudUpload;
  const line = !online
    ? SYNC_TEXT.offline
    : view.signedOut
      ? SYNC_TEXT.signInToSend
      : view.sending
        ? SYNC_TEXT.sending
        : view.retryAt
          ? SYNC_TEXT.retrying
          : SYNC_TEXT.waiting;
  return (
    <div
      role="status"
      aria-label="Cars saved on this phone"
      data-testid="pending-sync-bar"
      className={cn(
        'mb-4 grid gap-2 rounded-xl border p-3 text-sm',
        online ? 'border-sky-200 bg-sky-50 text-sky-950' : 'border-amber-300 bg-amber-50 text-amber-950',
      )}
    >
      <p className="flex items-start gap-2">
        <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', view.sending && 'animate-spin')} />
        <span>
          <span className="font-semibold">{line}</span>
          {waiting ? <span className="block">{waitingLabel(view.cars, view.photos)}</span> : null}
        </span>
      </p>
      {online && view.sending && view.files > 0 ? (
        <div
          role="progressbar"
          aria-label="Sending saved cars"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% · ${view.filesDone} of ${view.files} files sent`}
          className="h-2 overflow-hidden rounded-full bg-sky-200"
        >
          <div
            className="h-full rounded-full bg-sky-700 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {view.refused.map((car) => (
        <div key={car.id} className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-red-800">
            {SYNC_TEXT.refusedPrefix}
            {car.message}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            onClick={() =>
              void captureStore().then((store) => store?.updateVehicle(car.id, { blocked: null }))
            }
          >
            Try again
          </Button>
        </div>
      ))}
      {persistence === 'refused' ? <p className="text-xs">{SYNC_TEXT.mayBeCleared}</p> : null}
    </div>
  );
}
