import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import { vehiclePath } from '@contracts/routes';
import type { WatchlistEntry } from '@contracts/watchlist';
import { WATCHLIST_STATUS_LABELS, WATCHLIST_TEXT, type WatchlistStatus } from '@contracts/watchlist-texts';
import { useRef } from 'react';
import { Link } from 'wouter';
import { AnchoredItem } from '@/components/ui/anchored-item';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { toast } from '@/components/ui/use-toast';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { type WatchMark, WatchMarkButton } from '@/components/vehicle/watch-mark-button';
import { formatMiles, formatMoney } from '@/lib/display/format';
import { useUpdateWatchlist, useWatchlistPage } from '@/lib/watchlist';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { DashboardPagedSection } from '../dashboard/dashboard-paged-section';

const STATUS_TONE: Record<WatchlistStatus, BadgeTone> = {
  available: 'green',
  sold: 'gray',
  removed: 'gray',
  unavailable: 'yellow',
};

const anchorOf = (entry: WatchlistEntry) => dealerItemAnchor('watchedCar', entry.vehicleId);

/**
 * Dashboard → Watchlist (issue #30): the cars the person marked Favorite or Watch, each as it stands
 * now, with the two marks to take off (a viewer keeps one too: it is theirs alone). Loading, empty
 * and error states in place; the list reads on a phone as one column. The server pages it (20 a
 * page, the latest marked first, issue #47); a link to a car on it (`#watched-car-5`) reads that
 * car's marks by its id and shows it first when it is on another page.
 */
export function WatchlistSection() {
  const update = useUpdateWatchlist();
  const heading = useRef<HTMLHeadingElement>(null);
  const toggle = (entry: WatchlistEntry, mark: WatchMark) => {
    const change = mark === 'favorite' ? { favorite: !entry.favorite } : { watching: !entry.watching };
    const isLastMark = !(mark === 'favorite' ? entry.watching : entry.favorite);
    // The car leaves the list at once: the keyboard's focus goes to the section, not to the page's top.
    if (isLastMark) heading.current?.focus();
    // Through the promise (docs/conventions.md habit 6): the mutation settles only once the list
    // is read again, and mutate()'s callbacks are lost if the section is gone by then.
    update.mutateAsync({ vehicleId: entry.vehicleId, change }).then(
      () => (isLastMark ? toast({ title: WATCHLIST_TEXT.removed, description: entry.title }) : undefined),
      (error: Error) =>
        toast({ variant: 'destructive', title: WATCHLIST_TEXT.saveFailed, description: error.message }),
    );
  };
  return (
    <DashboardPagedSection
      section={DASHBOARD_SECTIONS.watchlist}
      item="watchedCar"
      usePage={useWatchlistPage}
      idOf={(entry) => entry.vehicleId}
      headingRef={heading}
      listClassName="mt-4 grid gap-2"
    >
      {(entry) => (
        <WatchlistItem
          key={entry.vehicleId}
          entry={entry}
          onToggle={(mark) => toggle(entry, mark)}
          disabled={update.isPending}
        />
      )}
    </DashboardPagedSection>
  );
}

function WatchlistItem({
  entry,
  onToggle,
  disabled,
}: {
  entry: WatchlistEntry;
  onToggle: (mark: WatchMark) => void;
  disabled: boolean;
}) {
  const title = entry.title || 'Vehicle';
  return (
    <AnchoredItem
      anchor={anchorOf(entry)}
      aria-labelledby={`watchlist-${entry.vehicleId}`}
      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3"
    >
      {entry.photo ? (
        <PhotoPicture
          photo={entry.photo}
          alt=""
          sizes="80px"
          className="w-20 shrink-0 rounded-lg"
          style={{ aspectRatio: '4 / 3' }}
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <h3 id={`watchlist-${entry.vehicleId}`} className="font-semibold">
          <Link
            href={vehiclePath(entry.vehicleId)}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {title}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm tabular-nums text-slate-700">
          <Badge tone={STATUS_TONE[entry.status]}>{WATCHLIST_STATUS_LABELS[entry.status]}</Badge>
          {entry.price ? <span>{formatMoney(entry.price)}</span> : null}
          {entry.mileage !== null ? <span>{formatMiles(entry.mileage)}</span> : null}
        </p>
      </div>
      <div className="flex gap-2">
        {(['favorite', 'watching'] as const).map((mark) => (
          <WatchMarkButton
            key={mark}
            mark={mark}
            size="sm"
            carName={title}
            isPressed={mark === 'favorite' ? entry.favorite : entry.watching}
            onToggle={() => onToggle(mark)}
            disabled={disabled}
          />
        ))}
      </div>
    </AnchoredItem>
  );
}
