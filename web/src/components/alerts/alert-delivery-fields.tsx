import {
  ALERT_CADENCE_LABELS,
  ALERT_CHANNEL_LABELS,
  ALERT_TEXT,
  type AlertCadence,
  type AlertChannel,
} from '@contracts/alert-delivery-texts';
import type { SelectHTMLAttributes } from 'react';
import { SelectField, SelectOptions } from '@/components/ui/fields';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> };

/**
 * How a buy order's or saved search's alerts arrive (docs/design.md §13): "Alerts by" (e-mail, text,
 * both) and "When" (instantly, daily digest), as two native selects, in a form (the fields'
 * register() props) or on a list item (value and onChange).
 */
export function AlertDeliveryFields({
  channel,
  cadence,
  className,
}: {
  channel: SelectProps;
  cadence: SelectProps;
  className?: string;
}) {
  return (
    <div className={className ?? 'grid gap-3 sm:grid-cols-2'}>
      <SelectField label={ALERT_TEXT.channel} {...channel}>
        <SelectOptions items={ALERT_CHANNEL_LABELS} />
      </SelectField>
      <SelectField label={ALERT_TEXT.cadence} {...cadence}>
        <SelectOptions items={ALERT_CADENCE_LABELS} />
      </SelectField>
    </div>
  );
}

export type { AlertCadence, AlertChannel };
