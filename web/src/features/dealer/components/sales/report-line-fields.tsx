import { DAMAGE_PANELS, DAMAGE_TYPES } from '@contracts/condition-report-rules';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import type { BoundField } from '@/lib/form-binding';

/**
 * Which line of the condition report a claim or its evidence is about: for damage the panel and the
 * kind, for a warning light its code (the server refuses one the report disclosed).
 */
export function ReportLineFields({
  kind,
  bind,
}: {
  kind: 'damage' | 'warning_light' | null;
  /** Binds a field, only when it is shown (registered with `chosen`). */
  bind: (name: 'panel' | 'damageType' | 'code') => BoundField;
}) {
  if (kind === 'damage')
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Panel" {...bind('panel')}>
          <SelectOptions items={DAMAGE_PANELS} placeholder="Choose…" />
        </SelectField>
        <SelectField label="Damage" {...bind('damageType')}>
          <SelectOptions items={DAMAGE_TYPES} placeholder="Choose…" />
        </SelectField>
      </div>
    );
  if (kind === 'warning_light')
    return <FormField label="Warning light or code" maxLength={40} autoComplete="off" {...bind('code')} />;
  return null;
}

/** An empty choice is no choice (the field is optional in the contract, not an empty string). */
export const chosen = {
  setValueAs: (value: string) => (value === '' ? undefined : value),
  shouldUnregister: true,
};
