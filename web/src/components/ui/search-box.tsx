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
 * A server-searched list's search text: what the box shows as the reader types, saved (`save`, e.g.
 * into the URL) once they pause, so the server is asked once per pause; a new `saved` value (a
 * reload, the back button) shows in the box.
 */
export function usePausedSearch(saved: string, save: (text: string) => void, pauseMs = SEARCH_PAUSE_MS) {
  const [text, setText] = useState(saved);
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => setText(saved), [saved]);
  useEffect(() => {
    if (text.trim() === saved) return;
    const timer = setTimeout(() => saveRef.current(text.trim()), pauseMs);
    return () => clearTimeout(timer);
  }, [text, saved, pauseMs]);
  return [text, setText] as const;
}

/** A SearchBox whose text is saved once typing pauses (usePausedSearch): `onSearch` hears it trimmed. */
export function PausedSearchBox({
  value,
  onSearch,
  ...box
}: Omit<Parameters<typeof SearchBox>[0], 'onChange'> & { onSearch: (text: string) => void }) {
  const [text, setText] = usePausedSearch(value, onSearch);
  return <SearchBox {...box} value={text} onChange={setText} />;
}
