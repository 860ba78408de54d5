import type { ConditionReport, DamageItem, Photo } from '@contracts/condition-report';
import {
  DAMAGE_PANELS,
  DAMAGE_SIZES,
  DAMAGE_TYPES,
  GRADE_RULES,
  GUIDED_SHOTS,
  galleryOrder,
  NO_TIRES,
} from '@contracts/condition-report-rules';

/** A vehicle as any page holds it: the report fields may be absent (an older cached copy). */
type WithReport = Partial<ConditionReport>;

/** The condition report of a vehicle, with empty defaults for what it does not carry. */
export function conditionReportOf(vehicle: object): ConditionReport {
  const fields = vehicle as WithReport;
  return {
    photos: fields.photos ?? [],
    damage: fields.damage ?? [],
    tires: fields.tires ?? NO_TIRES,
    warningLights: fields.warningLights ?? [],
    grade: fields.grade ?? null,
    gradeDeductions: fields.gradeDeductions ?? [],
  };
}

/** The cover photo (the first), or null. */
export const coverPhotoOf = (vehicle: object): Photo | null => (vehicle as WithReport).photos?.[0] ?? null;

/** A photo at full size: its largest JPEG variant (the last of its srcset), else its `src`. */
export const fullSizeOf = (photo: Pick<Photo, 'src' | 'srcset'>): string =>
  photo.srcset.jpeg.split(',').at(-1)?.trim().split(/\s+/)[0] || photo.src;

/** The grade of a vehicle, or null when it has no report yet. */
export const gradeOf = (vehicle: object): number | null => (vehicle as WithReport).grade ?? null;

/** "4.3" — always one decimal. */
export const formatGrade = (grade: number) => grade.toFixed(1);

/** "−0.3" for a deduction. */
export const formatPoints = (points: number) => `−${points.toFixed(1)}`;

/** A tire under the rule table's minimum tread counts against the grade. */
export const isWornTire = (depth: number | null) => depth !== null && depth < GRADE_RULES.tireMin32nds;

/** Colour band of a grade: good from 4.0, fair from 3.0, else poor. */
export const gradeTone = (grade: number): 'green' | 'yellow' | 'red' =>
  grade >= 4 ? 'green' : grade >= 3 ? 'yellow' : 'red';

const SHOT_LABELS: Record<string, string> = Object.fromEntries(GUIDED_SHOTS.map((s) => [s.kind, s.label]));

/** What a damage item is, in words: "Dent · 1–3 in · Hood". */
export const damageSummary = (item: Pick<DamageItem, 'panel' | 'type' | 'size'>) =>
  `${DAMAGE_TYPES[item.type]} · ${DAMAGE_SIZES[item.size]} · ${DAMAGE_PANELS[item.panel]}`;

/** A photo's caption: the guided shot's label, the damage it shows, or "Photo". */
export function photoCaption(photo: Pick<Photo, 'id' | 'kind'>, damage: readonly DamageItem[]): string {
  const shown = damage.find((item) => item.photoId === photo.id);
  if (shown) return damageSummary(shown);
  if (photo.kind === 'damage') return 'Damage';
  return SHOT_LABELS[photo.kind] ?? 'Photo';
}

export interface GalleryPhoto {
  photo: Photo;
  caption: string;
  /** The damage item the photo shows, if any. */
  damage: DamageItem | null;
}

/** The gallery's photos (contracts' galleryOrder), each with its caption and the damage it shows. */
export function galleryPhotos(report: Pick<ConditionReport, 'photos' | 'damage'>): GalleryPhoto[] {
  return galleryOrder(report).map((photo) => {
    if (photo.kind !== 'damage') return { photo, caption: photoCaption(photo, []), damage: null };
    const item = report.damage.find((d) => d.photoId === photo.id) ?? null;
    return { photo, caption: item ? damageSummary(item) : 'Damage', damage: item };
  });
}
