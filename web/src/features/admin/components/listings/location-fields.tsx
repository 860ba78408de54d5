import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import type { BoundField } from '@/lib/form-binding';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';

/**
 * Where the car stands (a 5-digit ZIP; blank = our lot) and whether it runs (docs/design.md §15): what
 * a transport quote starts from. Shared by the queue's Complete form and Manage Listings → Edit.
 */
export function LocationFields({
  zip,
  inoperable,
}: {
  /** The ZIP's registration and its message (`field('locationZip')`). */
  zip: BoundField;
  inoperable: UseFormRegisterReturn;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
      <FormField
        label={L.locationZip}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder="Our lot"
        hint={L.locationZipHint}
        {...zip}
      />
      <div className="grid gap-1.5 sm:pt-7">
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-5 w-5 shrink-0 accent-brand-600" {...inoperable} />
          {L.inoperable}
        </label>
        <p className="text-sm text-slate-600">{L.inoperableHint}</p>
      </div>
    </div>
  );
}
