import type { GuideDetail } from '@contracts/guide';
import { GUIDE_RULES, GUIDE_TEXT } from '@contracts/guide-texts';
import { Scale } from 'lucide-react';
import { QueryStates } from '@/components/ui/query-states';
import { useVehicleGuide } from '@/components/vehicle/market-guide/guide-api';
import { PriceToGuidePill } from '@/components/vehicle/market-guide/guide-figures';
import {
  GUIDE_LABELS,
  howComputedText,
  rangeText,
  salesCount,
} from '@/components/vehicle/market-guide/guide-texts';
import { useGuideViewer } from '@/components/vehicle/market-guide/use-guide-viewer';
import { formatMoney } from '@/lib/display/format';
import { GuideEvidenceTable } from './guide-evidence-table';

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The guide, its range, how many sales, and (for a dealer) the asking price against it. */
function GuideFigures({ detail, isDealer }: { detail: GuideDetail; isDealer: boolean }) {
  const { summary } = detail;
  if (summary.status !== 'ready' || detail.fit === null) {
    const found = detail.sales.length;
    return (
      <div className="mt-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="guide-not-enough">
        <p className="font-semibold text-slate-900">{GUIDE_TEXT.notEnough}</p>
        <p className="mt-1 text-sm text-slate-600">
          {found === 0 ? GUIDE_LABELS.noSales : `${salesCount(found)} found`}; a guide needs at least{' '}
          {GUIDE_RULES.minComparables}.
        </p>
      </div>
    );
  }
  const priceToGuide = isDealer ? summary.priceToGuide : null;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
      <Figure label={GUIDE_LABELS.guide} testId="guide-amount">
        <span className="text-2xl font-bold tracking-tight">{formatMoney(summary.guide)}</span>
      </Figure>
      <Figure label={GUIDE_TEXT.range} testId="guide-range">
        {rangeText(summary.low, summary.high)}
      </Figure>
      <Figure label={GUIDE_TEXT.sales} testId="guide-comparables">
        {salesCount(summary.comparables)}
      </Figure>
      {priceToGuide !== null ? (
        <Figure label={GUIDE_LABELS.askingPrice} testId="guide-price-to-guide">
          <PriceToGuidePill percent={priceToGuide} size="md" />
        </Figure>
      ) : null}
    </dl>
  );
}

/**
 * The vehicle page's market guide (issue #33, docs/design.md §16) for signed-in dealers and admins: the
 * guide from this marketplace's own sales, its range, the sales behind it and how it was computed.
 * Nobody else sees the section, and nothing is asked for them.
 */
export function MarketGuideSection({ vehicleId }: { vehicleId: number }) {
  const { canSeeGuide, isDealer } = useGuideViewer();
  const guide = useVehicleGuide(vehicleId, canSeeGuide);
  if (!canSeeGuide) return null;
  return (
    <section aria-labelledby="market-guide-heading" aria-busy={guide.isPending} data-testid="market-guide">
      <h2 id="market-guide-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Scale aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {GUIDE_TEXT.title}
      </h2>
      <QueryStates
        query={guide}
        loading={GUIDE_LABELS.loading}
        failed={GUIDE_LABELS.failed}
        empty={GUIDE_TEXT.notEnough}
        isEmpty={() => false}
        placeholderClassName="h-40"
        spacing="mt-3"
      >
        {(detail) => (
          <>
            <GuideFigures detail={detail} isDealer={isDealer} />
            <GuideEvidenceTable sales={detail.sales} total={detail.summary.comparables} />
            <p className="mt-2 text-xs text-slate-600" data-testid="guide-how">
              <span className="font-medium text-slate-700">{GUIDE_LABELS.howComputed}:</span>{' '}
              {howComputedText(detail.fit)}.
            </p>
          </>
        )}
      </QueryStates>
    </section>
  );
}
