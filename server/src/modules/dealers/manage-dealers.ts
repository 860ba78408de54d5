import type { CreateDealerBody } from '@contracts/dealers';
import { ERROR_CODES } from '@contracts/errors';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, offers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { revokeSubjectSessions } from '../../lib/sessions';
import { writeAudit } from '../audit/write-audit';
import { toAdminBuyCode } from '../buy-codes/buy-code-views';
import { insertBuyCode } from '../buy-codes/insert-buy-code';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import type { MessageContext } from '../notifications/notification-messages';
import { dealerDeactivatedMessage } from '../notifications/sale-messages';
import { declineOpenOffers } from '../open-offers/decline-open-offers';
import { toDealer } from './dealer-views';

export async function findDealers(db: Database) {
  const rows = await db
    .select()
    .from(dealers)
    .orderBy(asc(sql`lower(${dealers.dealerName})`));
  return rows.map(toDealer);
}

/** A new dealer and its first buy code, in one DB transaction (spec §7: the response has the code). */
export async function createDealer(db: Database, input: Required<CreateDealerBody>, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const [dealer] = await tx.insert(dealers).values(input).returning();
      const code = await insertBuyCode(tx, { dealerId: dealer!.id });
      await writeAudit(tx, actor, {
        entity: 'dealer',
        entityId: dealer!.id,
        action: 'created',
        after: dealer,
      });
      await writeAudit(tx, actor, {
        entity: 'buy_code',
        entityId: code.id,
        action: 'created',
        after: { code: code.code },
      });
      return { ...toDealer(dealer!), buyCode: toAdminBuyCode(code, dealer!.dealerName) };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AppError(ERROR_CODES.conflict, 'A dealer with this name already exists');
    }
    throw error;
  }
}

/**
 * Activates or deactivates a dealer. Deactivating ends its sessions, and its codes stop working at
 * once (every code check joins the dealer); its open offers are declined, and its main contact is
 * told in the same DB transaction.
 */
export async function setDealerActive(
  db: Database,
  dealerId: number,
  active: boolean,
  actor: Actor,
  messages: MessageContext,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dealers).where(eq(dealers.id, dealerId)).for('update');
    if (!before) throw notFound('Dealer not found');
    const [after] = await tx.update(dealers).set({ active }).where(eq(dealers.id, dealerId)).returning();
    let declinedOffers = 0;
    if (!active) {
      await revokeSubjectSessions(tx, 'dealer', dealerId);
      // The deactivation message names the declined offers: one message, not one per offer.
      declinedOffers = await declineOpenOffers(tx, eq(offers.dealerId, dealerId), 'Dealer deactivated', null);
    }
    if (before.active !== active) {
      const auditId = await writeAudit(tx, actor, {
        entity: 'dealer',
        entityId: dealerId,
        action: active ? 'activated' : 'deactivated',
        before: { active: before.active },
        after: { active },
      });
      if (!active) {
        // Keyed by the audit row: each deactivation is told once, a later one again.
        await enqueueNotifications(tx, [
          {
            event: 'dealer_deactivated',
            entityId: auditId,
            to: [{ dealerId, contact: 'main' }],
            payload: dealerDeactivatedMessage(messages, { dealerName: before.dealerName, declinedOffers }),
          },
        ]);
      }
    }
    return toDealer(after!);
  });
}
