import { GUIDE_TEXT } from '@contracts/guide-texts';
import { Scale } from 'lucide-react';
import { Bones } from '@/components/ui/placeholders';
import { PriceToGuidePill, SpokenAs } from '@/components/vehicle/market-guide/guide-figures';
import { GUIDE_LABELS, guideSpokenText } from '@/components/vehicle/market-guide/guide-texts';
import { useGuideViewer } from '@/components/vehicle/market-guide/use-guide-viewer';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/display/format';
import { useCardGuide } from '../api/get-card-guides';

/**
 * A card's market guide (issue #33), for signed-in dealers and admins only: "Guide $12,400" and, for
 * a dealer, the asking price against it ("4% below guide"), or "Not enough sales yet". It arrives
 * after the card (the card paints without it) and keeps one line's height from its placeholder on,
 * so the card does not jump when it lands. Screen readers hear the whole guide in one sentence.
 */
export function CardGuide({ vehicleId, compact = false }: { vehicleId: number; compact?: boolean }) {
  const { canSeeGuide, isDealer } = useGuideViewer();
  // A visitor's card asks nothing: the read is the signed-in viewer's own component.
  return canSeeGuide ? <ViewerCardGuide vehicleId={vehicleId} compact={compact} isDealer={isDealer} /> : null;
}

function ViewerCardGuide({
  vehicleId,
  compact,
  isDealer,
}: {
  vehicleId: number;
  compact: boolean;
  isDealer: boolean;
}) {
  const guide = useCardGuide(vehicleId, true);
  const line = cn(
    'flex min-w-0 items-center gap-x-2 text-slate-700',
    compact ? 'h-5 text-xs' : 'h-6 text-sm',
  );
  if (guide.isPending)
    return (
      <span aria-hidden="true" className={line} data-testid="guide-badge-loading">
        <Bones as="span" shapes={[cn('rounded-full bg-slate-100', compact ? 'h-4 w-28' : 'h-5 w-40')]} />
      </span>
    );
  // The card stands without its guide when the guide could not be read.
  const summary = guide.data;
  if (!summary) return null;
  const icon = (
    <Scale
      aria-hidden="true"
      className={cn('shrink-0 text-slate-400', compact ? 'h-3.5 w-3.5' : 'h-4 w-4')}
    />
  );
  if (summary.status === 'insufficient')
    return (
      <p className={cn(line, 'text-slate-500')} data-testid="guide-badge" data-status="insufficient">
        {icon}
        <SpokenAs spoken={guideSpokenText(summary)}>
          <span className="truncate">{GUIDE_TEXT.notEnough}</span>
        </SpokenAs>
      </p>
    );
  const priceToGuide = isDealer ? summary.priceToGuide : null;
  return (
    <p className={line} data-testid="guide-badge" data-status="ready">
      {icon}
      <SpokenAs spoken={guideSpokenText(summary, priceToGuide)}>
        <span className="whitespace-nowrap">
          {GUIDE_LABELS.guide}{' '}
          <span className="font-semibold text-slate-900">{formatMoney(summary.guide)}</span>
        </span>
        {priceToGuide !== null ? <PriceToGuidePill percent={priceToGuide} /> : null}
      </SpokenAs>
    </p>
  );
}
