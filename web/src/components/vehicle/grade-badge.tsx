import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatGrade, gradeTone } from '@/lib/display/condition-report';

/** The colours of a grade's band (gradeTone), for badges and the editors' live grade. */
export const GRADE_TONE_CLASSES = {
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  yellow: 'bg-amber-100 text-amber-950 ring-amber-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
} as const;

/** The condition grade as a small badge: "Grade 4.3 / 5". Nothing when there is no report yet. */
export function GradeBadge({ grade, className }: { grade: number | null; className?: string }) {
  if (grade === null) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
        GRADE_TONE_CLASSES[gradeTone(grade)],
        className,
      )}
      data-testid="grade-badge"
    >
      <Star aria-hidden="true" className="h-3.5 w-3.5" />
      Grade {formatGrade(grade)} / 5
    </span>
  );
}
