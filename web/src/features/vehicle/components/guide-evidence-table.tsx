import type { GuideSale } from '@contracts/guide';
import { GUIDE_TEXT } from '@contracts/guide-texts';
import { useId } from 'react';
import { formatSoldWeek, formatWeight, GUIDE_LABELS } from '@/components/vehicle/market-guide/guide-texts';
import { formatGrade } from '@/lib/display/condition-report';
import { formatMileage, formatMoney, NOT_AVAILABLE } from '@/lib/display/format';

const COLUMNS = [
  { label: GUIDE_LABELS.sold, isNumber: false },
  { label: GUIDE_LABELS.year, isNumber: true },
  { label: GUIDE_LABELS.miles, isNumber: true },
  { label: GUIDE_LABELS.grade, isNumber: true },
  { label: GUIDE_LABELS.price, isNumber: true },
  { label: GUIDE_LABELS.adjusted, isNumber: true },
  { label: GUIDE_LABELS.weight, isNumber: true },
] as const;

/** Newest sale first (the server sends them so; kept so here whatever the order). */
const newestFirst = (sales: GuideSale[]) =>
  [...sales].sort((a, b) => (b.soldWeekOf < a.soldWeekOf ? -1 : b.soldWeekOf > a.soldWeekOf ? 1 : 0));

/**
 * The sales behind a guide (issue #33): the week each sold, its year, miles (to the nearest 1,000)
 * and grade, what it sold for, that price adjusted to this car, and its weight. Never a sale's day
 * or exact miles (issue #43): the API sends neither, so a listed car's price cannot be read off it. A real table with a caption and column
 * headers; on a phone it scrolls sideways inside its own frame (focusable, so a keyboard scrolls
 * it too) rather than widening the page (the frame's inline-size containment keeps the table's
 * width from reaching the page's grid).
 */
export function GuideEvidenceTable({ sales, total }: { sales: GuideSale[]; total: number }) {
  const captionId = useId();
  // No sales: the section says so above (there is no guide without them).
  if (sales.length === 0) return null;
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      className="mt-3 overflow-x-auto rounded-lg [contain:inline-size] ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full min-w-[34rem] border-collapse text-sm" data-testid="guide-evidence">
        <caption id={captionId} className="px-3 pt-3 pb-1 text-left text-sm font-semibold text-slate-900">
          {GUIDE_TEXT.sales}
          {total > sales.length ? (
            <span className="font-normal text-slate-600">
              {' '}
              (the newest {sales.length} of {total})
            </span>
          ) : null}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.isNumber ? 'px-3 py-2 text-right' : 'px-3 py-2 text-left'}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {newestFirst(sales).map((sale, index) => (
            <tr
              // Two sales of one week and one car are possible: the position keeps keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
              key={`${sale.soldWeekOf}-${index}`}
              className="border-b border-slate-100 last:border-b-0"
            >
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium text-slate-900">
                {formatSoldWeek(sale.soldWeekOf)}
              </th>
              <td className="px-3 py-2 text-right">{sale.year ?? NOT_AVAILABLE}</td>
              <td className="px-3 py-2 text-right">{formatMileage(sale.mileage)}</td>
              <td className="px-3 py-2 text-right">
                {sale.grade === null ? NOT_AVAILABLE : formatGrade(sale.grade)}
              </td>
              <td className="px-3 py-2 text-right">{formatMoney(sale.price)}</td>
              <td className="px-3 py-2 text-right font-medium text-slate-900">
                {formatMoney(sale.adjustedPrice)}
              </td>
              <td className="px-3 py-2 text-right">{formatWeight(sale.weight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
