import { FLOOR_PLAN_TEXT } from '@contracts/delivery';
import { useFloorPlanLines } from '@/lib/buying/delivery-quote';
import { cn } from '@/lib/cn';

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600';

/**
 * "Pay with" in the Buy Now dialog of a signed-in dealer (docs/design.md §15): ACH, check or wire (the
 * default), or one of the dealership's floor-plan lines; the sale is then sent to that lender.
 * Nothing is shown while the dealership has no line.
 */
export function FloorPlanOption({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (lineId: number | null) => void;
}) {
  const lines = useFloorPlanLines();
  if (!lines.data || lines.data.length === 0) return null;
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{FLOOR_PLAN_TEXT.payWith}</legend>
      <label className={OPTION}>
        <input
          type="radio"
          name="pay-with"
          className="h-5 w-5 shrink-0 accent-brand-600"
          checked={value === null}
          onChange={() => onChange(null)}
        />
        {FLOOR_PLAN_TEXT.payCash}
      </label>
      {lines.data.map((line) => (
        <label key={line.id} className={cn(OPTION, 'break-words')}>
          <input
            type="radio"
            name="pay-with"
            className="h-5 w-5 shrink-0 accent-brand-600"
            checked={value === line.id}
            onChange={() => onChange(line.id)}
          />
          <span className="min-w-0">{line.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
