import { INSIGHTS_TEXT } from '@contracts/insights';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { InsightChart } from './insight-chart';
import { InsightTable } from './insight-table';
import type { ChartData } from './insight-types';

/**
 * One chart of a report: its title and what it shows, the drawing (an image with a summary for
 * screen readers), the same rows as a table, and the rows as a CSV file.
 */
export function InsightChartCard({
  chart,
  csvHref,
  headingLevel = 3,
}: {
  chart: ChartData;
  csvHref: string;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const titleId = `insight-${chart.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      data-chart={chart.id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={titleId} className="text-base font-semibold text-slate-900">
            {chart.title}
          </Heading>
          <p className="mt-0.5 text-sm text-slate-600">{chart.description}</p>
        </div>
        <a href={csvHref} download className={buttonClasses('outline', 'sm', 'shrink-0')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download CSV<span className="sr-only"> of {chart.title}</span>
        </a>
      </div>
      {chart.rows.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          {INSIGHTS_TEXT.noData}
        </p>
      ) : (
        <>
          <div className="mt-4">
            <InsightChart chart={chart} />
          </div>
          <div className="mt-4">
            <InsightTable chart={chart} />
          </div>
        </>
      )}
    </section>
  );
}
