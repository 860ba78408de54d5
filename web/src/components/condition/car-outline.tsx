import { DAMAGE_PANELS, type DamagePanel } from '@contracts/condition-report-rules';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';

/**
 * Where each panel sits on the top view (front at the top): a grid of five columns — wheels and
 * mirrors outside, the side panels, the middle — and 18 rows of 24 px. Every target is at least
 * 44 × 44 px down to a 272 px wide map (a 360 px phone): the outer columns are 44 px, the side
 * panels 48 px and span two or more rows (50 px and up).
 */
const AREAS: Record<Exclude<DamagePanel, 'interior'>, [column: number, rowStart: number, rowSpan: number]> = {
  front_bumper: [3, 1, 2],
  hood: [3, 3, 3],
  windshield: [3, 6, 2],
  roof: [3, 8, 4],
  rear_glass: [3, 12, 2],
  trunk: [3, 14, 3],
  rear_bumper: [3, 17, 2],
  left_front_fender: [2, 3, 4],
  left_front_door: [2, 7, 4],
  left_rear_door: [2, 11, 3],
  left_quarter_panel: [2, 14, 4],
  right_front_fender: [4, 3, 4],
  right_front_door: [4, 7, 4],
  right_rear_door: [4, 11, 3],
  right_quarter_panel: [4, 14, 4],
  left_mirror: [1, 7, 2],
  right_mirror: [5, 7, 2],
  wheel_lf: [1, 3, 3],
  wheel_rf: [5, 3, 3],
  wheel_lr: [1, 14, 3],
  wheel_rr: [5, 14, 3],
};

/** The visible label of each panel (left and right are where it sits; the full name is its accessible name and tooltip). */
const SHORT: Record<DamagePanel, string> = {
  front_bumper: 'Bumper',
  hood: 'Hood',
  windshield: 'Windshield',
  roof: 'Roof',
  rear_glass: 'Rear glass',
  trunk: 'Trunk',
  rear_bumper: 'Bumper',
  left_front_fender: 'Fender',
  left_front_door: 'Front door',
  left_rear_door: 'Rear door',
  left_quarter_panel: 'Quarter',
  right_front_fender: 'Fender',
  right_front_door: 'Front door',
  right_rear_door: 'Rear door',
  right_quarter_panel: 'Quarter',
  left_mirror: 'Mirror',
  right_mirror: 'Mirror',
  wheel_lf: 'Wheel',
  wheel_rf: 'Wheel',
  wheel_lr: 'Wheel',
  wheel_rr: 'Wheel',
  interior: 'Interior',
};

/** Side panels are tall and narrow: their labels run along them. */
const VERTICAL = new Set<DamagePanel>([
  'left_front_fender',
  'left_front_door',
  'left_rear_door',
  'left_quarter_panel',
  'right_front_fender',
  'right_front_door',
  'right_rear_door',
  'right_quarter_panel',
]);

/**
 * The car from above with each panel a real button (name = the panel, pressed = selected, a short
 * visible label and the full name as its tooltip), laid over a drawing of the body; a count shows
 * panels that already have damage. Interior has its own button under the drawing.
 */
export function CarOutline({
  selected,
  counts,
  onSelect,
}: {
  selected: DamagePanel | null;
  counts: Partial<Record<DamagePanel, number>>;
  onSelect: (panel: DamagePanel) => void;
}) {
  const button = (panel: DamagePanel, className: string, style?: CSSProperties) => {
    const count = counts[panel] ?? 0;
    const name = `${DAMAGE_PANELS[panel]}${count ? `, ${count} damage item${count === 1 ? '' : 's'}` : ''}`;
    return (
      <button
        key={panel}
        type="button"
        aria-label={name}
        aria-pressed={selected === panel}
        title={DAMAGE_PANELS[panel]}
        onClick={() => onSelect(panel)}
        style={style}
        className={cn(
          'flex items-center justify-center rounded-md border text-[11px] font-medium leading-tight transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-1',
          selected === panel
            ? 'border-brand-700 bg-brand-600 text-white'
            : count
              ? 'border-amber-500 bg-amber-100 text-amber-900 hover:bg-amber-200'
              : 'border-slate-300 bg-white/80 text-slate-700 hover:bg-brand-50',
          className,
        )}
      >
        <span aria-hidden="true" className={cn(VERTICAL.has(panel) && '[writing-mode:vertical-rl]')}>
          {SHORT[panel]}
          {count ? <span className="ml-0.5 font-bold">{count}</span> : null}
        </span>
      </button>
    );
  };
  return (
    <div className="grid justify-items-center gap-3">
      <div className="relative grid w-full max-w-[340px] grid-cols-[44px_48px_minmax(0,1fr)_48px_44px] grid-rows-[repeat(18,24px)] gap-x-[3px] gap-y-[2px]">
        {/* The body and its glass, behind the panels. */}
        <div
          aria-hidden="true"
          className="col-start-2 col-end-5 row-start-1 row-end-[19] rounded-[2.5rem] border border-slate-300 bg-slate-100"
        />
        <div
          aria-hidden="true"
          className="col-start-3 row-start-6 row-end-[14] rounded-lg border border-slate-300"
        />
        {(Object.keys(AREAS) as (keyof typeof AREAS)[]).map((panel) => {
          const [column, row, span] = AREAS[panel];
          return button(panel, '', {
            gridColumn: column,
            gridRow: `${row} / span ${span}`,
          });
        })}
      </div>
      {button('interior', 'h-11 w-full max-w-[340px] text-sm')}
      <p className="text-xs text-slate-600">Front of the car at the top. Tap the panel with damage.</p>
    </div>
  );
}
