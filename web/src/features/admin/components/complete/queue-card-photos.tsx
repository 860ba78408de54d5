import { useRef, useState } from 'react';
import { PhotoViewer } from '@/components/vehicle/photo-lightbox';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { VehiclePicture } from '@/components/vehicle/vehicle-picture';
import { cn } from '@/lib/cn';
import type { GalleryPhoto } from '@/lib/display/condition-report';
import { photoAlt, QUEUE_CARD_TEXTS, thumbnailRow } from './queue-card-summary';

/** The cover spans the card's column: 20rem beside the form, at most 24rem above it, less on a phone. */
const COVER_SIZES = '(min-width: 1024px) 320px, (min-width: 480px) 384px, calc(100vw - 5rem)';
const THUMB_SIZES = '80px';
const TILE =
  'block w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * A queue card's photos (issue #30): the cover large enough to judge, a row of thumbnails with
 * "+N" for the rest; a tap (or Enter) opens the vehicle page's full-screen viewer at that photo.
 * Every picture is lazy and picks the smallest variant that fits, so a queue of 50 cars stays light.
 */
export function QueueCardPhotos({
  photos,
  name,
  make,
}: {
  photos: GalleryPhoto[];
  name: string;
  make: string | null;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const total = photos.length;
  const cover = photos[0];

  const show = (index: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(index);
  };
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (!cover) {
    return (
      <VehiclePicture
        src={null}
        make={make}
        alt={`${name}: ${QUEUE_CARD_TEXTS.noPhotos}`}
        className="max-w-sm rounded-lg"
      />
    );
  }
  const { shown, more } = thumbnailRow(total);
  return (
    <div className="grid w-full max-w-sm gap-2" data-testid="queue-photos">
      <div className="relative">
        <button type="button" onClick={() => show(0)} className={cn(TILE, 'rounded-lg cursor-zoom-in')}>
          <PhotoPicture
            photo={cover.photo}
            alt={photoAlt(name, 0, total, cover.caption)}
            sizes={COVER_SIZES}
            isCappedOnPhones
            // The photo's own shape, uncropped: a scratch at its edge is what the admin prices.
            className="w-full"
          />
        </button>
        <p
          className="pointer-events-none absolute right-2 top-2 rounded-full bg-slate-950/80 px-2.5 py-0.5 text-xs font-semibold text-white"
          data-testid="queue-photo-count"
        >
          {QUEUE_CARD_TEXTS.photos(total)}
        </p>
      </div>
      {shown.length > 0 ? (
        <ul aria-label={`More photos of ${name}`} className="grid grid-cols-4 gap-2">
          {shown.map((index) => {
            const item = photos[index]!;
            return (
              <li key={item.photo.id}>
                <button type="button" onClick={() => show(index)} className={cn(TILE, 'cursor-zoom-in')}>
                  <PhotoPicture
                    photo={item.photo}
                    alt={photoAlt(name, index, total, item.caption)}
                    sizes={THUMB_SIZES}
                    className="w-full"
                    style={{ aspectRatio: '4 / 3' }}
                  />
                </button>
              </li>
            );
          })}
          {more > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => show(shown.length + 1)}
                aria-label={QUEUE_CARD_TEXTS.morePhotos(more, name)}
                className={cn(
                  TILE,
                  'flex aspect-[4/3] items-center justify-center bg-slate-800 text-sm font-semibold text-white hover:bg-slate-700',
                )}
              >
                +{more}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {open !== null ? (
        <PhotoViewer photos={photos} title={name} index={open} onIndexChange={setOpen} onClose={close} />
      ) : null}
    </div>
  );
}
