import { X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { cn } from '@/lib/cn';
import type { GalleryPhoto } from '@/lib/display/condition-report';
import { PHOTO_VIEWER_TEXTS, PhotoNavButton, photoCountText, photoKeyTarget } from './photo-viewer';

// Apart from photo-viewer.tsx (the gallery's buttons and texts): Radix's dialog loads when the
// lightbox first opens, not with the vehicle page (issue #46).
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
