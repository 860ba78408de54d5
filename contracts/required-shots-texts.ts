import { GUIDED_SHOTS, type GuidedShotKind } from './condition-report-rules';
import { keysOf } from './keys';

/**
 * Required shots (issue #34), their texts and rules without their schemas (those are
 * `required-shots.ts`, which re-exports these): a page can show a skipped shot without loading zod.
 *
 * Required shots (issue #34): which guided shots the staff wizard asks for before the photos step
 * is done, chosen by admins and kept in app_settings. A required shot is taken or skipped with a
 * reason; the reasons travel with the vehicle so the admin reviewing the queue sees why.
 */

export const GUIDED_KINDS = GUIDED_SHOTS.map((s) => s.kind) as [GuidedShotKind, ...GuidedShotKind[]];

/** The default: the eight exterior shots, the odometer (dashboard) and the VIN plate. */
export const DEFAULT_REQUIRED_SHOTS: readonly GuidedShotKind[] = [
  'front_left',
  'front',
  'front_right',
  'right_side',
  'rear_right',
  'rear',
  'rear_left',
  'left_side',
  'dashboard',
  'vin_plate',
];

/** The reasons staff choose from when skipping a required shot ('other' needs a few words). */
export const SKIP_REASONS = {
  not_applicable: 'Not applicable to this vehicle',
  part_missing: 'Part missing or damaged',
  no_access: 'Could not access',
  other: 'Other',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;
export const SKIP_REASON_KEYS = keysOf(SKIP_REASONS);

/**
 * What the server records for a shot that the setting requires now but did not when the car was
 * captured (offline, before an admin changed the list): the car is kept, the gap is said.
 */
export const NOT_REQUIRED_AT_CAPTURE = 'not_required_at_capture';
export const RECORDED_SKIP_REASONS = {
  ...SKIP_REASONS,
  [NOT_REQUIRED_AT_CAPTURE]: 'Not required when the car was captured',
} as const;
export type RecordedSkipReason = keyof typeof RECORDED_SKIP_REASONS;
export const RECORDED_REASON_KEYS = Object.keys(RECORDED_SKIP_REASONS) as [
  RecordedSkipReason,
  ...RecordedSkipReason[],
];

export const MAX_SKIP_NOTE = 120;

export const REQUIRED_SHOTS_TEXT = {
  title: 'Required shots',
  description:
    'Staff must take these guided shots or skip them with a reason before the photos step is done.',
  saved: 'Required shots saved',
  saveFailed: 'Failed to save required shots',
  required: 'Required',
  noteRequired: 'Say in a few words why the shot is skipped',
  /** The staff wizard's Skip shot with no reason chosen. */
  chooseReason: 'Choose why the shot is skipped.',
  unknownKind: (kind: string) => `Unknown shot kind "${kind}". Known kinds: ${GUIDED_KINDS.join(', ')}`,
  duplicateKind: (kind: string) => `The shot ${labelOf(kind)} is listed twice`,
  /** A required shot neither in the photos nor in the skipped list (POST /api/vehicles). */
  missing: (labels: readonly string[]) =>
    `Required shot${labels.length === 1 ? '' : 's'} missing: ${labels.join(', ')}. Take ${labels.length === 1 ? 'it' : 'them'} or skip with a reason.`,
  /** The admin's queue card: "Skipped: Dashboard with odometer — Could not access". */
  skippedLine: (label: string, reason: string) => `Skipped: ${label} — ${reason}`,
} as const;

const labels = new Map<string, string>(GUIDED_SHOTS.map((s) => [s.kind, s.label]));
/** "Dashboard with odometer" for 'dashboard'; the kind itself when unknown. */
export const labelOf = (kind: string): string => labels.get(kind) ?? kind;
/** Whether a text names a guided shot. */
export const isGuidedShotKind = (kind: string): kind is GuidedShotKind => labels.has(kind);

/** "Could not access", or the note for "Other". */
export const skipReasonText = (skip: { reason: RecordedSkipReason; note: string | null }): string =>
  skip.reason === 'other' && skip.note ? skip.note : RECORDED_SKIP_REASONS[skip.reason];

/**
 * The required shots neither photographed nor skipped, in shot-list order. The wizard uses it to
 * hold the photos step, the server to judge a new vehicle.
 */
export function missingRequiredShots(
  required: readonly GuidedShotKind[],
  taken: Iterable<string>,
  skipped: Iterable<string>,
): GuidedShotKind[] {
  const done = new Set<string>([...taken, ...skipped]);
  const wanted = new Set<string>(required);
  return GUIDED_KINDS.filter((kind) => wanted.has(kind) && !done.has(kind));
}
