import {
  type ConditionReportBody,
  computeGrade,
  GRADE_RULES,
  type GradeRules,
  NO_TIRES,
} from '@contracts/condition-report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { createTestDatabase } from '../../../test/test-database';
import type { DbHandle } from '../../db/client';
import { auditLog, vehicles } from '../../db/schema';
import { regradeVehicles } from './regrade-vehicles';

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database?.close());

/** Version 2 of the table: large dents cost a whole point (0.6 in version 1). */
const V2: GradeRules = {
  ...GRADE_RULES,
  version: 2,
  damage: { ...GRADE_RULES.damage, dent: { ...GRADE_RULES.damage.dent, large: 1 } },
};

describe('a changed grade rule table', () => {
  it('re-grades every stored report once, audits each change, and leaves unchanged grades alone', async () => {
    const db = database.db;
    const dented: ConditionReportBody = {
      damage: [
        { panel: 'hood' as const, type: 'dent' as const, size: 'large' as const, photoId: null, note: null },
      ],
      tires: NO_TIRES,
      warningLights: [],
    };
    const scratched: ConditionReportBody = {
      damage: [
        {
          panel: 'roof' as const,
          type: 'scratch' as const,
          size: 'small' as const,
          photoId: null,
          note: null,
        },
      ],
      tires: NO_TIRES,
      warningLights: ['P0420'],
    };
    const report = (r: ConditionReportBody) => ({
      ...r,
      grade: computeGrade(r).grade.toFixed(1),
      conditionReportedAt: new Date(),
    });
    const a = await insertVehicle(db, report(dented));
    const b = await insertVehicle(db, report(scratched));
    const none = await insertVehicle(db);
    expect(a.grade).toBe('4.4');

    // A first start records the version the grades were made with; nothing changes.
    expect(await regradeVehicles(db)).toEqual({ from: null, to: 1, regraded: 0 });
    expect(await regradeVehicles(db)).toBeNull();

    expect(await regradeVehicles(db, V2)).toEqual({ from: 1, to: 2, regraded: 1 });
    const grades = async () =>
      Object.fromEntries(
        (await db.select({ id: vehicles.id, grade: vehicles.grade }).from(vehicles)).map((v) => [
          v.id,
          v.grade,
        ]),
      );
    expect(await grades()).toMatchObject({ [a.id]: '4.0', [b.id]: '4.6', [none.id]: null });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'regraded'));
    expect(audit.map((e) => [e.entityId, e.before, e.after])).toEqual([
      [a.id, { grade: '4.4', rulesVersion: 1 }, { grade: '4.0', rulesVersion: 2 }],
    ]);
    const [summary] = await db.select().from(auditLog).where(eq(auditLog.action, 'grade_rules_changed'));
    expect(summary).toMatchObject({
      actorType: 'system',
      before: { rulesVersion: 1 },
      after: { rulesVersion: 2, regraded: 1 },
    });

    // Twice-safe, and instances starting together re-grade once.
    const [x, y] = await Promise.all([regradeVehicles(db, V2), regradeVehicles(db, V2)]);
    expect([x, y]).toEqual([null, null]);
    // Back to version 1 is a change of table too.
    expect(await regradeVehicles(db)).toEqual({ from: 2, to: 1, regraded: 1 });
    expect((await grades())[a.id]).toBe('4.4');
  });
});
