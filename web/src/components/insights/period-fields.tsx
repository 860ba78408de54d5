import { type ReactNode, useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import type { InsightPeriod } from './insight-period';

/**
 * The period of a report (From, To) and, beside them, any filters; the server's refusal of the
 * period (it ends before it starts, it is too long, a filter names nobody) is read out under them.
 */
export function PeriodFields({
  period,
  onChange,
  error,
  children,
}: {
  period: InsightPeriod;
  onChange: (period: InsightPeriod) => void;
  /** The server's message when it refused the period or a filter. */
  error?: string | null;
  children?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const field = (key: keyof InsightPeriod, label: string) => (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="date"
        value={period[key]}
        onChange={(event) => onChange({ ...period, [key]: event.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
      />
    </div>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Period and filters</legend>
      <div className="grid gap-3 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap sm:items-end [&>*]:sm:w-44">
        {field('from', 'From')}
        {field('to', 'To')}
        {children}
      </div>
      <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
