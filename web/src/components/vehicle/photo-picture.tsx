import type { Photo } from '@contracts/condition-report';
import { PHONE_PHOTO_CAP, PHOTO_FORMATS, srcsetUpTo } from '@contracts/condition-report-rules';
import { useCallback, useRef } from 'react';
import { cn } from '@/lib/cn';

interface PhotoPictureProps {
  photo: Photo;
  alt: string;
  /** The `sizes` attribute: how wide the picture renders, so the browser picks the smallest variant. */
  sizes: string;
  /** The first picture of a page: fetched at once with high priority; every other one is lazy. */
  priority?: boolean;
  /** Only the placeholder for now: the photo is not asked for (a gallery slide or thumbnail out of reach). */
  deferred?: boolean;
  /** On a phone-width screen no variant wider than 640 px (PHONE_PHOTO_CAP): cards, the gallery's frame. */
  isCappedOnPhones?: boolean;
  /** Called when the photo has arrived, or failed to. */
  onSettled?: () => void;
  /** cover fills the frame (cards, gallery); contain shows the whole photo (full screen). */
  fit?: 'cover' | 'contain';
  className?: string;
  imgClassName?: string;
  style?: React.CSSProperties;
}

/**
 * One stored photo: AVIF, then WebP, then JPEG at the width the layout needs. The frame paints
 * the tiny blurred placeholder at once and keeps the photo's aspect ratio (or the one its parent
 * gives), so nothing moves when the real image arrives.
 */
export function PhotoPicture({
  photo,
  alt,
  sizes,
  priority = false,
  deferred = false,
  isCappedOnPhones = false,
  onSettled,
  fit = 'cover',
  className,
  imgClassName,
  style,
}: PhotoPictureProps) {
  // A photo in server-rendered HTML (ADR 0016) may arrive before React attaches to it, and then its
  // load event has passed: an image already complete when it is attached is settled at once.
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const attach = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) settled.current?.();
  }, []);
  const frame = {
    className: cn('block overflow-hidden bg-slate-200 bg-cover bg-center', className),
    style: {
      // The tiny blurred placeholder paints at once; a contained photo keeps it in its margins.
      backgroundImage: `url("${photo.placeholder}")`,
      aspectRatio: `${photo.width} / ${photo.height}`,
      ...style,
    },
    'data-photo-id': photo.id,
  };
  if (deferred) return <span {...frame} data-deferred="" />;
  return (
    <picture {...frame}>
      {isCappedOnPhones
        ? PHOTO_FORMATS.map((format) => (
            <source
              key={format}
              media={PHONE_PHOTO_CAP.media}
              type={`image/${format}`}
              srcSet={srcsetUpTo(photo.srcset[format], PHONE_PHOTO_CAP.width)}
              sizes={sizes}
            />
          ))
        : null}
      <source type="image/avif" srcSet={photo.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.srcset.webp} sizes={sizes} />
      <img
        src={photo.src}
        srcSet={photo.srcset.jpeg}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        ref={attach}
        onLoad={onSettled}
        onError={onSettled}
        draggable={false}
        className={cn('h-full w-full', fit === 'cover' ? 'object-cover' : 'object-contain', imgClassName)}
      />
    </picture>
  );
}
