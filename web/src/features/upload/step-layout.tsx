import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A step's heading; the page moves focus here when the step changes (tabIndex -1). */
export function StepHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div>
      <h2 tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}

/** Back on the left, the step's main action on the right; stacked with the action on top on phones. */
export function StepActions({
  onBack,
  backDisabled,
  children,
}: {
  onBack?: () => void;
  backDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button
          variant="ghost"
          size="lg"
          className="w-full sm:w-auto"
          onClick={onBack}
          disabled={backDisabled}
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back
        </Button>
      ) : (
        <span className="hidden sm:block" />
      )}
      {children}
    </div>
  );
}
