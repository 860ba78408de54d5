import { UPLOAD_TEXT } from '@contracts/upload';
import {
  VIN_CHECK_DIGIT_OVERRIDE_LABELS,
  VIN_CHECK_DIGIT_OVERRIDES,
  type VinCheckDigitOverride,
} from '@contracts/vin';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A VIN whose check digit does not match: the warning, and the explicit reason that lets it through
 * (built before 1981 or for another market, where the North-American check digit does not apply).
 * Without a reason the step does not go on and the server refuses the vehicle; correcting the VIN
 * clears the reason.
 */
export function CheckDigitOverride({
  value,
  onChange,
}: {
  value: VinCheckDigitOverride | null;
  onChange: (next: VinCheckDigitOverride) => void;
}) {
  const name = useId();
  return (
    <div className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p role="alert" className="flex gap-2 font-medium">
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {UPLOAD_TEXT.checkDigitWarning}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1">{UPLOAD_TEXT.checkDigitOverrideLegend}</legend>
        {VIN_CHECK_DIGIT_OVERRIDES.map((reason) => (
          <label
            key={reason}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-amber-300 bg-white px-3 text-slate-900',
              'has-[:checked]:border-amber-700 has-[:checked]:ring-1 has-[:checked]:ring-amber-700',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={reason}
              checked={value === reason}
              onChange={() => onChange(reason)}
              className="h-5 w-5 accent-amber-700"
            />
            {VIN_CHECK_DIGIT_OVERRIDE_LABELS[reason]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
