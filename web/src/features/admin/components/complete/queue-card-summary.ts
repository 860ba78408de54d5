import type { DamageItem } from '@contracts/condition-report';
import {
  DAMAGE_PANELS,
  DAMAGE_SIZES,
  DAMAGE_TYPES,
  TIRE_POSITIONS,
  type TireDepths,
  type TirePosition,
} from '@contracts/condition-report-rules';
import { isWornTire } from '@/lib/display/condition-report';

/** Texts of a queue card's photos and condition summary (issue #30). */
export const QUEUE_CARD_TEXTS = {
  noConditionReport: 'No condition report yet',
  noDamage: 'No damage recorded',
  noPhotos: 'No photos yet',
  damage: 'Damage',
  photos: (count: number) => (count === 1 ? '1 photo' : `${count} photos`),
  morePhotos: (count: number, name: string) =>
    `Show ${count} more ${count === 1 ? 'photo' : 'photos'} of ${name}`,
  moreDamage: (count: number) => `+${count} more`,
} as const;

/** The thumbnails under the cover fill one row of this many tiles. */
export const THUMBNAIL_TILES = 4;
/** The damage items listed on the card; the rest are counted. */
export const DAMAGE_SHOWN = 3;

/**
 * Which photos (by gallery index) the thumbnail row shows after the cover, and how many it leaves
 * out: all of them when they fit the row, else one tile fewer and a "+N" tile in the last place.
 */
export function thumbnailRow(total: number, tiles = THUMBNAIL_TILES): { shown: number[]; more: number } {
  const after = Math.max(0, total - 1);
  const count = after <= tiles ? after : tiles - 1;
  return { shown: Array.from({ length: count }, (_, i) => i + 1), more: after - count };
}

/** The alt text of a photo on the card: the car, the photo's place and what it shows. */
export const photoAlt = (name: string, index: number, total: number, caption: string) =>
  `${name}, photo ${index + 1} of ${total}: ${caption}`;

/** A damage item as the vehicle page's condition report names it: area, then type and size. */
export const damageParts = (item: Pick<DamageItem, 'panel' | 'type' | 'size'>) => ({
  area: DAMAGE_PANELS[item.panel],
  what: `${DAMAGE_TYPES[item.type]} · ${DAMAGE_SIZES[item.size]}`,
});

const TIRE_ORDER = Object.keys(TIRE_POSITIONS) as TirePosition[];

/** "Tires 6/32", "Tires 3–4/32 (2 worn)"; null when no tire was measured. */
export function tiresText(tires: TireDepths): string | null {
  const depths = TIRE_ORDER.map((position) => tires[position]).filter((d): d is number => d !== null);
  if (depths.length === 0) return null;
  const low = Math.min(...depths);
  const high = Math.max(...depths);
  const worn = depths.filter((depth) => isWornTire(depth)).length;
  const range = low === high ? `${low}/32` : `${low}–${high}/32`;
  return `Tires ${range}${worn > 0 ? ` (${worn} worn)` : ''}`;
}

/** The tires and the warning lights in one line, or null when the report has neither. */
export function tiresAndLightsText(report: { tires: TireDepths; warningLights: readonly string[] }) {
  const parts = [tiresText(report.tires)];
  const lights = report.warningLights;
  if (lights.length > 0)
    parts.push(`${lights.length === 1 ? 'Warning light' : 'Warning lights'}: ${lights.join(', ')}`);
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length > 0 ? kept.join(' · ') : null;
}
