import { computeGrade } from '@contracts/condition-report-rules';
import { useId } from 'react';
import { GRADE_TONE_CLASSES } from '@/components/vehicle/grade-badge';
import { cn } from '@/lib/cn';
import { formatGrade, formatPoints, gradeTone } from '@/lib/display/condition-report';

/**
 * The grade the report will get, live (computeGrade: the table the server and the dealers' page
 * use), with every deduction that made it. Used by the wizard and the admin editor.
 */
export function GradePreview({ report }: { report: Parameters<typeof computeGrade>[0] }) {
  const titleId = useId();
  const { grade, deductions } = computeGrade(report);
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="grade-preview"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          Grade
        </h3>
        <p
          aria-live="polite"
          className={cn(
            'rounded-lg px-3 py-0.5 text-2xl font-bold tabular-nums ring-1',
            GRADE_TONE_CLASSES[gradeTone(grade)],
          )}
          data-testid="grade-value"
        >
          {formatGrade(grade)}
          <span className="text-sm font-semibold"> / 5</span>
        </p>
      </div>
      {deductions.length ? (
        <ul className="grid gap-1 text-sm text-slate-700" aria-label="Deductions">
          {deductions.map((d, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two equal items are two deductions.
            <li key={index} className="flex justify-between gap-3">
              <span>{d.reason}</span>
              <span className="shrink-0 tabular-nums text-red-700">{formatPoints(d.points)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No deductions: nothing recorded yet.</p>
      )}
    </section>
  );
}
