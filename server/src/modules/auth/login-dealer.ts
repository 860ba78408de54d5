import { AUTH_TEXT, type DealerInfo, type Member, type SessionProof } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes, dealers, dealerUsers } from '../../db/schema';
import { AppError, CredentialRejected } from '../../lib/app-error';
import { createSession } from '../../lib/sessions';
import { holderOfCode } from '../buy-codes/code-holder';
import { markCodeUsed, normalizeCode, usableBuyCode } from '../buy-codes/find-usable-buy-code';

export const toDealerInfo = (
  dealer: typeof dealers.$inferSelect,
  member: typeof dealerUsers.$inferSelect | null = null,
  proof?: SessionProof,
): DealerInfo => ({
  id: dealer.id,
  dealerName: dealer.dealerName,
  contactName: dealer.contactName,
  email: dealer.email,
  phone: dealer.phone,
  member: member && toMember(member),
  ...(proof ? { proof } : {}),
});

/** A named team member as they see themselves (docs/design.md §10). */
export const toMember = (row: typeof dealerUsers.$inferSelect): Member => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  perVehicleLimit: row.perVehicleLimit,
  perDayLimit: row.perDayLimit,
});

/**
 * Dealer name (trimmed, case-insensitive) plus one of that dealer's usable buy codes (the one
 * definition: active, unexpired, uses left, dealer active). Every failure says the same thing, so
 * nothing is learnt from a miss. Once the dealership has a team the code is a person's, and the
 * session is that member's, with their role and limits (docs/design.md §11).
 */
export async function loginDealer(db: Database, input: { dealerName: string; buyCode: string }) {
  const [dealer] = await db
    .select({ dealer: dealers, buyCode: buyCodes })
    .from(dealers)
    .innerJoin(buyCodes, eq(buyCodes.dealerId, dealers.id))
    .where(
      and(
        eq(sql`lower(btrim(${dealers.dealerName}))`, input.dealerName.trim().toLowerCase()),
        eq(buyCodes.code, normalizeCode(input.buyCode)),
        usableBuyCode,
      ),
    )
    .limit(1);
  if (!dealer) throw new CredentialRejected(ERROR_CODES.unauthorized, AUTH_TEXT.invalidCredentials);
  const holder = await holderOfCode(db, dealer.buyCode);
  // A code nobody on the team holds signs in no one (its holder left; the code is deactivated too).
  if (holder.kind === 'nobody')
    throw new CredentialRejected(ERROR_CODES.unauthorized, AUTH_TEXT.invalidCredentials);
  const member = holder.kind === 'member' ? holder.member : null;
  // An invited member who has not accepted has no session of any kind (docs/decisions/0031-session-strength.md): their code
  // (a dealership's code from before the team goes to its first owner) signs in no one until then.
  if (member && !member.acceptedAt)
    throw new CredentialRejected(ERROR_CODES.unauthorized, AUTH_TEXT.invalidCredentials);
  const session = await db.transaction(async (tx) => {
    await markCodeUsed(tx, dealer.buyCode.id);
    return createSession(tx, {
      role: 'dealer',
      subjectId: dealer.dealer.id,
      dealerUserId: member?.id ?? null,
      proof: 'code',
      buyCodeId: dealer.buyCode.id,
    });
  });
  return { dealer: toDealerInfo(dealer.dealer, member, 'code'), session };
}

/** The signed-in dealer, and the named member behind the session when there is one. */
export async function getDealerInfo(
  db: Database,
  dealerId: number,
  memberId: number | null,
  proof: SessionProof,
) {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.id, dealerId));
  if (!dealer) throw new AppError(ERROR_CODES.unauthorized, 'Please sign in');
  const [member] =
    memberId === null ? [] : await db.select().from(dealerUsers).where(eq(dealerUsers.id, memberId));
  return toDealerInfo(dealer, member ?? null, proof);
}
