import type { PhotoUploads } from '@/lib/uploads/use-photo-uploads';
import { PhotoTile } from './photo-tile';

/**
 * An upload queue's photos (usePhotoUploads) as tiles named "Photo 1", "Photo 2"…, each with its
 * progress, Retry and Remove; nothing while the queue is empty. `onRemoved` runs after a Remove
 * (to put the focus back on the picker).
 */
export function PhotoTileList({
  photos,
  label,
  onRemoved,
}: {
  photos: PhotoUploads;
  label: string;
  onRemoved: () => void;
}) {
  if (photos.items.length === 0) return null;
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.items.map((photo, index) => (
        <PhotoTile
          key={photo.key}
          photo={photo}
          label={`Photo ${index + 1}`}
          onRetry={() => photos.retry(photo.key)}
          onRemove={() => {
            photos.remove(photo.key);
            onRemoved();
          }}
        />
      ))}
    </ul>
  );
}
