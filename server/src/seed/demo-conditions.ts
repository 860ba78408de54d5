import {
  type ConditionReportBody,
  type DamagePanel,
  type DamageSize,
  type DamageType,
  describeDamage,
  GRADE_RULES,
  TIRE_POSITIONS,
  type TirePosition,
} from '@contracts/condition-report';
import { DEFAULT_RECON_TEXT } from '@contracts/limits';

/** A damage item of the demo, with what the inspector wrote beside it. */
type Damage = [panel: DamagePanel, type: DamageType, size: DamageSize, note?: string];

/** What an inspection found on one demo car: the condition report and the work already done. */
export interface DemoCondition {
  damage: Damage[];
  /** Tread depth in 32nds: left front, right front, left rear, right rear. */
  tires: [number, number, number, number];
  warningLights?: string[];
  /** Mechanical work done or found (the description's service notes). */
  mechanical?: string;
  /** Interior work done; interior damage items are added to it. */
  interior?: string;
}

const c = (
  damage: Damage[],
  tires: DemoCondition['tires'],
  more: Omit<DemoCondition, 'damage' | 'tires'> = {},
): DemoCondition => ({ damage, tires, ...more });

/**
 * One inspection per demo vehicle, in DEMO_VEHICLES order, written to agree with each car's
 * description (the hail on the Altima, the F-150's bumper scuffs, the XT5's curb rash). Grades run
 * from 5.0 to the mid 3s, most 4.5 and up, so every grade filter keeps cars to show.
 */
export const DEMO_CONDITIONS: DemoCondition[] = [
  c([], [9, 9, 8, 8], { mechanical: 'New front brake pads; synthetic oil change.' }),
  c([['right_rear_door', 'scratch', 'small', 'Light key mark, polishes out']], [7, 7, 7, 7], {
    interior: 'Detailed; leather conditioned.',
  }),
  c([['rear_bumper', 'scratch', 'medium', 'Scuffs from the hitch']], [6, 6, 5, 5]),
  c([], [11, 11, 11, 11], { mechanical: 'New all-terrain tires.' }),
  c([['windshield', 'chip', 'small', 'Outside the driver view']], [7, 7, 6, 6], {
    mechanical: 'Timing and fluids serviced at 50k.',
  }),
  c(
    [
      ['roof', 'dent', 'large', 'Light hail across the roof'],
      ['hood', 'dent', 'medium', 'Hail, paint intact'],
    ],
    [4, 4, 3, 3],
    { warningLights: ['P0420'], mechanical: 'Catalyst efficiency code P0420; runs and drives well.' },
  ),
  c([['left_front_door', 'scratch', 'medium']], [6, 6, 6, 6], {
    mechanical: 'Rear differential serviced.',
  }),
  c([['trunk', 'scratch', 'small', 'Tailgate, under the tonneau cover']], [8, 8, 8, 8]),
  c([], [9, 9, 9, 9], { interior: 'Non-smoker; spotless.' }),
  c([['left_rear_door', 'dent', 'small', 'Door ding']], [8, 8, 7, 7], {
    mechanical: 'New cabin filter.',
    interior: 'Fresh detail.',
  }),
  c([], [7, 7, 7, 7], { mechanical: 'Head gaskets inspected; CVT fluid replaced.' }),
  c(
    [
      ['rear_bumper', 'scratch', 'medium'],
      ['left_quarter_panel', 'prior_repair', 'small', 'Refinished, good match'],
    ],
    [5, 5, 3, 3],
    { mechanical: 'Valve cover gasket replaced (oil leak).' },
  ),
  c([['hood', 'chip', 'small']], [8, 8, 8, 8], { mechanical: 'Service B completed.' }),
  c([['front_bumper', 'scratch', 'small']], [6, 6, 6, 6], { mechanical: 'Dealer-maintained.' }),
  c([['right_mirror', 'scratch', 'small']], [7, 7, 7, 7], { mechanical: 'Battery health 94%.' }),
  c([], [8, 8, 8, 8], { mechanical: 'New wiper blades and battery.' }),
  c([['right_front_door', 'dent', 'small', 'Door ding']], [4, 4, 3, 3]),
  c([], [8, 8, 8, 8], { mechanical: 'Brakes and rotors replaced.' }),
  c([['left_quarter_panel', 'scratch', 'medium']], [9, 9, 9, 9], {
    mechanical: 'Tires replaced last fall.',
  }),
  c(
    [
      ['wheel_lf', 'scratch', 'small', 'Curb rash'],
      ['wheel_rf', 'scratch', 'small', 'Curb rash'],
    ],
    [6, 6, 6, 6],
  ),
  c([['rear_bumper', 'scratch', 'small']], [7, 7, 7, 7], {
    mechanical: 'Water pump replaced under recall; documentation on file.',
  }),
  c(
    [
      ['left_rear_door', 'scratch', 'medium'],
      ['trunk', 'dent', 'medium', 'Liftgate'],
    ],
    [4, 4, 3, 3],
    {
      warningLights: ['P0171'],
      mechanical: 'Lean code P0171 (intake leak suspected); fleet records on file.',
    },
  ),
  c([], [9, 9, 8, 8], { interior: 'Garage kept.' }),
  c([], [9, 9, 9, 9], { interior: 'Fresh detail.' }),
  c(
    [
      ['windshield', 'chip', 'small'],
      ['front_bumper', 'scratch', 'small'],
    ],
    [7, 7, 6, 6],
    { mechanical: 'Timing and spark plugs serviced.' },
  ),
  c(
    [
      ['hood', 'scratch', 'medium', 'Light scratches'],
      ['trunk', 'scratch', 'small'],
    ],
    [5, 5, 5, 5],
  ),
  c([], [11, 11, 11, 11], { mechanical: 'New tires and a four-wheel alignment.' }),
  c(
    [
      ['windshield', 'prior_repair', 'small', 'Chip repaired'],
      ['rear_bumper', 'scratch', 'medium'],
    ],
    [5, 5, 4, 4],
  ),
  c(
    [
      ['right_rear_door', 'scratch', 'medium', 'Sliding door'],
      ['interior', 'scratch', 'small', 'Scuffed rear seat back'],
    ],
    [4, 4, 3, 3],
    { mechanical: 'Transmission serviced.' },
  ),
  c([], [10, 10, 10, 10]),
  c([['hood', 'chip', 'small']], [8, 8, 8, 8]),
  c([], [9, 9, 9, 9], { mechanical: 'Fresh oil; new wipers.' }),
  c([['front_bumper', 'scratch', 'medium', 'Trail wear']], [7, 7, 7, 7]),
  c([], [8, 8, 8, 8], { mechanical: 'Oil service and brake fluid flush done.' }),
  c([['interior', 'scratch', 'small', 'Wear on the driver bolster']], [6, 6, 6, 6]),
  c([], [10, 10, 10, 10]),
];

/** The condition report of a demo car (damage photos are attached by demo-photos.ts). */
export function demoReportOf(condition: DemoCondition): ConditionReportBody {
  const [lf, rf, lr, rr] = condition.tires;
  return {
    damage: condition.damage.map(([panel, type, size, note]) => ({
      panel,
      type,
      size,
      photoId: null,
      note: note ?? null,
    })),
    tires: { lf, rf, lr, rr },
    warningLights: condition.warningLights ?? [],
  };
}

const sentence = (damage: Damage) => {
  const [panel, type, size, note] = damage;
  const said = describeDamage({ panel, type, size });
  return `${said}${note ? ` (${note.charAt(0).toLowerCase()}${note.slice(1)})` : ''}.`;
};
const joined = (parts: (string | undefined)[]) => {
  const text = parts.filter(Boolean).join(' ');
  return text || DEFAULT_RECON_TEXT;
};

/**
 * The recon notes (docs/product.md §2: Exterior, Mechanical, Interior) say what the report says: every damage
 * item in its section, worn tires and warning lights under Mechanical, 'None Found' only when
 * nothing was found.
 */
export function demoReconNotesOf(condition: DemoCondition) {
  const exterior = condition.damage.filter(([panel]) => panel !== 'interior');
  const interior = condition.damage.filter(([panel]) => panel === 'interior');
  const [lf, rf, lr, rr] = condition.tires;
  const depths: Record<TirePosition, number> = { lf, rf, lr, rr };
  const worn = (Object.keys(TIRE_POSITIONS) as TirePosition[]).filter(
    (position) => depths[position] < GRADE_RULES.tireMin32nds,
  );
  const tires = worn.length
    ? `Replace soon: ${worn.map((p) => `${TIRE_POSITIONS[p].toLowerCase()} tire at ${depths[p]}/32`).join(', ')}.`
    : undefined;
  const lights = (condition.warningLights ?? []).filter((code) => !condition.mechanical?.includes(code));
  const lightsSaid = lights.length ? `Warning lights or codes: ${lights.join(', ')}.` : undefined;
  return {
    reconExterior: joined(exterior.map(sentence)),
    reconMechanical: joined([condition.mechanical, lightsSaid, tires]),
    reconInterior: joined([...interior.map(sentence), condition.interior]),
  };
}
