import type { ReactNode } from 'react';
import { QueryStates, type QueryStatesProps } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { ADMIN_LABELS } from '../../admin-texts';

/** A titled section of a tab. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

/**
 * A tab's list in its panel: the kit's QueryStates with the admin's words ("Could not load this
 * list:"), placeholder rows under the visible loading label (`rows`, 3 unless told), and no space of
 * its own (the panel spaces it).
 */
export function PanelStates<T>({
  rows = 3,
  ...states
}: Omit<QueryStatesProps<T>, 'failed' | 'loadingRows' | 'spacing'> & { rows?: number }) {
  return <QueryStates {...states} loadingRows={rows} failed={ADMIN_LABELS.listFailed} spacing="" />;
}
