import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { revokeCodeSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';

/**
 * What follows a code's deactivation, in the caller's DB transaction: every session opened with it
 * ends (docs/decisions/0031-session-strength.md), and its audit row says why (`reason` and the like).
 */
export async function codeDeactivated(
  tx: Executor,
  codeId: number,
  actor: Actor,
  why: { reason: string } & Record<string, unknown>,
) {
  await revokeCodeSessions(tx, codeId);
  await writeAudit(tx, actor, {
    entity: 'buy_code',
    entityId: codeId,
    action: 'deactivated',
    before: { active: true },
    after: { active: false, ...why },
  });
}
