import { CarFront } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/cn';
import { VEHICLE_TEXTS } from './vehicle-texts';

interface VehiclePictureProps {
  src: string | null;
  /** Shown on the placeholder when there is no picture. */
  make: string | null;
  alt: string;
  /** The largest rendered width in CSS pixels, for the intrinsic size that prevents layout shift. */
  width?: number;
  eager?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A vehicle's picture in a fixed 16:10 frame, so nothing jumps while it loads; without a
 * picture (or when it fails to load) a neutral placeholder with the make.
 */
export function VehiclePicture({
  src,
  make,
  alt,
  width = 640,
  eager = false,
  className,
  children,
}: VehiclePictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  return (
    <div className={cn('relative aspect-[16/10] w-full overflow-hidden bg-slate-100', className)}>
      {showImage ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={Math.round((width * 10) / 16)}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(src)}
          className="h-full w-full object-cover"
        />
      ) : (
        <div
          // An empty alt means the picture is decoration inside a labelled control.
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
          className="@container flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-slate-700 via-slate-800 to-slate-950 text-slate-300"
        >
          <CarFront
            aria-hidden="true"
            className="h-8 w-8 opacity-70 @min-[14rem]:h-12 @min-[14rem]:w-12"
            strokeWidth={1.5}
          />
          {make ? (
            <span
              aria-hidden="true"
              className="max-w-full truncate px-2 text-xs font-semibold uppercase tracking-[0.2em] text-slate-200 @min-[14rem]:text-sm"
            >
              {make}
            </span>
          ) : null}
          <span aria-hidden="true" className="hidden text-xs text-slate-400 @min-[14rem]:inline">
            {VEHICLE_TEXTS.noImage}
          </span>
        </div>
      )}
      {children}
    </div>
  );
}
