import { useRef } from 'react';
import { formatInsight } from './format-insight';
import type { ChartData } from './insight-types';
import { useScrollsSideways } from './use-scrolls-sideways';

/**
 * The chart's rows as a table (its accessible equivalent, and what the CSV holds): a caption, a
 * header per column, each row headed by its category. Wide tables scroll sideways in their box.
 */
export function InsightTable({ chart }: { chart: ChartData }) {
  const [category, ...values] = chart.columns;
  const box = useRef<HTMLElement>(null);
  const scrolls = useScrollsSideways(box);
  if (!category) return null;
  return (
    <section
      ref={box}
      // A table wider than its box scrolls there (never the page), and is reached by keyboard.
      // Always reachable by keyboard: whether it scrolls is known only after a measure (axe may look first).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame that scrolls sideways must be reachable by keyboard
      tabIndex={0}
      aria-label={scrolls ? `${chart.title}, table (scrolls sideways)` : `${chart.title}, table`}
      className="overflow-x-auto rounded-lg ring-1 ring-slate-200 [contain:inline-size] [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full border-collapse text-sm" data-chart-table={chart.id}>
        <caption className="sr-only">{chart.title}</caption>
        <thead className="bg-slate-50">
          <tr className="text-left text-xs font-semibold text-slate-600">
            {chart.columns.map((column, index) => (
              <th
                key={column.key}
                scope="col"
                className={index === 0 ? 'px-3 py-2' : 'whitespace-nowrap px-3 py-2 text-right'}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={String(row[category.key])} className="border-t border-slate-100">
              <th
                scope="row"
                className="min-w-[6.5rem] px-3 py-1.5 sm:min-w-[9rem] text-left font-medium text-slate-800"
              >
                {formatInsight(row[category.key], category.unit)}
              </th>
              {values.map((column) => (
                <td key={column.key} className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">
                  {formatInsight(row[column.key], column.unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
