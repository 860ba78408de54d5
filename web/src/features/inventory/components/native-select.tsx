import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

export const fieldClasses =
  'h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-400';

/**
 * A labelled native select of the toolbar's GET form (the phone's own picker), sent as `name`.
 * `labelClassName` hides the label on a phone, where the chosen value says what it is.
 */
export function NativeSelect<T extends string>({
  id,
  name,
  label,
  labelClassName,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  /** The query parameter it is sent as by the toolbar's GET form. */
  name: string;
  label: string;
  labelClassName?: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <label htmlFor={id} className={cn('text-xs font-medium text-slate-600', labelClassName)}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
          className={cn(fieldClasses, 'appearance-none truncate pl-3 pr-8 text-sm')}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </div>
  );
}
