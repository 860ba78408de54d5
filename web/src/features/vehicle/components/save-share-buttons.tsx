import { Eye, Heart, Share2 } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { copyToClipboard } from '@/components/copy-button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { type IdListKey, useIdListMembership } from '@/lib/local-id-list';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';

const baseClasses =
  'inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors';

function ListToggle({
  list,
  vehicleId,
  label,
  Icon,
  pressedClasses,
  fillWhenPressed = false,
}: {
  list: IdListKey;
  vehicleId: number;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  pressedClasses: string;
  fillWhenPressed?: boolean;
}) {
  const { isMember, toggle } = useIdListMembership(list, vehicleId);
  return (
    <button
      type="button"
      aria-pressed={isMember}
      onClick={toggle}
      className={cn(
        baseClasses,
        isMember ? pressedClasses : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      <Icon aria-hidden="true" className={cn('h-4 w-4', isMember && fillWhenPressed && 'fill-current')} />
      {label}
    </button>
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

/** Favorite and watch (kept in this browser, spec §3) and share (Web Share, else copy the link). */
export function SaveShareButtons({ vehicleId, title }: { vehicleId: number; title: string }) {
  return (
    <div className="flex gap-2">
      <ListToggle
        list="favorites"
        vehicleId={vehicleId}
        label={DETAIL_TEXTS.favorite}
        Icon={Heart}
        fillWhenPressed
        pressedClasses="border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100"
      />
      <ListToggle
        list="watching"
        vehicleId={vehicleId}
        label={DETAIL_TEXTS.watch}
        Icon={Eye}
        pressedClasses="border-brand-100 bg-brand-50 text-brand-700 hover:bg-brand-100"
      />
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
