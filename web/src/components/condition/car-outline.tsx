import { DAMAGE_PANELS, type DamagePanel } from '@contracts/condition-report-rules';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';

/** Where each panel sits on the top view, in percent of the drawing (front at the top). */
const AREAS: Record<
  Exclude<DamagePanel, 'interior'>,
  [left: number, top: number, width: number, height: number]
> = {
  front_bumper: [22, 1, 56, 7],
  hood: [22, 9, 56, 20],
  windshield: [24, 30, 52, 8],
  roof: [24, 39, 52, 31],
  rear_glass: [24, 71, 52, 7],
  trunk: [22, 79, 56, 11],
  rear_bumper: [22, 91, 56, 7],
  left_front_fender: [9, 11, 12, 19],
  left_front_door: [9, 31, 12, 19],
  left_rear_door: [9, 51, 12, 17],
  left_quarter_panel: [9, 69, 12, 20],
  left_mirror: [0, 31, 8, 7],
  right_front_fender: [79, 11, 12, 19],
  right_front_door: [79, 31, 12, 19],
  right_rear_door: [79, 51, 12, 17],
  right_quarter_panel: [79, 69, 12, 20],
  right_mirror: [92, 31, 8, 7],
  wheel_lf: [0, 13, 8, 15],
  wheel_rf: [92, 13, 8, 15],
  wheel_lr: [0, 71, 8, 15],
  wheel_rr: [92, 71, 8, 15],
};

/** Short texts for the panels wide enough to carry one. */
const SHORT: Partial<Record<DamagePanel, string>> = {
  front_bumper: 'Bumper',
  hood: 'Hood',
  windshield: 'Windshield',
  roof: 'Roof',
  rear_glass: 'Rear glass',
  trunk: 'Trunk',
  rear_bumper: 'Bumper',
  interior: 'Interior',
};

/**
 * The car from above with each panel a real button (name = the panel, pressed = selected), laid
 * over an SVG drawing of the body; a count shows panels that already have damage. Interior has
 * its own button under the drawing.
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
        <span aria-hidden="true">
          {count ? `${SHORT[panel] ?? ''} ${count}`.trim() : (SHORT[panel] ?? '')}
        </span>
      </button>
    );
  };
  return (
    <div className="grid justify-items-center gap-3">
      <div className="relative aspect-[10/16] w-full max-w-[300px]">
        <svg
          aria-hidden="true"
          viewBox="0 0 100 160"
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full text-slate-300"
        >
          <rect
            x="8"
            y="2"
            width="84"
            height="156"
            rx="22"
            fill="#f1f5f9"
            stroke="currentColor"
            strokeWidth="1"
          />
          <rect
            x="22"
            y="47"
            width="56"
            height="66"
            rx="6"
            fill="none"
            stroke="currentColor"
            strokeWidth="0.8"
          />
        </svg>
        {(Object.keys(AREAS) as (keyof typeof AREAS)[]).map((panel) => {
          const [left, top, width, height] = AREAS[panel];
          return button(panel, 'absolute', {
            left: `${left}%`,
            top: `${top}%`,
            width: `${width}%`,
            height: `${height}%`,
          });
        })}
      </div>
      {button('interior', 'h-11 w-full max-w-[300px] text-sm')}
      <p className="text-xs text-slate-600">Front of the car at the top. Tap the panel with damage.</p>
    </div>
  );
}
