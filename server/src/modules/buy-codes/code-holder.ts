import { BUYING_TEXT, PURCHASE_REFUSALS } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type buyCodes, dealerUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../../lib/sessions';

type MemberRow = typeof dealerUsers.$inferSelect;

/**
 * Whose authority a buy code is (docs/design.md §11, docs/decisions/0018-codes-belong-to-people.md):
 * - `dealership`: the dealership has no team, so the code is the dealership's (the spec's rules);
 * - `member`: the team member who holds it; their role and limits apply wherever the code is used;
 * - `nobody`: the dealership has a team but no enabled member holds the code (its holder was
 *   removed, or there is no owner to inherit a code from before the team): the code is refused.
 */
export type CodeHolder = { kind: 'dealership' } | { kind: 'member'; member: MemberRow } | { kind: 'nobody' };

/** The enabled members of a dealership, oldest first (the first owner inherits unheld codes). */
const enabledTeam = (db: Executor, dealerId: number) =>
  db
    .select()
    .from(dealerUsers)
    .where(and(eq(dealerUsers.dealerId, dealerId), isNull(dealerUsers.disabledAt)))
    .orderBy(asc(dealerUsers.createdAt), asc(dealerUsers.id));

/**
 * The holder of a code. A code with no holder in a dealership that has a team is the first enabled
 * owner's ("codes from before the team are the owner's"; migration 0012 wrote that down for the
 * codes that existed, this keeps it true for any code made without a holder since).
 */
export async function holderOfCode(
  db: Executor,
  code: Pick<typeof buyCodes.$inferSelect, 'dealerId' | 'dealerUserId'>,
): Promise<CodeHolder> {
  if (code.dealerUserId !== null) {
    const [member] = await db.select().from(dealerUsers).where(eq(dealerUsers.id, code.dealerUserId));
    return member && !member.disabledAt && member.dealerId === code.dealerId
      ? { kind: 'member', member }
      : { kind: 'nobody' };
  }
  const team = await enabledTeam(db, code.dealerId);
  if (team.length === 0) return { kind: 'dealership' };
  const owner = team.find((m) => m.role === 'owner');
  return owner ? { kind: 'member', member: owner } : { kind: 'nobody' };
}

/** Whether a code is this member's: held by them, or unheld and inherited by them as the first owner. */
export async function isHeldBy(
  db: Executor,
  code: Pick<typeof buyCodes.$inferSelect, 'dealerId' | 'dealerUserId'>,
  memberId: number,
) {
  if (code.dealerUserId !== null) return code.dealerUserId === memberId;
  const holder = await holderOfCode(db, code);
  return holder.kind === 'member' && holder.member.id === memberId;
}

/** Whether a dealership has a team (an enabled member): then codes are people's and sessions name one. */
export async function hasTeam(db: Executor, dealerId: number) {
  const [member] = await enabledTeam(db, dealerId).limit(1);
  return member !== undefined;
}

/**
 * The member whose authority a usable code carries, or null for a dealership without a team; a code
 * that is nobody's is refused as deactivated (its holder left; docs/design.md §11).
 */
export async function memberBehindCode(
  db: Executor,
  code: Pick<typeof buyCodes.$inferSelect, 'dealerId' | 'dealerUserId'>,
): Promise<MemberRow | null> {
  const holder = await holderOfCode(db, code);
  if (holder.kind === 'nobody')
    throw new AppError(
      ERROR_CODES.forbidden,
      BUYING_TEXT.codeDeactivated,
      {},
      PURCHASE_REFUSALS.codeDeactivated,
    );
  return holder.kind === 'member' ? holder.member : null;
}

/** A member as an actor names them (the shape a member's session carries). */
export const toSessionMember = (member: MemberRow): SessionMember => ({
  id: member.id,
  name: member.name,
  email: member.email,
  role: member.role,
});
