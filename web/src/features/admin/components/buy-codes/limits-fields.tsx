import { FormField } from '@/components/ui/form-field';
import type { BoundField } from '@/lib/form-binding';

/**
 * A buy code's two limits, both optional (buy-code-form.ts): max uses (blank: unlimited) and the
 * expiry (blank: never). `compact` in the one-line Generate form: "Unlimited" inside the box
 * instead of the hints under both.
 */
export function LimitsFields({
  maxUses,
  expiresAt,
  compact = false,
}: {
  maxUses: BoundField;
  expiresAt: BoundField;
  compact?: boolean;
}) {
  return (
    <>
      <FormField
        label="Max uses"
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        placeholder={compact ? 'Unlimited' : undefined}
        hint={compact ? undefined : 'Leave blank for unlimited.'}
        {...maxUses}
      />
      <FormField
        label="Expires"
        type="datetime-local"
        hint={compact ? undefined : 'Leave blank for no expiry.'}
        {...expiresAt}
      />
    </>
  );
}
