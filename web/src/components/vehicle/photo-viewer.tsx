import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { cn } from '@/lib/cn';
import type { GalleryPhoto } from '@/lib/display/condition-report';

/** The viewer's texts; the vehicle page's gallery uses the same (features/vehicle/vehicle-detail-texts.ts). */
export const PHOTO_VIEWER_TEXTS = {
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  zoom: 'Zoom',
  close: 'Close',
} as const;

/** "3 of 12" */
export const photoCountText = (index: number, total: number) => `${index + 1} of ${total}`;

/** Previous/next for arrow keys, Home and End; null for any other key. */
export function photoKeyTarget(key: string, index: number, total: number): number | null {
  if (key === 'ArrowRight') return Math.min(total - 1, index + 1);
  if (key === 'ArrowLeft') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return total - 1;
  return null;
}

export function PhotoNavButton({
  direction,
  onClick,
  disabled,
  className,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
  disabled: boolean;
  className?: string;
}) {
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={disabled ? undefined : onClick}
      // aria-disabled, not disabled: a disabled button would drop the keyboard focus at the ends.
      aria-disabled={disabled || undefined}
      aria-label={direction === 'previous' ? PHOTO_VIEWER_TEXTS.previousPhoto : PHOTO_VIEWER_TEXTS.nextPhoto}
      className={cn(
        'inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md transition hover:bg-white aria-disabled:opacity-40',
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-6 w-6" />
    </button>
  );
}

/**
 * The full-screen view (the lightbox): the whole photo on black, arrows, zoom; Escape closes. The
 * caller puts the focus back where it belongs (the Dialog's own return is turned off for that).
 */
export function PhotoViewer({
  photos,
  title,
  index,
  onIndexChange,
  onClose,
}: {
  photos: GalleryPhoto[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const [zoomed, setZoomed] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const total = photos.length;
  const item = photos[index];

  // A new photo starts unzoomed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every photo change
  useEffect(() => setZoomed(false), [index]);

  const zoomAt = (clientX: number, clientY: number) => {
    const el = viewport.current;
    if (zoomed || !el) {
      setZoomed(false);
      return;
    }
    const box = el.getBoundingClientRect();
    const fx = (clientX - box.left) / box.width;
    const fy = (clientY - box.top) / box.height;
    setZoomed(true);
    // After the 2× layout: keep the clicked point under the pointer.
    requestAnimationFrame(() => {
      el.scrollLeft = fx * el.scrollWidth - box.width / 2;
      el.scrollTop = fy * el.scrollHeight - box.height / 2;
    });
  };

  if (!item) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col text-white"
          aria-describedby={undefined}
          // The gallery puts the focus back itself (on the slide now showing).
          onCloseAutoFocus={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            const next = photoKeyTarget(event.key, index, total);
            if (next === null) return;
            event.preventDefault();
            onIndexChange(next);
          }}
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold">
              {title} — {item.caption}
            </Dialog.Title>
            <p aria-live="polite" aria-atomic="true" className="text-sm tabular-nums text-slate-300">
              {photoCountText(index, total)}
            </p>
            <button
              type="button"
              onClick={() => setZoomed((z) => !z)}
              aria-pressed={zoomed}
              className="inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium hover:bg-white/10"
            >
              {zoomed ? (
                <ZoomOut aria-hidden="true" className="h-4 w-4" />
              ) : (
                <ZoomIn aria-hidden="true" className="h-4 w-4" />
              )}
              {PHOTO_VIEWER_TEXTS.zoom}
            </button>
            <Dialog.Close className="inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium hover:bg-white/10">
              <X aria-hidden="true" className="h-4 w-4" />
              {PHOTO_VIEWER_TEXTS.close}
            </Dialog.Close>
          </div>
          <div
            ref={viewport}
            className={cn('relative min-h-0 flex-1', zoomed ? 'overflow-auto' : 'overflow-hidden')}
            data-testid="fullscreen-viewport"
          >
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Zoom button is the keyboard way */}
            {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the photo zooms at that point */}
            <div
              onClick={(event) => zoomAt(event.clientX, event.clientY)}
              className={cn(
                'flex items-center justify-center',
                zoomed ? 'h-[200%] w-[200%] cursor-zoom-out' : 'h-full w-full cursor-zoom-in',
              )}
            >
              <PhotoPicture
                key={item.photo.id}
                photo={item.photo}
                alt={`${title} — ${item.caption}`}
                sizes={zoomed ? '200vw' : '100vw'}
                priority
                fit="contain"
                className="h-full w-full bg-transparent"
                style={{ aspectRatio: 'auto' }}
              />
            </div>
          </div>
          <div className="flex items-center justify-center gap-4 py-3">
            <PhotoNavButton
              direction="previous"
              onClick={() => onIndexChange(index - 1)}
              disabled={index === 0}
            />
            <PhotoNavButton
              direction="next"
              onClick={() => onIndexChange(index + 1)}
              disabled={index === total - 1}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
