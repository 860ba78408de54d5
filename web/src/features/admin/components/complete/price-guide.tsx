import { GUIDE_TEXT } from '@contracts/guide-texts';
import { formatCents, toCents } from '@contracts/money';
import { Scale } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { useGuidePreview } from '@/components/vehicle/market-guide/guide-api';
import { PriceToGuidePill } from '@/components/vehicle/market-guide/guide-figures';
import {
  GUIDE_LABELS,
  percentAgainstGuide,
  priceToGuideText,
  rangeText,
  salesCount,
} from '@/components/vehicle/market-guide/guide-texts';
import { formatMoney } from '@/lib/display/format';
import { type CompleteListingForm, guidePreviewValues } from './complete-listing-form';
import { useSettled } from './first-look-field';

/**
 * The market guide beside the price an admin types while completing a listing (issue #33): the
 * guide of this car as its year, make, model and miles are typed (not as stored: a corrected model
 * finds its sales before publishing), from the marketplace's own sales, its range and sales, and
 * the typed price against it, said again (politely, once typing pauses) to a screen reader.
 */
export function PriceGuide({
  vehicleId,
  form,
}: {
  vehicleId: number;
  form: UseFormReturn<CompleteListingForm>;
}) {
  const [year, make, model, mileage] = form.watch(['year', 'make', 'model', 'mileage']);
  // The guide of the car as typed, asked again as the fields settle (not of the car as stored).
  const fields = useSettled(guidePreviewValues({ year, make, model, mileage }));
  const guide = useGuidePreview(vehicleId, fields);
  const typed = useSettled(form.watch('price'), 300);
  const typedCents = typed.trim() === '' ? null : toCents(typed);
  const summary = guide.data?.summary;
  // A guide is shown only when there are enough sales and the nightly refit has run.
  const ready = summary?.status === 'ready' && guide.data?.fit !== null ? summary : null;
  const percent = ready ? percentAgainstGuide(typedCents, ready.guide) : null;
  return (
    <div
      className="grid gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="price-guide"
      aria-busy={guide.isPending}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800">
        <Scale aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        <span className="font-medium">{GUIDE_TEXT.title}</span>
        {guide.isPending ? (
          <span className="text-slate-600">{GUIDE_LABELS.loading}</span>
        ) : guide.isError ? (
          <span role="alert" className="text-red-700">
            {GUIDE_LABELS.failed} {guide.error.message}
          </span>
        ) : ready ? (
          <>
            <span className="font-semibold text-slate-900" data-testid="price-guide-amount">
              {formatMoney(ready.guide)}
            </span>
            <span className="text-slate-600">
              {GUIDE_TEXT.range.toLowerCase()} {rangeText(ready.low, ready.high)},{' '}
              {salesCount(ready.comparables)}
            </span>
          </>
        ) : (
          <span className="text-slate-600" data-testid="price-guide-not-enough">
            {GUIDE_TEXT.notEnough}
            {summary ? ` (${salesCount(summary.comparables)} found)` : null}
          </span>
        )}
      </p>
      {/* Read out when the typed price settles: what it is against the guide. */}
      <p aria-live="polite" className="flex flex-wrap items-center gap-2 text-slate-700">
        {percent !== null && typedCents !== null ? (
          <>
            <span>
              {GUIDE_LABELS.typedPrice} {formatCents(typedCents)}
              <span className="sr-only">: {priceToGuideText(percent).text}</span>
            </span>
            <span aria-hidden="true" data-testid="typed-price-to-guide">
              <PriceToGuidePill percent={percent} />
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}
