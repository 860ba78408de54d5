import type { ConditionReportBody } from '@contracts/condition-report';
import { computeGrade } from '@contracts/condition-report-rules';
import { GradeBadge } from '@/components/vehicle/grade-badge';
import { formatPoints } from '@/lib/condition-report';

/** The grade the report will get (computeGrade, the same table as the server), with its deductions. */
export function GradePreview({ report }: { report: ConditionReportBody }) {
  const { grade, deductions } = computeGrade(report);
  return (
    <div className="grid gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="grade-preview">
      <p aria-live="polite" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        Grade preview: <GradeBadge grade={grade} />
      </p>
      {deductions.length > 0 ? (
        <ul className="grid gap-0.5 text-xs text-slate-700">
          {deductions.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two deductions may read the same
            <li key={i} className="flex justify-between gap-3">
              <span>{d.reason}</span>
              <span className="tabular-nums text-red-800">{formatPoints(d.points)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
