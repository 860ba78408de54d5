import { GUIDED_SHOTS, type GuidedShotKind } from './condition-report-rules';
import {
  GUIDED_KINDS,
  isGuidedShotKind,
  MAX_SKIP_NOTE,
  RECORDED_REASON_KEYS,
  REQUIRED_SHOTS_TEXT,
  SKIP_REASON_KEYS,
  SKIP_REASONS,
  type SkipReason,
} from './required-shots-texts';
import { z } from './zod';

/** The texts and rules, for those who import them from here (the schemas' module). */
export * from './required-shots-texts';

/** A guided shot kind, refused in words when unknown (the admin's PUT and the create body). */
export const guidedShotKindSchema = z.string().refine(isGuidedShotKind, {
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
