import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A column whose header sorts the table: a button, and aria-sort on the header when it is the sort. */
export interface SortableColumn {
  label: string;
  sorted: 'ascending' | 'descending' | false;
  onSort: () => void;
}

/**
 * A dense table on desktop that becomes a stack of cards below the md breakpoint: each cell
 * then shows its column name (data-label) beside its value. One markup for both layouts.
 */
export function DataTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: (string | SortableColumn)[];
  children: ReactNode;
}) {
  return (
    <table aria-label={label} className="w-full border-collapse text-sm max-md:block">
      <thead className="max-md:sr-only">
        <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ) : (
              <SortHeader key={column.label} column={column} />
            ),
          )}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-3">{children}</tbody>
    </table>
  );
}

function SortHeader({ column }: { column: SortableColumn }) {
  const Icon =
    column.sorted === 'ascending' ? ArrowUp : column.sorted === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={column.sorted || undefined} className="px-1.5 py-1">
      {/* Phones sort with the table's own control (the header row is hidden there). */}
      <span className="md:hidden">{column.label}</span>
      <button
        type="button"
        onClick={column.onSort}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-left uppercase tracking-wide hover:bg-slate-100 hover:text-slate-900 max-md:hidden',
          column.sorted && 'text-slate-900',
        )}
      >
        {column.label}
        <Icon aria-hidden="true" className={cn('h-3.5 w-3.5 shrink-0', !column.sorted && 'text-slate-400')} />
      </button>
    </th>
  );
}

/**
 * On phones each row is a card, and a page of them runs far below the screen: a card off screen is
 * not laid out or painted until it comes near (`content-visibility: auto`), keeping its last height
 * (a guess before it is first drawn) and taking the column's width, never a guessed one. Its text
 * stays in the page for find-in-page and screen readers. The Transactions tab's 25 cards were 70 ms
 * of layout after their render in a Lighthouse trace (unthrottled), 24 ms since (issue #47). On
 * desktop a row is a table row, which this does not apply to.
 */
const PHONE_CARD_OFF_SCREEN = 'max-md:[content-visibility:auto] max-md:[contain-intrinsic-height:auto_24rem]';

export function Row({
  children,
  className,
  ...rest
}: { children: ReactNode; className?: string } & Record<
  `data-${string}`,
  string | number | boolean | undefined
>) {
  return (
    <tr
      className={cn(
        'align-middle max-md:flex max-md:flex-col max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3 md:border-b md:border-slate-100 md:last:border-b-0',
        PHONE_CARD_OFF_SCREEN,
        className,
      )}
      {...rest}
    >
      {children}
    </tr>
  );
}

const PHONE_LAYOUT = {
  /** Label on the left, value on the right. */
  row: 'max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:text-right',
  /** The cell's content takes the whole line (a card heading). */
  block: 'max-md:block',
  /** Not shown on phones (another cell carries the information). */
  hidden: 'max-md:hidden',
  /** Only on phones, as the card's heading. */
  only: 'max-md:order-first max-md:block md:hidden',
  /** The card's heading on phones, a plain cell on desktop. */
  heading: 'max-md:order-first max-md:block',
} as const;

export function Cell({
  label,
  children,
  className,
  phone = 'row',
}: {
  /** The column name, shown before the value on phones. */
  label?: string;
  children: ReactNode;
  className?: string;
  phone?: keyof typeof PHONE_LAYOUT;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        'px-3 py-2.5 max-md:px-0 max-md:py-1',
        PHONE_LAYOUT[phone],
        label &&
          phone === 'row' &&
          'max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:uppercase max-md:before:tracking-wide max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]',
        className,
      )}
    >
      {children}
    </td>
  );
}
