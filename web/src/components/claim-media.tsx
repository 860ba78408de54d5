import type { Photo } from '@contracts/condition-report';
import { Film } from 'lucide-react';
import { PhotoLinks } from '@/components/media/photo-links';

/**
 * What a dealer attached to a claim: the photos as small pictures (the gallery's variants and
 * blurred placeholder) that open full size in a new tab, and the video as a player with a link.
 */
export function ClaimMedia({ photos, videoUrl }: { photos: Photo[]; videoUrl: string | null }) {
  if (photos.length === 0 && !videoUrl) return null;
  return (
    <div className="mt-1 grid gap-2">
      {photos.length > 0 ? (
        <PhotoLinks photos={photos} label="Claim photos" alt={(n) => `Claim photo ${n}`} />
      ) : null}
      {videoUrl ? (
        <div className="grid max-w-xs gap-1">
          {/* biome-ignore lint/a11y/useMediaCaption: a dealer's phone video of a defect has no captions */}
          <video
            controls
            preload="none"
            playsInline
            src={videoUrl}
            className="aspect-video w-full rounded-md bg-black"
          />
          <a
            href={videoUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 justify-self-start rounded-md font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            <Film aria-hidden="true" className="h-3.5 w-3.5" />
            Open the video<span className="sr-only"> of the claim in a new tab</span>
          </a>
        </div>
      ) : null}
    </div>
  );
}
