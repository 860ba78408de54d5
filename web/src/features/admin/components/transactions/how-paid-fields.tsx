import { PAYMENT_METHODS } from '@contracts/after-sale';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import { SALE_STEP_LABELS as L } from '../../admin-texts';

interface Field {
  field: UseFormRegisterReturn;
  error: string | undefined;
}

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
  method: Field;
  reference: Field;
  date: Field;
  dateLabel: string;
  dates: { min: string; max: string };
}) {
  return (
    <>
      <SelectField label={L.method} error={method.error} {...method.field}>
        <SelectOptions items={PAYMENT_METHODS} />
      </SelectField>
      <FormField
        label={L.reference}
        autoComplete="off"
        maxLength={100}
        error={reference.error}
        {...reference.field}
      />
      <FormField label={dateLabel} type="date" {...dates} error={date.error} {...date.field} />
    </>
  );
}
