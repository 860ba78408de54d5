import { type Tires, tiresSchema } from '@contracts/condition-report';
import {
  GRADE_RULES,
  MAX_TREAD_32NDS,
  TIRE_POSITIONS,
  type TirePosition,
} from '@contracts/condition-report-rules';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { isWornTire } from '@/lib/display/condition-report';
import { zodResolver } from '@/lib/zod';

/** What a caller says when asked to save while a tire box is wrong. */
export const TIRES_INVALID = 'Fix the tire tread depths first: whole 32nds from 0 to 20, or blank.';

const POSITIONS = Object.keys(TIRE_POSITIONS) as TirePosition[];
/** An empty box is "not measured"; anything else must be a whole number. */
const toDepth = (value: string | number | null) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;

/**
 * Tread depth per tire in 32nds (0–20), each optional; a tire under the grade's minimum is flagged
 * as it is typed. A valid box goes straight to the caller; one that breaks the contract's rule says
 * why beside it and keeps its last valid depth, and `hasErrors` tells the caller not to save yet.
 * Used by the wizard and the admin editor.
 */
export function TiresInputs({
  value,
  onChange,
}: {
  value: Tires;
  onChange: (next: Tires, hasErrors: boolean) => void;
}) {
  const titleId = useId();
  const form = useForm<Tires>({ resolver: zodResolver(tiresSchema), mode: 'onChange', defaultValues: value });
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    const subscription = form.watch((values) => {
      const next = { ...latest.current };
      let hasErrors = false;
      for (const position of POSITIONS) {
        const parsed = tiresSchema.shape[position].safeParse(values[position]);
        if (parsed.success) next[position] = parsed.data;
        else hasErrors = true;
      }
      onChange(next, hasErrors);
    });
    return () => subscription.unsubscribe();
  }, [form, onChange]);
  const { errors } = form.formState;
  return (
    <fieldset className="@container grid gap-3" aria-labelledby={titleId} data-testid="tires-inputs">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        Tires
      </h3>
      <p className="text-sm text-slate-600">
        Tread depth in 32nds of an inch (0–{MAX_TREAD_32NDS}); leave blank if not measured. Under{' '}
        {GRADE_RULES.tireMin32nds}/32 counts against the grade.
      </p>
      <div className="grid grid-cols-2 gap-3 @xl:grid-cols-4">
        {POSITIONS.map((position) => (
          <FormField
            key={position}
            // Label, box, note from the top: a note under one box must not push its neighbour's down.
            className="content-start"
            label={`${TIRE_POSITIONS[position]} (/32)`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TREAD_32NDS}
            step={1}
            error={errors[position]?.message}
            hint={
              !errors[position] && isWornTire(value[position]) ? (
                <span className="font-medium text-red-700">Under {GRADE_RULES.tireMin32nds}/32</span>
              ) : undefined
            }
            {...form.register(position, { setValueAs: toDepth })}
          />
        ))}
      </div>
    </fieldset>
  );
}
