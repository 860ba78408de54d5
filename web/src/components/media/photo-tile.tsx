import { AlertTriangle, Check, Loader2, type LucideIcon, RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { uploadPercent } from '@/lib/uploads/file-state';
import type { QueuedPhoto } from '@/lib/uploads/photo-queue';

const STATUS_TEXT: Record<QueuedPhoto['status'], string> = {
  preparing: 'Preparing…',
  queued: 'Waiting…',
  uploading: 'Uploading',
  processing: 'Processing…',
  ready: 'Uploaded',
  failed: 'Failed',
};

/**
 * One photo of an upload queue: thumbnail, its own progress, the server's message and Retry when
 * it failed (Retry only when trying again can work), Remove. `label` names the photo for screen
 * readers ("Front ¾ left (photo 1)"); `caption` is the line under it.
 */
export function PhotoTile({
  photo,
  label,
  caption,
  onRetry,
  onRemove,
}: {
  photo: Pick<QueuedPhoto, 'status' | 'sent' | 'total' | 'thumbnail' | 'error' | 'retryable'>;
  label: string;
  caption?: string;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const percent =
    photo.status === 'ready' || photo.status === 'processing' ? 100 : uploadPercent(photo.sent, photo.total);
  const failed = photo.status === 'failed';
  return (
    <li className="grid gap-1.5" data-status={photo.status}>
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
        {photo.thumbnail ? (
          <img src={photo.thumbnail} alt={label} className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <span className="flex h-full items-center justify-center">
            <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin text-slate-400" />
            <span className="sr-only">{label}</span>
          </span>
        )}
        <TileButton
          icon={X}
          onClick={onRemove}
          label={`Remove ${label}`}
          className="absolute right-1 top-1 h-8 w-8 rounded-full bg-slate-900/75 text-white hover:bg-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
          iconClassName="h-4 w-4"
        />
        {photo.status === 'ready' ? (
          <span className="absolute bottom-1 left-1 flex h-6 w-6 items-center justify-center rounded-full bg-emerald-600 text-white">
            <Check aria-hidden="true" className="h-4 w-4" />
          </span>
        ) : null}
      </div>
      {caption ? <p className="truncate text-xs font-medium text-slate-800">{caption}</p> : null}
      {photo.status !== 'ready' ? (
        <div
          role="progressbar"
          aria-label={`${label} upload`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={
            failed ? `Failed: ${photo.error ?? ''}` : `${STATUS_TEXT[photo.status]} ${percent}%`
          }
          className="h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width]',
              failed ? (photo.retryable ? 'bg-amber-500' : 'bg-red-600') : 'bg-brand-600',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : (
        <p className="text-xs text-emerald-700">{STATUS_TEXT.ready}</p>
      )}
      {failed ? (
        <div className="grid gap-1">
          <p className="flex gap-1 text-xs text-red-700">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-3 w-3 shrink-0" />
            <span className="line-clamp-2">{photo.error}</span>
          </p>
          {photo.retryable ? (
            <TileButton
              icon={RotateCcw}
              onClick={onRetry}
              label={`Retry ${label}`}
              className="inline-flex h-8 gap-1 rounded-md border border-slate-300 bg-white text-xs font-semibold text-slate-900 hover:bg-slate-50"
            >
              Retry
            </TileButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** A tile's own button (Remove, Retry): named for the photo it acts on, its icon beside any text. */
function TileButton({
  icon: Icon,
  onClick,
  label,
  className,
  iconClassName = 'h-3 w-3',
  children,
}: {
  icon: LucideIcon;
  onClick: () => void;
  label: string;
  className: string;
  iconClassName?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn('flex items-center justify-center', className)}
    >
      <Icon aria-hidden="true" className={iconClassName} />
      {children}
    </button>
  );
}
