import { describe, expect, it } from 'vitest';
import {
  computeGrade,
  conditionReportBodySchema,
  DAMAGE_SIZE_KEYS,
  DAMAGE_TYPE_KEYS,
  GRADE_RULES,
  NO_TIRES,
  PHOTO_KINDS,
} from './condition-report';

const clean = { damage: [], tires: NO_TIRES, warningLights: [] };

describe('grade rules', () => {
  it.each([
    ['a clean report', clean, 5, 0],
    [
      'one large dent on the hood',
      { ...clean, damage: [{ panel: 'hood', type: 'dent', size: 'large' }] },
      4.4,
      1,
    ],
    [
      'a small scratch and a medium chip',
      {
        ...clean,
        damage: [
          { panel: 'left_front_door', type: 'scratch', size: 'small' },
          { panel: 'windshield', type: 'chip', size: 'medium' },
        ],
      },
      4.8,
      2,
    ],
    ['two worn tires and one at the limit', { ...clean, tires: { lf: 3, rf: 2, lr: 4, rr: 10 } }, 4.6, 2],
    ['a check-engine light and a code', { ...clean, warningLights: ['Check engine', 'P0420'] }, 4.4, 2],
  ] as const)('%s → %s', (_name, report, grade, count) => {
    const result = computeGrade(report as Parameters<typeof computeGrade>[0]);
    expect(result.grade).toBe(grade);
    expect(result.deductions).toHaveLength(count);
    // The shown deductions add up to what was taken off.
    const off = result.deductions.reduce((s, d) => s + Math.round(d.points * 10), 0) / 10;
    expect(Math.round((5 - off) * 10) / 10).toBe(grade);
  });

  it('names each deduction in words', () => {
    const { deductions } = computeGrade({
      damage: [{ panel: 'hood', type: 'dent', size: 'large' }],
      tires: { ...NO_TIRES, lf: 2 },
      warningLights: ['P0420'],
    });
    expect(deductions).toEqual([
      { reason: 'Dent > 3 in on the hood', points: 0.6 },
      { reason: 'Left front tire at 2/32 (under 4/32)', points: 0.2 },
      { reason: 'Warning light or code: P0420', points: 0.3 },
    ]);
  });

  it('floors at 0.0 and always has one decimal', () => {
    const wreck = computeGrade({
      ...clean,
      damage: Array.from({ length: 10 }, () => ({ panel: 'roof', type: 'rust', size: 'large' }) as const),
    });
    expect(wreck.grade).toBe(0);
    for (const type of DAMAGE_TYPE_KEYS)
      for (const size of DAMAGE_SIZE_KEYS) {
        const { grade } = computeGrade({ ...clean, damage: [{ panel: 'hood', type, size }] });
        expect(Math.round(grade * 10) / 10).toBe(grade);
        expect(grade).toBe(Math.round((5 - GRADE_RULES.damage[type][size]) * 10) / 10);
      }
  });

  it('is deterministic: the same report gives the same grade in any order', () => {
    const damage = [
      { panel: 'hood', type: 'dent', size: 'medium' },
      { panel: 'roof', type: 'scratch', size: 'small' },
      { panel: 'trunk', type: 'crack', size: 'large' },
    ] as const;
    const a = computeGrade({ ...clean, damage: [...damage] });
    const b = computeGrade({ ...clean, damage: [...damage].reverse() });
    expect(a.grade).toBe(b.grade);
  });
});

describe('condition report input', () => {
  it('refuses unknown panels, fractional or negative tread, and accepts a full report', () => {
    const ok = conditionReportBodySchema.safeParse({
      damage: [{ panel: 'hood', type: 'dent', size: 'small' }],
      tires: { lf: 6, rf: 6, lr: 5, rr: null },
      warningLights: ['TPMS'],
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.damage[0]).toEqual({
      panel: 'hood',
      type: 'dent',
      size: 'small',
      photoId: null,
      note: null,
    });
    expect(
      conditionReportBodySchema.safeParse({
        ...ok.data,
        damage: [{ panel: 'spoiler', type: 'dent', size: 'small' }],
      }).success,
    ).toBe(false);
    const bad = conditionReportBodySchema.safeParse({ ...ok.data, tires: { ...NO_TIRES, lf: 4.5 } });
    expect(bad.error?.issues[0]?.message).toBe('Tread depth must be a whole number of 32nds');
    expect(conditionReportBodySchema.safeParse({ ...ok.data, tires: { ...NO_TIRES, rr: -1 } }).success).toBe(
      false,
    );
  });

  it('has the guided shot list plus damage and extra photos', () => {
    expect(PHOTO_KINDS).toHaveLength(20);
    expect(PHOTO_KINDS.slice(-2)).toEqual(['damage', 'extra']);
  });
});
