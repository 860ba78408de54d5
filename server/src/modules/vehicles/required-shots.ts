import type { GuidedShotKind } from '@contracts/condition-report';
import {
  DEFAULT_REQUIRED_SHOTS,
  labelOf,
  missingRequiredShots,
  NOT_REQUIRED_AT_CAPTURE,
  REQUIRED_SHOTS_TEXT,
  type RecordedSkip,
  type RequiredShots,
  requiredShotsSchema,
} from '@contracts/required-shots';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { appSettings } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';

/** app_settings key of the required guided shots (issue #34); absent = DEFAULT_REQUIRED_SHOTS. */
export const REQUIRED_SHOTS_SETTING = 'required-shots';

/** The required shots in force: the admins' choice, or the default when none was ever saved. */
export async function findRequiredShots(db: Executor): Promise<RequiredShots> {
  const [row] = await db
    .select({ value: appSettings.value, updatedAt: appSettings.updatedAt })
    .from(appSettings)
    .where(eq(appSettings.key, REQUIRED_SHOTS_SETTING));
  if (!row) return { required: [...DEFAULT_REQUIRED_SHOTS], updatedAt: null };
  // A value this version cannot read (hand-edited, a kind since renamed) falls back to the default.
  const stored = requiredShotsSchema.shape.required.safeParse(JSON.parse(row.value));
  return {
    required: stored.success ? stored.data : [...DEFAULT_REQUIRED_SHOTS],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** PUT /api/required-shots (admin): saved in shot-list order, audited with before and after. */
export async function updateRequiredShots(
  db: Database,
  required: readonly GuidedShotKind[],
  actor: Actor,
): Promise<RequiredShots> {
  // Shot-list order, whatever order the admin ticked them in.
  const ordered = missingRequiredShots(required, [], []);
  return db.transaction(async (tx) => {
    const before = await findRequiredShots(tx);
    const value = JSON.stringify(ordered);
    await tx
      .insert(appSettings)
      .values({ key: REQUIRED_SHOTS_SETTING, value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
    await writeAudit(tx, actor, {
      entity: 'setting',
      entityId: 0,
      action: 'required_shots_changed',
      before: { required: before.required },
      after: { required: ordered },
    });
    return findRequiredShots(tx);
  });
}

export interface ShotsJudged {
  /** The kinds of the photos sent. */
  photographed: Iterable<string>;
  /** The skipped list sent; undefined = a client that does not know about shots (not judged). */
  skipped: readonly RecordedSkip[] | undefined;
  /** The required list the wizard applied; undefined = it had the one in force. */
  requiredAtCapture: readonly GuidedShotKind[] | undefined;
}

/**
 * What a new vehicle records as skipped, judged against the setting in force. A required shot
 * neither photographed nor skipped is refused, naming it, unless the wizard captured the car under
 * an older list that did not require it (offline, before an admin's change): then the car is kept
 * and the gap recorded as "Not required when the car was captured", since refusing a car that
 * synced later would lose it. A skip of a shot that was photographed after all is dropped.
 */
export function judgeShots(required: readonly GuidedShotKind[], input: ShotsJudged): RecordedSkip[] {
  if (input.skipped === undefined) return [];
  const photographed = new Set(input.photographed);
  const skipped: RecordedSkip[] = input.skipped
    .filter((skip) => !photographed.has(skip.kind))
    .map((skip) => ({ kind: skip.kind, reason: skip.reason, note: skip.note }));
  const missing = missingRequiredShots(
    required,
    photographed,
    skipped.map((s) => s.kind),
  );
  const atCapture = input.requiredAtCapture ? new Set<string>(input.requiredAtCapture) : null;
  const refused = missing.filter((kind) => !atCapture || atCapture.has(kind));
  if (refused.length) throw badRequest(REQUIRED_SHOTS_TEXT.missing(refused.map(labelOf)));
  const recorded = [
    ...skipped,
    ...missing.map((kind): RecordedSkip => ({ kind, reason: NOT_REQUIRED_AT_CAPTURE, note: null })),
  ];
  // Shot-list order, as the admin reads them.
  const order = missingRequiredShots(
    recorded.map((s) => s.kind),
    [],
    [],
  );
  return order.map((kind) => recorded.find((s) => s.kind === kind)!);
}
