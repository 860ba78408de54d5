import { PAYMENT_METHODS } from '@contracts/after-sale-texts';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import type { BoundField } from '@/lib/form-binding';
import { SALE_STEP_LABELS as L } from '../../admin-texts';

/**
 * How money moved, the same fields for a payment, "Mark paid" and a refund: method, reference and
 * the day (from the sale day to today, in the sale's time zone).
 */
export function HowPaidFields({
  method,
  reference,
  date,
  dateLabel,
  dates,
}: {
  method: BoundField;
  reference: BoundField;
  date: BoundField;
  dateLabel: string;
  dates: { min: string; max: string };
}) {
  return (
    <>
      <SelectField label={L.method} {...method}>
        <SelectOptions items={PAYMENT_METHODS} />
      </SelectField>
      <FormField label={L.reference} autoComplete="off" maxLength={100} {...reference} />
      <FormField label={dateLabel} type="date" {...dates} {...date} />
    </>
  );
}
