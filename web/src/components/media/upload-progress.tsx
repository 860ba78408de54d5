import { Film, Loader2, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { uploadPercent } from '@/lib/uploads/file-state';
import { formatBytes, progressLabel } from '@/lib/uploads/format-bytes';
import type { UploadView } from '@/lib/uploads/use-video-upload';

/**
 * The file being uploaded: an accessible progress bar with percent and what is left, and Cancel.
 * Until the first bytes move (starting, or asking the server where to resume) it is indeterminate.
 * With `onRetry`, a failure that trying again can mend (a dropped connection) offers Retry.
 */
export function UploadProgress({
  view,
  onCancel,
  onRetry,
}: {
  view: UploadView;
  onCancel: () => void;
  onRetry?: () => void;
}) {
  const sent = view.phase === 'processing' ? view.total : view.sent;
  const percent = sent === null ? null : uploadPercent(sent, view.total);
  const failed = view.phase === 'failed';
  const label = failed
    ? view.error?.kind === 'network' && sent !== null
      ? `Paused at ${progressLabel(sent, view.total)}`
      : 'Not uploaded'
    : sent === null
      ? view.resuming
        ? 'Resuming where it stopped…'
        : 'Starting…'
      : progressLabel(sent, view.total);
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-slate-700 ring-1 ring-slate-200">
          <Film aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{view.file?.name}</p>
          <p className="text-xs text-slate-600">{formatBytes(view.file?.size ?? 0)}</p>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label="Video upload"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300 ease-out',
            percent === null ? 'w-1/3 animate-pulse bg-brand-600/40' : 'bg-brand-600',
            failed && (view.error?.kind === 'network' ? 'bg-amber-500' : 'bg-red-600'),
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm tabular-nums text-slate-700">
          {view.phase === 'processing' ? (
            <span className="inline-flex items-center gap-1.5">
              <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
              Checking the video…
            </span>
          ) : (
            label
          )}
        </p>
        {view.phase !== 'processing' ? (
          <div className="flex gap-2">
            {failed && onRetry && view.error?.retryable ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                Retry<span className="sr-only"> the video upload</span>
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={onCancel}>
              {failed ? 'Remove' : 'Cancel'}
              <span className="sr-only"> the video</span>
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
