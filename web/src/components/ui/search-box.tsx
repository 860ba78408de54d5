import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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

/** How long typing pauses before a list's search goes to the server. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A server-searched list's field: what is typed shows at once, `onSearch` hears it (trimmed) once
 * typing pauses, and a new `value` (the URL's, say after Back) replaces what is in the box.
 */
export function PausedSearchBox({
  value,
  onSearch,
  ...box
}: Omit<Parameters<typeof SearchBox>[0], 'onChange'> & { onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return <SearchBox {...box} value={text} onChange={setText} />;
}
