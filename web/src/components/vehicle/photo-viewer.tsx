import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

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
