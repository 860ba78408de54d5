import type { Tires } from '@contracts/condition-report';
import {
  GRADE_RULES,
  MAX_TREAD_32NDS,
  TIRE_POSITIONS,
  type TirePosition,
} from '@contracts/condition-report-rules';
import { useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { isWornTire } from '@/lib/condition-report';

const POSITIONS = Object.keys(TIRE_POSITIONS) as TirePosition[];

/**
 * Tread depth per tire in 32nds (blank = not measured); a tire under the rule table's minimum is
 * flagged as it is typed. Controlled; shared by the admin editor and the wizard.
 */
export function TiresInputs({ value, onChange }: { value: Tires; onChange: (next: Tires) => void }) {
  const id = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="tires-inputs">
      <legend className="sr-only">Tire tread depth in 32nds of an inch</legend>
      {POSITIONS.map((position) => {
        const depth = value[position];
        const worn = isWornTire(depth);
        const hintId = `${id}-${position}-hint`;
        return (
          <div key={position} className="grid gap-1">
            <label htmlFor={`${id}-${position}`} className="text-xs font-medium text-slate-700">
              {TIRE_POSITIONS[position]} <span className="text-slate-500">(32nds)</span>
            </label>
            <input
              id={`${id}-${position}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_TREAD_32NDS}
              step={1}
              value={depth ?? ''}
              aria-describedby={worn ? hintId : undefined}
              onChange={(e) => {
                const raw = e.target.value;
                const n = raw === '' ? null : Math.max(0, Math.min(MAX_TREAD_32NDS, Math.trunc(Number(raw))));
                onChange({ ...value, [position]: n === null || Number.isNaN(n) ? null : n });
              }}
              className={cn(inputClasses, 'h-10 text-sm', worn && 'border-red-600')}
            />
            {worn ? (
              <p id={hintId} className="text-xs font-medium text-red-700">
                Under {GRADE_RULES.tireMin32nds}/32
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
