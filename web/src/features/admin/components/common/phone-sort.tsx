import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';

type Direction = 'asc' | 'desc';

/**
 * A table's sort on a phone, where its header row is hidden: the column to sort by, and a button
 * that turns the order round, saying what the order is and (to a screen reader) what it turns to.
 */
export function PhoneSort<S extends string>({
  sorts,
  sort,
  direction,
  setSort,
  order,
  selectClassName,
}: {
  sorts: Record<S, { label: string }>;
  sort: S;
  direction: Direction;
  setSort: (sort: S, direction?: Direction) => void;
  /** What each direction reads as: { desc: 'Highest first', asc: 'Lowest first' }. */
  order: Record<Direction, string>;
  selectClassName: string;
}) {
  const other: Direction = direction === 'desc' ? 'asc' : 'desc';
  return (
    <div className="flex items-end gap-2 md:hidden">
      <SelectField
        label="Sort by"
        value={sort}
        onChange={(e) => setSort(e.target.value as S)}
        className={selectClassName}
      >
        {(Object.entries(sorts) as [S, { label: string }][]).map(([value, { label }]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Button
        variant="outline"
        aria-label={`${order[direction]}: show ${order[other].toLowerCase()}`}
        onClick={() => setSort(sort, other)}
      >
        {direction === 'desc' ? (
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
        )}
        {order[direction]}
      </Button>
    </div>
  );
}
