import { GALLERY_FRAME_SIZES } from '@contracts/condition-report-rules';
import { Expand } from 'lucide-react';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { PhotoNavButton, photoCountText, photoKeyTarget } from '@/components/vehicle/photo-viewer';
import { cn } from '@/lib/cn';
import type { GalleryPhoto } from '@/lib/display/condition-report';
import { useNearInScroller } from '../hooks/use-near-in-scroller';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';

const THUMB_SIZES = '96px';

/** The full-screen view loads when first opened: its dialog is not on the page's first screen (issue #46). */
const PhotoViewer = lazy(() =>
  import('@/components/vehicle/photo-lightbox').then((m) => ({ default: m.PhotoViewer })),
);

/**
 * The photo gallery at the top of the vehicle page (issue #17): one photo per slide with CSS
 * scroll-snap (a phone swipes natively), arrow keys, thumbnails, the count announced politely, the
 * damage photos grouped with their panel and size, and a full-screen view with zoom.
 */
export interface GalleryHandle {
  /** Opens the full-screen view at a photo (from a damage item's photo link). */
  openPhoto: (photoId: number) => void;
}

export function PhotoGallery({
  photos,
  title,
  badge,
  ref,
}: {
  ref?: Ref<GalleryHandle>;
  photos: GalleryPhoto[];
  title: string;
  /** Overlaid on the frame's corner (e.g. "Video available"). */
  badge?: ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  /**
   * The photo showing has arrived (or failed) and been painted: only then its neighbours and the
   * thumbnails load, so it has the connection to itself until it is on screen.
   */
  const [isFirstSettled, setFirstSettled] = useState(false);
  const settleAfterPaint = () => requestAnimationFrame(() => setTimeout(() => setFirstSettled(true), 0));
  const track = useRef<HTMLDivElement>(null);
  /** What had the focus when the full-screen view opened: it gets it back on close. */
  const opener = useRef<HTMLElement | null>(null);
  const total = photos.length;
  const current = photos[Math.min(index, total - 1)];

  /** While the gallery scrolls itself to a slide, the scroll events on the way are not swipes. */
  const scrollingTo = useRef<{ index: number; until: number } | null>(null);

  const show = useCallback((next: number, smooth = true) => {
    const el = track.current;
    setIndex(next);
    if (!el) return;
    scrollingTo.current = { index: next, until: Date.now() + 1000 };
    el.scrollTo({ left: next * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
    // Roving focus: a keyboard user on a slide stays on the slide now showing.
    if (el.contains(document.activeElement)) {
      el.querySelector<HTMLElement>(`[data-slide="${next}"]`)?.focus({ preventScroll: true });
    }
  }, []);

  // A swipe on the server-rendered page, before the app attached, counts too (ADR 0020): the
  // gallery starts on the slide the track shows, not on the first.
  useEffect(() => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const at = Math.round(el.scrollLeft / el.clientWidth);
    if (at > 0 && at < total) setIndex(at);
  }, [total]);

  // A swipe (or a scroll by any means) settles on a slide: that slide becomes the current one.
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const target = scrollingTo.current;
    if (target) {
      const arrived = Math.abs(el.scrollLeft - target.index * el.clientWidth) < 2;
      if (!arrived && Date.now() < target.until) return;
      scrollingTo.current = null;
    }
    const settled = Math.round(el.scrollLeft / el.clientWidth);
    if (settled !== index && settled >= 0 && settled < total) setIndex(settled);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = photoKeyTarget(event.key, index, total);
    if (next === null) return;
    event.preventDefault();
    show(next);
  };

  const openFullScreen = (at: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIndex(at);
    setFullScreen(true);
  };
  const closeFullScreen = () => {
    setFullScreen(false);
    // Opened from a slide: the focus lands on the slide now showing (the one viewed last).
    const from = opener.current;
    const target =
      from && track.current?.contains(from)
        ? track.current.querySelector<HTMLElement>(`[data-slide="${index}"]`)
        : from;
    requestAnimationFrame(() => target?.focus());
  };

  useImperativeHandle(ref, () => ({
    openPhoto: (photoId) => {
      const at = photos.findIndex((item) => item.photo.id === photoId);
      if (at === -1) return;
      show(at, false);
      openFullScreen(at);
    },
  }));

  if (!current) return null;
  const damageStart = photos.findIndex((p) => p.photo.kind === 'damage');

  return (
    <section aria-roledescription="carousel" aria-labelledby="gallery-heading" data-testid="photo-gallery">
      <h2 id="gallery-heading" className="sr-only">
        {DETAIL_TEXTS.photos}
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from any control inside the gallery move it */}
      <div onKeyDown={onKeyDown}>
        <div className="relative">
          <div
            ref={track}
            onScroll={onScroll}
            className="flex aspect-[4/3] snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-slate-100 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
            data-testid="gallery-track"
          >
            {photos.map((item, i) => (
              <div
                key={item.photo.id}
                aria-hidden={i === index ? undefined : true}
                className="relative h-full w-full shrink-0 snap-center snap-always"
              >
                <button
                  type="button"
                  tabIndex={i === index ? 0 : -1}
                  data-slide={i}
                  onClick={() => openFullScreen(i)}
                  aria-label={`${DETAIL_TEXTS.openFullScreen}: ${item.caption}`}
                  className="block h-full w-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
                >
                  <PhotoPicture
                    photo={item.photo}
                    alt={`${title} — ${item.caption}`}
                    sizes={GALLERY_FRAME_SIZES}
                    isCappedOnPhones
                    priority={i === 0}
                    // The slide showing, then its neighbours (a swipe finds them ready); the others
                    // are asked for when reached, not all 40 of a full report with the page.
                    deferred={i !== index && !(isFirstSettled && Math.abs(i - index) <= 1)}
                    onSettled={i === index && !isFirstSettled ? settleAfterPaint : undefined}
                    // Evidence is never cropped: the whole photo shows, letterboxed in the frame.
                    fit="contain"
                    className="h-full w-full"
                    style={{ aspectRatio: 'auto' }}
                  />
                </button>
                {item.damage ? (
                  <span className="pointer-events-none absolute bottom-3 left-3 rounded-md bg-red-800/90 px-2 py-1 text-xs font-semibold text-white">
                    {item.caption}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
          {badge ? <div className="pointer-events-none absolute left-3 top-3">{badge}</div> : null}
          <p
            aria-live="polite"
            aria-atomic="true"
            className="pointer-events-none absolute right-3 top-3 rounded-full bg-slate-950/80 px-3 py-1 text-xs font-semibold text-white"
            data-testid="gallery-count"
          >
            {photoCountText(index, total)}
          </p>
          <div className="pointer-events-none absolute inset-y-0 left-2 hidden items-center sm:flex">
            <PhotoNavButton
              direction="previous"
              onClick={() => show(index - 1)}
              disabled={index === 0}
              className="pointer-events-auto"
            />
          </div>
          <div className="pointer-events-none absolute inset-y-0 right-2 hidden items-center sm:flex">
            <PhotoNavButton
              direction="next"
              onClick={() => show(index + 1)}
              disabled={index === total - 1}
              className="pointer-events-auto"
            />
          </div>
          <button
            type="button"
            onClick={() => openFullScreen(index)}
            className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-slate-950/80 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-950"
          >
            <Expand aria-hidden="true" className="h-3.5 w-3.5" />
            {DETAIL_TEXTS.fullScreen}
          </button>
        </div>

        {total > 1 ? (
          <div className="mt-3 grid gap-2">
            <Thumbnails
              label={DETAIL_TEXTS.allPhotos}
              photos={photos}
              from={0}
              to={damageStart === -1 ? total : damageStart}
              index={index}
              onPick={(i) => show(i, false)}
              isReady={isFirstSettled}
            />
            {damageStart !== -1 ? (
              <>
                <h3 className="text-sm font-semibold text-slate-900">
                  {DETAIL_TEXTS.damagePhotos}{' '}
                  <span className="font-normal text-slate-500">({total - damageStart})</span>
                </h3>
                <Thumbnails
                  label={DETAIL_TEXTS.damagePhotos}
                  photos={photos}
                  from={damageStart}
                  to={total}
                  index={index}
                  onPick={(i) => show(i, false)}
                  isReady={isFirstSettled}
                  withCaptions
                />
              </>
            ) : null}
          </div>
        ) : null}
      </div>

      {fullScreen ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            title={title}
            index={index}
            onIndexChange={(i) => show(i, false)}
            onClose={closeFullScreen}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function Thumbnails({
  label,
  photos,
  from,
  to,
  index,
  onPick,
  isReady,
  withCaptions = false,
}: {
  label: string;
  photos: GalleryPhoto[];
  from: number;
  to: number;
  index: number;
  onPick: (index: number) => void;
  /** Thumbnails load after the photo showing. */
  isReady: boolean;
  withCaptions?: boolean;
}) {
  const { root, near } = useNearInScroller<HTMLUListElement>(to - from);
  return (
    <ul ref={root} aria-label={label} className="flex gap-2 overflow-x-auto pb-1">
      {photos.slice(from, to).map((item, offset) => {
        const i = from + offset;
        return (
          <li
            key={item.photo.id}
            data-near-index={offset}
            className={cn('shrink-0', withCaptions ? 'w-32' : 'w-20')}
          >
            <button
              type="button"
              aria-current={i === index ? 'true' : undefined}
              aria-label={`${DETAIL_TEXTS.showPhoto} ${photoCountText(i, photos.length)}: ${item.caption}`}
              onClick={() => onPick(i)}
              className={cn(
                'block w-full overflow-hidden rounded-lg ring-2 ring-offset-1 transition',
                i === index ? 'ring-brand-600' : 'ring-transparent hover:ring-slate-300',
              )}
            >
              <PhotoPicture
                photo={item.photo}
                alt=""
                sizes={withCaptions ? '128px' : THUMB_SIZES}
                deferred={!(isReady && near.has(offset))}
                className="w-full"
                style={{ aspectRatio: '4 / 3' }}
              />
            </button>
            {withCaptions && item.damage ? (
              <p className="mt-1 text-xs leading-tight text-slate-700">{item.caption}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
