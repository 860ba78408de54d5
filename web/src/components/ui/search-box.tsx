import { Search } from 'lucide-react';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

/** A list's search field: the magnifier in the box, its label read by screen readers (and the placeholder unless told). */
export function SearchBox({
  label,
  placeholder = label,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-3 h-5 w-5 text-slate-400"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, 'pl-10')}
      />
    </div>
  );
}
