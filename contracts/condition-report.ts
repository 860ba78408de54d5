import {
  DAMAGE_PANEL_KEYS,
  DAMAGE_SIZE_KEYS,
  DAMAGE_TYPE_KEYS,
  MAX_TREAD_32NDS,
  PHOTO_KINDS,
} from './condition-report-rules';
import { z } from './zod';

/**
 * The condition report (docs/design.md §7): guided photos, damage items, tires, warning lights and a
 * grade whose every deduction is shown. One table (GRADE_RULES) makes the grade; the same report
 * always gives the same grade.
 */

export * from './condition-report-rules';

export const photoKindSchema = z.enum(PHOTO_KINDS);

export const damageItemSchema = z.object({
  panel: z.enum(DAMAGE_PANEL_KEYS),
  type: z.enum(DAMAGE_TYPE_KEYS),
  size: z.enum(DAMAGE_SIZE_KEYS),
  /** A photo of the vehicle showing it (kind 'damage' usually). */
  photoId: z.number().int().positive().nullable().default(null),
  note: z.string().trim().max(200).nullable().default(null),
});
export type DamageItem = z.infer<typeof damageItemSchema>;

const treadSchema = z
  .number({ error: 'Tread depth must be a whole number of 32nds' })
  .int('Tread depth must be a whole number of 32nds')
  .min(0, 'Tread depth cannot be negative')
  .max(MAX_TREAD_32NDS, `Tread depth is at most ${MAX_TREAD_32NDS}/32`)
  .nullable();
/** Tread depth per position; null when not measured. */
export const tiresSchema = z.object({ lf: treadSchema, rf: treadSchema, lr: treadSchema, rr: treadSchema });
export type Tires = z.infer<typeof tiresSchema>;

/** Warning lights on the dash or OBD codes read (e.g. "Check engine", "P0420"). */
export const warningLightsSchema = z.array(z.string().trim().min(1).max(60)).max(20);

/** The editable part of a report (photos have their own routes). */
export const conditionReportBodySchema = z.object({
  damage: z.array(damageItemSchema).max(100),
  tires: tiresSchema,
  warningLights: warningLightsSchema,
});
export type ConditionReportBody = z.infer<typeof conditionReportBodySchema>;

/** A stored photo as pages show it: a placeholder to paint at once, then the variant that fits. */
export const photoSchema = z.object({
  id: z.number().int(),
  kind: photoKindSchema,
  width: z.number().int(),
  height: z.number().int(),
  /** A tiny blurred image as a data: URL. */
  placeholder: z.string(),
  /** The JPEG at 1280 wide (or the largest under it): the fallback `src`. */
  src: z.string(),
  /** `srcset` strings per format, e.g. "/media/photos/12/640.webp 640w, …". */
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
});
export type Photo = z.infer<typeof photoSchema>;

/** What GET /api/vehicles/:id adds to a vehicle (the list carries `photos` with the cover first). */
export const conditionReportSchema = z.object({
  photos: z.array(photoSchema),
  damage: z.array(damageItemSchema),
  tires: tiresSchema,
  warningLights: z.array(z.string()),
  grade: z.number().nullable(),
  gradeDeductions: z.array(z.object({ reason: z.string(), points: z.number() })),
});
export type ConditionReport = z.infer<typeof conditionReportSchema>;
