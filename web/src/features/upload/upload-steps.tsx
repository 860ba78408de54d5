import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

export const UPLOAD_STEPS = [
  { key: 'password', label: 'Password' },
  { key: 'vin', label: 'VIN' },
  { key: 'video', label: 'Video' },
  { key: 'photos', label: 'Photos' },
  { key: 'condition', label: 'Condition' },
  { key: 'recon', label: 'Recon' },
  { key: 'complete', label: 'Complete' },
] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number]['key'];

/** The wizard's step indicator: done steps checked, the current one marked for screen readers. */
export function UploadStepIndicator({ current }: { current: UploadStep }) {
  const currentIndex = UPLOAD_STEPS.findIndex((s) => s.key === current);
  return (
    <nav aria-label="Upload progress">
      <ol className="flex items-center gap-1 sm:gap-2">
        {UPLOAD_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <li
              key={step.key}
              aria-current={active ? 'step' : undefined}
              className="flex flex-1 flex-col items-center gap-1"
            >
              <span
                className={cn(
                  'flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold',
                  done && 'bg-brand-600 text-white',
                  active && 'bg-slate-900 text-white ring-4 ring-slate-900/15',
                  !done && !active && 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <Check aria-hidden="true" className="h-4 w-4" /> : index + 1}
              </span>
              <span className={cn('text-xs', active ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                {step.label}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
