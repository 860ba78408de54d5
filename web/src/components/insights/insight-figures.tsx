import type { InsightFigure } from '@contracts/insights';
import { formatInsight } from './format-insight';

/** The report's headline figures as tiles, a named list: each tile its label over its value. */
export function InsightFigures({ figures, label }: { figures: InsightFigure[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <li
          key={figure.key}
          data-figure={figure.key}
          className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
        >
          <p data-figure-label className="text-xs font-medium text-slate-600 sm:text-sm">
            {figure.label}
          </p>
          <p data-figure-value className="mt-1 text-lg font-bold tabular-nums text-slate-900 sm:text-2xl">
            {formatInsight(figure.value, figure.unit)}
          </p>
        </li>
      ))}
    </ul>
  );
}
