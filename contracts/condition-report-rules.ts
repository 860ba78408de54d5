import { keysOf } from './keys';
/**
 * The condition report's fixed lists and the one published grade table (docs/design.md §7), without zod:
 * pages that only show a report (the public inventory and vehicle page) import this, not the
 * schemas, so the validation library stays out of their bundles. contracts/condition-report.ts
 * re-exports all of it.
 */

/** Up to this many photos per vehicle. */
export const MAX_PHOTOS = 60;
/** The browser downscales before upload so the long edge is at most this many pixels. */
export const PHOTO_MAX_EDGE = 2560;
/** Widths of the stored variants, each in AVIF, WebP and JPEG. */
export const PHOTO_WIDTHS = [320, 640, 1280, 2048] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The guided shot list, in shooting order, with what to frame (the wizard's overlay text). */
export const GUIDED_SHOTS = [
  {
    kind: 'front_left',
    label: 'Front ¾ left',
    hint: 'Stand off the front left corner; the whole car in frame.',
  },
  { kind: 'front', label: 'Front', hint: 'Straight on, bumper to roof, plate centred.' },
  {
    kind: 'front_right',
    label: 'Front ¾ right',
    hint: 'Stand off the front right corner; the whole car in frame.',
  },
  { kind: 'right_side', label: 'Right side', hint: 'Level with the doors, both wheels in frame.' },
  {
    kind: 'rear_right',
    label: 'Rear ¾ right',
    hint: 'Stand off the rear right corner; the whole car in frame.',
  },
  { kind: 'rear', label: 'Rear', hint: 'Straight on, bumper to roof, plate centred.' },
  {
    kind: 'rear_left',
    label: 'Rear ¾ left',
    hint: 'Stand off the rear left corner; the whole car in frame.',
  },
  { kind: 'left_side', label: 'Left side', hint: 'Level with the doors, both wheels in frame.' },
  {
    kind: 'dashboard',
    label: 'Dashboard with odometer',
    hint: 'Ignition on; odometer and warning lights readable.',
  },
  {
    kind: 'driver_seat',
    label: 'Driver seat',
    hint: 'From the open driver door, seat and bolster in frame.',
  },
  { kind: 'rear_seats', label: 'Rear seats', hint: 'From a rear door, the whole bench in frame.' },
  { kind: 'cargo', label: 'Cargo area', hint: 'Trunk or bed open, floor visible.' },
  { kind: 'engine_bay', label: 'Engine bay', hint: 'Hood open, the whole bay in frame.' },
  { kind: 'vin_plate', label: 'VIN plate / door jamb', hint: 'The VIN and the door-jamb label readable.' },
  { kind: 'tire_lf', label: 'Left front wheel/tire', hint: 'Wheel face and tread visible.' },
  { kind: 'tire_rf', label: 'Right front wheel/tire', hint: 'Wheel face and tread visible.' },
  { kind: 'tire_lr', label: 'Left rear wheel/tire', hint: 'Wheel face and tread visible.' },
  { kind: 'tire_rr', label: 'Right rear wheel/tire', hint: 'Wheel face and tread visible.' },
] as const;
export type GuidedShotKind = (typeof GUIDED_SHOTS)[number]['kind'];
/** Every photo is a guided shot, a damage close-up, or a free extra. */
export const PHOTO_KINDS: [PhotoKindName, ...PhotoKindName[]] = [
  GUIDED_SHOTS[0].kind,
  ...GUIDED_SHOTS.slice(1).map((s): PhotoKindName => s.kind),
  'damage',
  'extra',
];
type PhotoKindName = GuidedShotKind | 'damage' | 'extra';
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** The panels of the car outline (top view), front to back, with their labels. */
export const DAMAGE_PANELS = {
  front_bumper: 'Front bumper',
  hood: 'Hood',
  windshield: 'Windshield',
  roof: 'Roof',
  rear_glass: 'Rear glass',
  trunk: 'Trunk / liftgate',
  rear_bumper: 'Rear bumper',
  left_front_fender: 'Left front fender',
  left_front_door: 'Left front door',
  left_rear_door: 'Left rear door',
  left_quarter_panel: 'Left quarter panel',
  left_mirror: 'Left mirror',
  right_front_fender: 'Right front fender',
  right_front_door: 'Right front door',
  right_rear_door: 'Right rear door',
  right_quarter_panel: 'Right quarter panel',
  right_mirror: 'Right mirror',
  wheel_lf: 'Left front wheel',
  wheel_rf: 'Right front wheel',
  wheel_lr: 'Left rear wheel',
  wheel_rr: 'Right rear wheel',
  interior: 'Interior',
} as const;
export type DamagePanel = keyof typeof DAMAGE_PANELS;
export const DAMAGE_PANEL_KEYS = keysOf(DAMAGE_PANELS);

export const DAMAGE_TYPES = {
  scratch: 'Scratch',
  dent: 'Dent',
  chip: 'Chip',
  crack: 'Crack',
  rust: 'Rust',
  missing_part: 'Missing part',
  prior_repair: 'Prior repair',
} as const;
export type DamageType = keyof typeof DAMAGE_TYPES;
export const DAMAGE_TYPE_KEYS = keysOf(DAMAGE_TYPES);

export const DAMAGE_SIZES = {
  small: '< 1 in',
  medium: '1–3 in',
  large: '> 3 in',
} as const;
export type DamageSize = keyof typeof DAMAGE_SIZES;
export const DAMAGE_SIZE_KEYS = keysOf(DAMAGE_SIZES);

export const TIRE_POSITIONS = {
  lf: 'Left front',
  rf: 'Right front',
  lr: 'Left rear',
  rr: 'Right rear',
} as const;
export type TirePosition = keyof typeof TIRE_POSITIONS;
/** Tread depth in 32nds of an inch; a new tire has about 10/32–12/32. */
export const MAX_TREAD_32NDS = 20;

/** Tread depth per position in 32nds; null when not measured (the shape of `Tires`). */
export type TireDepths = Record<TirePosition, number | null>;
export const NO_TIRES: TireDepths = { lf: null, rf: null, lr: null, rr: null };
/** What a damage item is, for the grade. */
export interface DamageKey {
  panel: DamagePanel;
  type: DamageType;
  size: DamageSize;
}

/**
 * The one published rule table. Points off 5.0 per damage item (type × size), per tire with
 * tread under TIRE_MIN_32NDS, per warning light or OBD code. Changing it changes displayed grades:
 * bump `version` too, and the next start re-grades every stored report and records each change in
 * the audit log (server/src/modules/photos/regrade-vehicles.ts, docs/design.md §7).
 */
export const GRADE_RULES = {
  version: 1,
  start: 5,
  damage: {
    scratch: { small: 0.1, medium: 0.2, large: 0.4 },
    dent: { small: 0.2, medium: 0.3, large: 0.6 },
    chip: { small: 0.1, medium: 0.1, large: 0.2 },
    crack: { small: 0.3, medium: 0.5, large: 0.8 },
    rust: { small: 0.3, medium: 0.5, large: 1.0 },
    missing_part: { small: 0.2, medium: 0.4, large: 0.8 },
    prior_repair: { small: 0.2, medium: 0.3, large: 0.5 },
  } satisfies Record<DamageType, Record<DamageSize, number>>,
  tireMin32nds: 4,
  perWornTire: 0.2,
  perWarningLight: 0.3,
} as const satisfies GradeRules;

/** A rule table of GRADE_RULES's shape (a changed table is a new version, see regrade-vehicles.ts). */
export interface GradeRules {
  version: number;
  start: number;
  damage: Record<DamageType, Record<DamageSize, number>>;
  tireMin32nds: number;
  perWornTire: number;
  perWarningLight: number;
}

export interface GradeDeduction {
  /** What caused it, in words: "Dent > 3 in on the hood". */
  reason: string;
  points: number;
}
export interface Grade {
  /** 0.0–5.0, one decimal. */
  grade: number;
  deductions: GradeDeduction[];
}

/** A damage item in words, as its deduction and the editors' lists read: "Dent > 3 in on the hood". */
export const describeDamage = (item: DamageKey) =>
  `${DAMAGE_TYPES[item.type]} ${DAMAGE_SIZES[item.size]} on the ${DAMAGE_PANELS[item.panel].toLowerCase()}`;

/** Tenths as integers, so 5 − 0.1 − 0.2 is exactly 4.7 and never 4.699999. */
const tenths = (points: number) => Math.round(points * 10);

/** The grade of a report: 5.0 minus each deduction of GRADE_RULES, floored at 0.0, one decimal. */
export function computeGrade(
  report: {
    damage: readonly DamageKey[];
    tires: TireDepths;
    warningLights: readonly string[];
  },
  rules: GradeRules = GRADE_RULES,
): Grade {
  const deductions: GradeDeduction[] = [];
  for (const item of report.damage) {
    deductions.push({ reason: describeDamage(item), points: rules.damage[item.type][item.size] });
  }
  for (const position of Object.keys(TIRE_POSITIONS) as TirePosition[]) {
    const depth = report.tires[position];
    if (depth !== null && depth < rules.tireMin32nds)
      deductions.push({
        reason: `${TIRE_POSITIONS[position]} tire at ${depth}/32 (under ${rules.tireMin32nds}/32)`,
        points: rules.perWornTire,
      });
  }
  for (const light of report.warningLights)
    deductions.push({ reason: `Warning light or code: ${light}`, points: rules.perWarningLight });
  const off = deductions.reduce((sum, d) => sum + tenths(d.points), 0);
  return { grade: Math.max(0, tenths(rules.start) - off) / 10, deductions };
}

/**
 * The gallery's order: the guided and extra photos in their order (cover first), then the damage
 * photos in the order of the damage list (any no item shows, last). The web app captions them; the
 * server preloads the first with the vehicle's page (server/src/plugins/web-app.ts).
 */
export function galleryOrder<P extends { id: number; kind: PhotoKind }>(report: {
  photos: readonly P[];
  damage: readonly { photoId: number | null }[];
}): P[] {
  const rank = (photo: P) => {
    const at = report.damage.findIndex((item) => item.photoId === photo.id);
    return at === -1 ? report.damage.length : at;
  };
  const general = report.photos.filter((photo) => photo.kind !== 'damage');
  const damage = report.photos.filter((photo) => photo.kind === 'damage').sort((a, b) => rank(a) - rank(b));
  return [...general, ...damage];
}

/**
 * How wide the vehicle page's gallery frame renders, as its `sizes`: the page's width less its
 * padding, at most the left column of a 7xl page. The server's preload of the first photo gives
 * the same, so both pick the same file.
 */
export const GALLERY_FRAME_SIZES =
  '(min-width: 1280px) 820px, (min-width: 1024px) calc(100vw - 30rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)';

/**
 * On a phone-width screen, a photo in a page (a card, the gallery's frame) is offered at most the
 * 640 px variant: that is still ≥ 1.3 image pixels per CSS pixel there (1.7 on a 412 px phone, about
 * what an eye resolves at arm's length), in ≈ 30 kB of AVIF where the 1280 one a 1.75× screen
 * would otherwise pick takes ≈ 70 kB — the difference is seconds of a slow connection on the
 * inventory's first screen and before the vehicle page's largest paint. Full screen and its zoom
 * are not capped: there a dealer inspects the photo.
 */
export const PHONE_PHOTO_CAP = { media: '(max-width: 479px)', width: 640 } as const;

/** The candidates of a srcset ("/a/320.avif 320w, /a/640.avif 640w, …") no wider than `width`; at least one. */
export function srcsetUpTo(srcset: string, width: number): string {
  const candidates = srcset.split(',').map((candidate) => candidate.trim());
  const kept = candidates.filter((candidate) => Number(/\s(\d+)w$/.exec(candidate)?.[1]) <= width);
  return (kept.length > 0 ? kept : candidates.slice(0, 1)).join(', ');
}
