import { GUIDED_SHOTS, type GuidedShotKind } from './condition-report-rules';
import { keysOf } from './keys';
import { z } from './zod';

/**
 * Required shots (issue #34): which guided shots the staff wizard asks for before the photos step
 * is done, chosen by admins and kept in app_settings. A required shot is taken or skipped with a
 * reason; the reasons travel with the vehicle so the admin reviewing the queue sees why.
 */

const GUIDED_KINDS = GUIDED_SHOTS.map((s) => s.kind) as [GuidedShotKind, ...GuidedShotKind[]];

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
const RECORDED_REASON_KEYS = Object.keys(RECORDED_SKIP_REASONS) as [
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

/** A guided shot kind, refused in words when unknown (the admin's PUT and the create body). */
export const guidedShotKindSchema = z.string().refine((kind): kind is GuidedShotKind => labels.has(kind), {
  error: (issue) => REQUIRED_SHOTS_TEXT.unknownKind(String(issue.input)),
});

/** A list of distinct guided shot kinds. */
const guidedShotListSchema = z
  .array(guidedShotKindSchema)
  .max(GUIDED_SHOTS.length)
  .superRefine((kinds, ctx) => {
    const seen = new Set<string>();
    for (const kind of kinds) {
      if (seen.has(kind)) ctx.addIssue({ code: 'custom', message: REQUIRED_SHOTS_TEXT.duplicateKind(kind) });
      seen.add(kind);
    }
  })
  .transform((kinds) => kinds as GuidedShotKind[]);

/** GET /api/required-shots (staff, admins) and the answer of PUT. */
export const requiredShotsSchema = z.object({
  required: z.array(z.enum(GUIDED_KINDS)),
  /** When an admin last changed it; null = the default, never changed. */
  updatedAt: z.string().nullable(),
});
export type RequiredShots = z.infer<typeof requiredShotsSchema>;

/** PUT /api/required-shots (admin). An empty list is allowed: nothing is required. */
export const updateRequiredShotsBodySchema = z.strictObject({ required: guidedShotListSchema });
export type UpdateRequiredShotsBody = z.input<typeof updateRequiredShotsBodySchema>;

/** "Other" needs a few words (the staff's form and the create body alike). */
const noteForOther = (
  skip: { reason: SkipReason; note?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (skip.reason === 'other' && !skip.note)
    ctx.addIssue({ code: 'custom', path: ['note'], message: REQUIRED_SHOTS_TEXT.noteRequired });
};

/** A required shot the staff member skipped, and why (sent with the vehicle). */
export const skippedShotSchema = z
  .strictObject({
    kind: guidedShotKindSchema,
    reason: z.enum(SKIP_REASON_KEYS, {
      error: `Choose a reason: ${Object.values(SKIP_REASONS).join(', ')}`,
    }),
    note: z.string().trim().max(MAX_SKIP_NOTE).nullish(),
  })
  .superRefine(noteForOther)
  .transform((skip) => ({
    kind: skip.kind as GuidedShotKind,
    reason: skip.reason,
    note: skip.reason === 'other' ? (skip.note ?? null) : null,
  }));
export type SkippedShotInput = z.input<typeof skippedShotSchema>;

/**
 * The staff wizard's Why skip form (issue #34): a reason chosen, and for "Other" a few words
 * (trimmed, at most MAX_SKIP_NOTE); the note is kept only for "Other".
 */
export const skipReasonFormSchema = z
  .object({
    reason: z.enum(SKIP_REASON_KEYS, { error: REQUIRED_SHOTS_TEXT.chooseReason }),
    note: z.string().trim().max(MAX_SKIP_NOTE),
  })
  .superRefine(noteForOther)
  .transform((skip) => ({ reason: skip.reason, note: skip.reason === 'other' ? skip.note : '' }));
export type SkipReasonFormValues = z.input<typeof skipReasonFormSchema>;
export type SkipReasonChoice = z.output<typeof skipReasonFormSchema>;

/** The skipped list of a create body: one entry per shot. */
export const skippedShotsSchema = z
  .array(skippedShotSchema)
  .max(GUIDED_SHOTS.length)
  .superRefine((skips, ctx) => {
    const seen = new Set<string>();
    for (const { kind } of skips) {
      if (seen.has(kind)) ctx.addIssue({ code: 'custom', message: REQUIRED_SHOTS_TEXT.duplicateKind(kind) });
      seen.add(kind);
    }
  });

/** The required-shot list a wizard judged a car against (the last it read, maybe offline). */
export const requiredShotListSchema = guidedShotListSchema;

/** A skipped shot as stored with the vehicle and shown to admins. */
export const recordedSkipSchema = z.object({
  kind: z.enum(GUIDED_KINDS),
  reason: z.enum(RECORDED_REASON_KEYS),
  note: z.string().nullable(),
});
export type RecordedSkip = z.infer<typeof recordedSkipSchema>;

/** "Could not access", or the note for "Other". */
export const skipReasonText = (skip: Pick<RecordedSkip, 'reason' | 'note'>): string =>
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
