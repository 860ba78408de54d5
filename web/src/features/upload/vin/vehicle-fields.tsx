import { CheckCircle2, Info, Loader2 } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import type { WizardState } from '../wizard-state';
import { type DecodeState, decodeWords } from './decode-state';

/** Where the decode stands, in the words the toast and the summary use (decode-state.ts). */
export function DecodeStatus({ decode, vehicle }: { decode: DecodeState; vehicle: string }) {
  const { title, note } = decodeWords(decode);
  if (decode.status === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        {title}
      </p>
    );
  }
  if (decode.status === 'none') return null;
  if (decode.status === 'deferred') {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          <span className="font-semibold">{title}.</span> {note}; fill in what you know below, or continue.
        </span>
      </p>
    );
  }
  if (decode.status === 'failed') {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
      >
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          <span className="font-semibold">{title}.</span> Fill in what you know below, or continue: the
          details can be completed later.
        </span>
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
      <div>
        <p className="font-semibold">{title}</p>
        {vehicle ? <p>{vehicle}</p> : null}
        {note ? (
          <p className="mt-1 text-emerald-800">{note}. Add the model and trim if you know them.</p>
        ) : null}
      </div>
    </div>
  );
}

/** The odometer reading, typed (digits; commas allowed); blank leaves it to the admin. */
export function MileageField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (typed: string) => void;
}) {
  return (
    <FormField
      label="Mileage"
      hint="As the odometer reads, in miles."
      inputMode="numeric"
      autoComplete="off"
      maxLength={12}
      value={value}
      error={error ?? undefined}
      onChange={(e) => onChange(e.target.value.replace(/[^\d,]/g, ''))}
    />
  );
}

type FieldPatch = Partial<Pick<WizardState, 'year' | 'make' | 'model' | 'trim'>>;

/** The free-text names of the car, each with its label. */
const NAME_FIELDS = [
  ['make', 'Make'],
  ['model', 'Model'],
  ['trim', 'Trim'],
] as const satisfies readonly (readonly [keyof FieldPatch, string])[];

/** Year, make, model and trim: filled by the decode, editable because a decode can be incomplete. */
export function VehicleFields({
  state,
  yearError,
  disabled,
  onChange,
}: {
  state: WizardState;
  yearError: string | null;
  disabled: boolean;
  onChange: (patch: FieldPatch) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4" disabled={disabled}>
      <legend className="sr-only">Vehicle details</legend>
      <FormField
        label="Year"
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        value={state.year}
        error={yearError ?? undefined}
        onChange={(e) => onChange({ year: e.target.value.replace(/\D/g, '') })}
      />
      {NAME_FIELDS.map(([key, label]) => (
        <FormField
          key={key}
          label={label}
          autoComplete="off"
          maxLength={100}
          value={state[key]}
          onChange={(e) => onChange({ [key]: e.target.value })}
        />
      ))}
    </fieldset>
  );
}
