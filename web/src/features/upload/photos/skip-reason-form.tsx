import {
  MAX_SKIP_NOTE,
  SKIP_REASON_KEYS,
  SKIP_REASONS,
  type SkipReasonChoice,
  type SkipReasonFormValues,
  skipReasonFormSchema,
} from '@contracts/required-shots';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { zodResolver } from '@/lib/zod';
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
  const form = useForm<SkipReasonFormValues, unknown, SkipReasonChoice>({
    resolver: zodResolver(skipReasonFormSchema),
    defaultValues: { note: '' },
    // One message under the choices, gone at the next change and judged again at Skip shot; the
    // focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const reason = form.watch('reason');
  const { errors } = form.formState;
  const error = errors.reason?.message ?? errors.note?.message ?? null;
  const clearError = () => form.clearErrors();
  const legendId = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    fieldset.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  }, []);

  const confirm = form.handleSubmit((skip) => onConfirm(skip));

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
              value={key}
              className="h-5 w-5 accent-brand-600"
              {...form.register('reason', { onChange: clearError })}
            />
            {SKIP_REASONS[key]}
          </label>
        ))}
      </fieldset>
      {reason === 'other' ? (
        <FormField
          label="What happened?"
          maxLength={MAX_SKIP_NOTE}
          autoComplete="off"
          {...form.register('note', { onChange: clearError })}
        />
      ) : null}
      <FieldError id={`${legendId}-error`} message={error} />
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
