import { WATCHLIST_TEXT } from '@contracts/watchlist-texts';
import { Share2 } from 'lucide-react';
import { copyToClipboard } from '@/components/copy-button';
import { toast } from '@/components/ui/use-toast';
import { type WatchMark, WatchMarkButton } from '@/components/vehicle/watch-mark-button';
import { useSignedInDealer } from '@/lib/auth/dealer-session';
import { cn } from '@/lib/cn';
import { type IdListKey, useIdListMembership } from '@/lib/storage/local-id-list';
import { useCarMarks, useUpdateWatchlist } from '@/lib/watchlist';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';

const baseClasses =
  'inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors';

const LOCAL_LIST: Record<WatchMark, IdListKey> = { favorite: 'favorites', watching: 'watching' };

/** A visitor's mark, kept in this browser (docs/product.md §3). */
function LocalMark({ mark, vehicleId }: { mark: WatchMark; vehicleId: number }) {
  const { isMember, toggle } = useIdListMembership(LOCAL_LIST[mark], vehicleId);
  return <WatchMarkButton mark={mark} isPressed={isMember} onToggle={toggle} />;
}

/**
 * A signed-in dealer's marks, kept on the server for the person (issue #30): this car's only, read by
 * its id (issue #47); shown at once, undone if refused.
 */
function ServerMarks({ vehicleId }: { vehicleId: number }) {
  const { entry, known } = useCarMarks(vehicleId);
  const update = useUpdateWatchlist();
  const toggle = (mark: WatchMark) =>
    // Through the promise (docs/conventions.md habit 6): the mutation settles only once the
    // watchlist is read again, and mutate()'s callbacks are lost if the buttons are gone by then.
    update
      .mutateAsync({
        vehicleId,
        change: mark === 'favorite' ? { favorite: !entry?.favorite } : { watching: !entry?.watching },
      })
      .catch((error: Error) =>
        toast({ variant: 'destructive', title: WATCHLIST_TEXT.saveFailed, description: error.message }),
      );
  return (
    <>
      {(['favorite', 'watching'] as const).map((mark) => (
        <WatchMarkButton
          key={mark}
          mark={mark}
          isPressed={mark === 'favorite' ? !!entry?.favorite : !!entry?.watching}
          onToggle={() => toggle(mark)}
          disabled={!known}
        />
      ))}
    </>
  );
}

async function shareVehicle(title: string) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The user closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await copyToClipboard(url);
    toast({ title: DETAIL_TEXTS.linkCopied, description: DETAIL_TEXTS.linkCopiedText });
  } catch {
    toast({ title: DETAIL_TEXTS.linkCopyFailed, description: url, variant: 'destructive' });
  }
}

/**
 * Favorite and Watch (kept in this browser, docs/product.md §3; for a signed-in dealer, on the server: issue
 * #30) and share (Web Share, else copy the link).
 */
export function SaveShareButtons({ vehicleId, title }: { vehicleId: number; title: string }) {
  const dealer = useSignedInDealer();
  return (
    <div className="flex gap-2">
      {dealer ? (
        <ServerMarks vehicleId={vehicleId} />
      ) : (
        <>
          <LocalMark mark="favorite" vehicleId={vehicleId} />
          <LocalMark mark="watching" vehicleId={vehicleId} />
        </>
      )}
      <button
        type="button"
        onClick={() => void shareVehicle(title)}
        className={cn(baseClasses, 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
      >
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {DETAIL_TEXTS.share}
      </button>
    </div>
  );
}
