import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

const MAX_LIGHTS = 20;
const MAX_LENGTH = 60;

/** The free list of warning lights / OBD codes: type one, Add (or Enter); each has a Remove. */
export function WarningLightsEditor({
  value,
  onChange,
}: {
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const text = draft.trim();
    if (!text || value.includes(text) || value.length >= MAX_LIGHTS) return;
    onChange([...value, text]);
    setDraft('');
  };
  return (
    <div className="grid gap-2" data-testid="warning-lights-editor">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {value.map((light) => (
            <li
              key={light}
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 py-1 pl-3 pr-1 text-sm text-amber-950"
            >
              {light}
              <button
                type="button"
                aria-label={`Remove ${light}`}
                onClick={() => onChange(value.filter((l) => l !== light))}
                className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-amber-200"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1">
          <label htmlFor={id} className="text-xs font-medium text-slate-700">
            Warning light or OBD code
          </label>
          <input
            id={id}
            value={draft}
            maxLength={MAX_LENGTH}
            placeholder="e.g. Check engine, P0420"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              add();
            }}
            className={cn(inputClasses, 'h-10 text-sm')}
          />
        </div>
        <Button
          variant="outline"
          size="md"
          onClick={add}
          disabled={!draft.trim() || value.length >= MAX_LIGHTS}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add
        </Button>
      </div>
    </div>
  );
}
