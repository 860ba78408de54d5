import {
  MAX_TREAD_32NDS,
  TIRE_POSITIONS,
  type TirePosition,
  type Tires,
  tiresSchema,
} from '@contracts/condition-report';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { zodResolver } from '@/lib/zod';

const POSITIONS = Object.keys(TIRE_POSITIONS) as TirePosition[];
/** An empty box is "not measured"; anything else must be a whole number. */
const toDepth = (value: string) => (value.trim() === '' ? null : Number(value));

/** Tread depth per tire in 32nds (0–20), each optional; valid values go straight to the draft. */
export function TiresFields({ tires, onChange }: { tires: Tires; onChange: (tires: Tires) => void }) {
  const form = useForm<Tires>({ resolver: zodResolver(tiresSchema), mode: 'onChange', defaultValues: tires });
  useEffect(() => {
    const subscription = form.watch((values) => {
      const parsed = tiresSchema.safeParse(values);
      if (parsed.success) onChange(parsed.data);
    });
    return () => subscription.unsubscribe();
  }, [form, onChange]);
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-base font-semibold text-slate-900">Tires</legend>
      <p className="text-sm text-slate-600">
        Tread depth in 32nds of an inch (0–{MAX_TREAD_32NDS}); leave blank if not measured.
      </p>
      <div className="grid grid-cols-2 gap-3">
        {POSITIONS.map((position) => (
          <FormField
            key={position}
            label={`${TIRE_POSITIONS[position]} (/32)`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TREAD_32NDS}
            step={1}
            error={errors[position]?.message}
            {...form.register(position, {
              setValueAs: (v: string | number | null) => (typeof v === 'string' ? toDepth(v) : v),
            })}
          />
        ))}
      </div>
    </fieldset>
  );
}
