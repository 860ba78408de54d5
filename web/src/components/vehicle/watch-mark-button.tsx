import { WATCHLIST_TEXT } from '@contracts/watchlist-texts';
import { Eye, Heart } from 'lucide-react';
import { cn } from '@/lib/cn';

export type WatchMark = 'favorite' | 'watching';

const MARKS = {
  favorite: {
    label: WATCHLIST_TEXT.favorite,
    Icon: Heart,
    fillWhenPressed: true,
    pressed: 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100',
  },
  watching: {
    label: WATCHLIST_TEXT.watch,
    Icon: Eye,
    fillWhenPressed: false,
    pressed: 'border-brand-100 bg-brand-50 text-brand-700 hover:bg-brand-100',
  },
} as const;

const SIZES = {
  md: 'h-10 flex-1 px-3',
  sm: 'h-9 px-3',
};

/**
 * Favorite or Watch as a toggle button (aria-pressed), one look wherever a car is marked: the
 * vehicle page (kept in the browser, or on the server for a signed-in dealer) and the dashboard's
 * Watchlist. `carName` is read to screen readers after the label when several cars are listed.
 */
export function WatchMarkButton({
  mark,
  isPressed,
  onToggle,
  size = 'md',
  carName,
  disabled,
}: {
  mark: WatchMark;
  isPressed: boolean;
  onToggle: () => void;
  size?: keyof typeof SIZES;
  carName?: string;
  disabled?: boolean;
}) {
  const { label, Icon, fillWhenPressed, pressed } = MARKS[mark];
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      onClick={onToggle}
      disabled={disabled}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg border text-sm font-medium transition-colors disabled:opacity-60',
        SIZES[size],
        isPressed ? pressed : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      <Icon aria-hidden="true" className={cn('h-4 w-4', isPressed && fillWhenPressed && 'fill-current')} />
      {label}
      {carName ? <span className="sr-only"> {carName}</span> : null}
    </button>
  );
}
