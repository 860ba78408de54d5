import {
  MAX_SKIP_NOTE,
  REQUIRED_SHOTS_TEXT,
  SKIP_REASON_KEYS,
  SKIP_REASONS,
  type SkipReason,
} from '@contracts/required-shots';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import type { ShotSkip } from '../wizard-state';

/**
 * Why a required shot is skipped (issue #34): a short list of reasons, "Other" with a few words,
 * then Skip shot. Inline under the shot, focused when it opens; every choice is a 48 px row.
 */
export function SkipReasonForm({
  shotLabel,
  onConfirm,
  onCancel,
}: {
  shotLabel: string;
  onConfirm: (skip: Omit<ShotSkip, 'kind'>) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<SkipReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    fieldset.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  }, []);

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose why the shot is skipped.');
      return;
    }
    if (reason === 'other' && !note.trim()) {
      setError(REQUIRED_SHOTS_TEXT.noteRequired);
      return;
    }
    onConfirm({ reason, note: reason === 'other' ? note.trim() : '' });
  };

  return (
    <form
      noValidate
      onSubmit={confirm}
      aria-labelledby={legendId}
      className="grid gap-3 rounded-xl border border-slate-300 bg-white p-4"
    >
      <fieldset
        ref={fieldset}
        className="grid gap-2"
        aria-describedby={error ? `${legendId}-error` : undefined}
      >
        <legend id={legendId} className="mb-1 text-base font-semibold text-slate-900">
          Why skip “{shotLabel}”?
        </legend>
        {SKIP_REASON_KEYS.map((key) => (
          <label
            key={key}
            className={cn(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 text-base',
              reason === key ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name="skip-reason"
              value={key}
              checked={reason === key}
              onChange={() => {
                setReason(key);
                setError(null);
              }}
              className="h-5 w-5 accent-brand-600"
            />
            {SKIP_REASONS[key]}
          </label>
        ))}
      </fieldset>
      {reason === 'other' ? (
        <FormField
          label="What happened?"
          value={note}
          maxLength={MAX_SKIP_NOTE}
          autoComplete="off"
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
        />
      ) : null}
      {error ? (
        <p id={`${legendId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" variant="secondary">
          Skip shot
        </Button>
      </div>
    </form>
  );
}
