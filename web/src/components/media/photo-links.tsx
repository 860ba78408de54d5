import type { Photo } from '@contracts/condition-report';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { fullSizeOf } from '@/lib/display/condition-report';

/**
 * A labelled list of small pictures (the gallery's variants and blurred placeholder), each a link
 * that opens the photo full size in a new tab: claim photos, a bill of lading, photos at arrival.
 */
export function PhotoLinks({
  photos,
  label,
  alt,
}: {
  photos: readonly Photo[];
  /** The list's accessible name. */
  label: string;
  /** Each picture's alt text, from its place in the list (1, 2, …). */
  alt: (n: number) => string;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={fullSizeOf(photo)}
            target="_blank"
            rel="noreferrer"
            className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            <PhotoPicture
              photo={photo}
              alt={alt(index + 1)}
              sizes="80px"
              className="h-16 w-20 rounded-md ring-1 ring-slate-200"
            />
            <span className="sr-only"> (full size, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
