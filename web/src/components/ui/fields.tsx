import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

function FieldShell({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | undefined;
  ref?: React.Ref<HTMLSelectElement>;
}

/** A labelled native select (the phone's own picker), with its error tied to it. */
export function SelectField({ label, error, className, children, ref, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | undefined;
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, className, ref, rows = 3, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(inputClasses, 'h-auto py-2')}
        {...textarea}
      />
    </FieldShell>
  );
}

/** The options of a select from a value → label table, after an empty "Choose…" when asked. */
export function SelectOptions({
  items,
  placeholder,
}: {
  items: Record<string, string>;
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {Object.entries(items).map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </>
  );
}

/** A day of a list's date range (the browser's date picker), '' for none. */
export function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="grid gap-1.5 text-sm font-medium text-slate-800">
      {label}
      <input type="date" value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses} />
    </label>
  );
}
