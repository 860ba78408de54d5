import { computeGrade, GRADE_RULES, type GradeRules } from '@contracts/condition-report';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { writeAudit } from '../audit/write-audit';
import { updateVehicleRow } from '../vehicle-rows/vehicle-rows';

/** app_settings key: the version of the rule table the stored grades were computed with. */
export const GRADE_RULES_SETTING = 'grade_rules_version';
/** pg_advisory_xact_lock key: instances starting together re-grade once, the others wait and see it done. */
const REGRADE_LOCK_KEY = 727_004;
const BATCH = 1000;
const SYSTEM: Actor = { type: 'system', id: null };

export interface RegradeResult {
  /** The version the grades were computed with before (null: never recorded). */
  from: number | null;
  to: number;
  /** Vehicles whose stored grade changed. */
  regraded: number;
}

/**
 * docs/design.md §7: "Changing the table is a migration of the displayed grades, recorded in the audit
 * log." Run on every start after the schema migrations: when the recorded rule version differs
 * from `rules.version`, every stored report is graded again with `rules` in one transaction; each
 * changed grade is written with an audit entry (before and after, both versions) and one summary
 * entry records the change of table. Returns null when the grades are already current.
 */
export async function regradeVehicles(db: Database, rules: GradeRules = GRADE_RULES) {
  return db.transaction(async (tx): Promise<RegradeResult | null> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGRADE_LOCK_KEY})`);
    const [setting] = await tx.select().from(appSettings).where(eq(appSettings.key, GRADE_RULES_SETTING));
    const from = setting ? Number(setting.value) : null;
    if (from === rules.version) return null;
    let regraded = 0;
    let after = 0;
    for (;;) {
      const rows = await tx
        .select({
          id: vehicles.id,
          damage: vehicles.damage,
          tires: vehicles.tires,
          warningLights: vehicles.warningLights,
          grade: vehicles.grade,
        })
        .from(vehicles)
        .where(and(isNotNull(vehicles.conditionReportedAt), gt(vehicles.id, after)))
        .orderBy(asc(vehicles.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      for (const row of rows) {
        const grade = computeGrade(row, rules).grade.toFixed(1);
        if (grade === row.grade) continue;
        await updateVehicleRow(tx, row.id, { grade });
        await writeAudit(tx, SYSTEM, {
          entity: 'vehicle',
          entityId: row.id,
          action: 'regraded',
          before: { grade: row.grade, rulesVersion: from },
          after: { grade, rulesVersion: rules.version },
        });
        regraded++;
      }
    }
    await tx
      .insert(appSettings)
      .values({ key: GRADE_RULES_SETTING, value: String(rules.version) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: String(rules.version) } });
    // A first start records the version it graded with; only a real change of table is news.
    if (from !== null)
      await writeAudit(tx, SYSTEM, {
        entity: 'vehicle',
        entityId: 0,
        action: 'grade_rules_changed',
        before: { rulesVersion: from },
        after: { rulesVersion: rules.version, regraded },
      });
    return { from, to: rules.version, regraded };
  });
}
