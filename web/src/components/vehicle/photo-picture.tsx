import type { Photo } from '@contracts/condition-report';
import { cn } from '@/lib/cn';

interface PhotoPictureProps {
  photo: Photo;
  alt: string;
  /** The `sizes` attribute: how wide the picture renders, so the browser picks the smallest variant. */
  sizes: string;
  /** The first picture of a page: fetched at once with high priority; every other one is lazy. */
  priority?: boolean;
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
  fit = 'cover',
  className,
  imgClassName,
  style,
}: PhotoPictureProps) {
  return (
    <picture
      className={cn('block overflow-hidden bg-slate-200 bg-cover bg-center', className)}
      style={{
        // The tiny blurred placeholder paints at once; a contained photo keeps it in its margins.
        backgroundImage: `url("${photo.placeholder}")`,
        aspectRatio: `${photo.width} / ${photo.height}`,
        ...style,
      }}
      data-photo-id={photo.id}
    >
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
        draggable={false}
        className={cn('h-full w-full', fit === 'cover' ? 'object-cover' : 'object-contain', imgClassName)}
      />
    </picture>
  );
}
