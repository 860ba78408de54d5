import type { Grade } from '@contracts/condition-report';

/** The live grade and every deduction that made it (the same table the dealers' page uses). */
export function GradeSummary({ grade }: { grade: Grade }) {
  return (
    <section
      aria-labelledby="grade-title"
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="grade-title" className="text-base font-semibold text-slate-900">
          Grade
        </h3>
        <p className="text-2xl font-bold tabular-nums text-slate-900" aria-live="polite">
          {grade.grade.toFixed(1)}
          <span className="text-sm font-medium text-slate-500"> / 5.0</span>
        </p>
      </div>
      {grade.deductions.length ? (
        <ul className="grid gap-1 text-sm text-slate-700" aria-label="Deductions">
          {grade.deductions.map((d, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two equal items are two deductions.
            <li key={index} className="flex justify-between gap-3">
              <span>{d.reason}</span>
              <span className="shrink-0 tabular-nums text-red-700">−{d.points.toFixed(1)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No deductions: nothing recorded yet.</p>
      )}
    </section>
  );
}
