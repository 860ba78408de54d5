import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../lib/actor';

/** One audit row per state change: who, what, before, after, when (docs/design.md §3). Returns its id. */
export async function writeAudit(
  db: Executor,
  actor: Actor,
  entry: { entity: string; entityId: number; action: string; before?: unknown; after?: unknown },
): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorType: actor.type,
      actorId: actor.id,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}
