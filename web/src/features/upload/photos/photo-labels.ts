import { GUIDED_SHOTS, type PhotoKind } from '@contracts/condition-report';

const GUIDED_LABELS = new Map<PhotoKind, string>(GUIDED_SHOTS.map((s) => [s.kind, s.label]));

/** "Front ¾ left", "Damage close-up", "Extra". */
export const photoKindLabel = (kind: PhotoKind): string =>
  GUIDED_LABELS.get(kind) ?? (kind === 'damage' ? 'Damage close-up' : 'Extra');
