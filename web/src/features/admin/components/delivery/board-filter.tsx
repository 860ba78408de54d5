import { SelectField } from '@/components/ui/fields';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';

/** A delivery board's "Show" select: each view with how many of the board's rows it shows. */
export function BoardFilter<V extends string, R>({
  views,
  labels,
  value,
  onChange,
  rows,
  shows,
  className,
}: {
  views: readonly V[];
  labels: Record<V, string>;
  value: V;
  onChange: (view: V) => void;
  rows: readonly R[];
  shows: (row: R, view: V) => boolean;
  className: string;
}) {
  return (
    <SelectField
      label={L.show}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      className={className}
    >
      {views.map((view) => (
        <option key={view} value={view}>
          {labels[view]} ({rows.filter((row) => shows(row, view)).length})
        </option>
      ))}
    </SelectField>
  );
}
