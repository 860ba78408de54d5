import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { buyCodes, dealers, dealerUsers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { toDealerBuyCode } from './buy-code-views';
import { codeDeactivated } from './code-deactivated';
import { isHeldBy } from './code-holder';
import { usableBuyCode } from './find-usable-buy-code';
import { insertBuyCode } from './insert-buy-code';

/** One of the owner's dealership's codes, locked; another dealership's answers like an unknown id. */
async function lockDealershipCode(tx: Transaction, dealerId: number, codeId: number) {
  const [code] = await tx
    .select()
    .from(buyCodes)
    .where(and(eq(buyCodes.id, codeId), eq(buyCodes.dealerId, dealerId)))
    .for('update');
  if (!code) throw notFound('Buy code not found');
  return code;
}

/** The code as the owner sees it afterwards: masked unless it is their own (docs/decisions/0031-session-strength.md). */
async function ownerView(tx: Transaction, codeId: number, ownerId: number) {
  const [row] = await tx
    .select({ c: buyCodes, usable: sql<boolean>`${usableBuyCode}`, holderName: dealerUsers.name })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, buyCodes.dealerUserId))
    .where(eq(buyCodes.id, codeId));
  return toDealerBuyCode(row!.c, {
    usable: row!.usable,
    holderName: row!.holderName,
    mine: await isHeldBy(tx, row!.c, ownerId),
  });
}

/**
 * An owner deactivates one of the dealership's codes: it stops working at once and every session
 * opened with it ends, in one DB transaction with its audit row.
 */
export async function deactivateDealershipCode(db: Database, codeId: number, actor: Actor) {
  const owner = actor.member!;
  return db.transaction(async (tx) => {
    const code = await lockDealershipCode(tx, actor.id!, codeId);
    if (code.active) {
      await tx.update(buyCodes).set({ active: false }).where(eq(buyCodes.id, code.id));
      await codeDeactivated(tx, code.id, actor, { reason: 'owner' });
    }
    return ownerView(tx, code.id, owner.id);
  });
}

/**
 * An owner rotates a code: a new random code for the same holder and limits replaces it, the old
 * one is deactivated and its sessions end. Only the holder sees the new code (on their dashboard).
 */
export async function rotateDealershipCode(db: Database, codeId: number, actor: Actor) {
  const owner = actor.member!;
  return db.transaction(async (tx) => {
    const old = await lockDealershipCode(tx, actor.id!, codeId);
    if (!old.active) throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.rotateInactiveCode);
    await tx.update(buyCodes).set({ active: false }).where(eq(buyCodes.id, old.id));
    const fresh = await insertBuyCode(tx, {
      dealerId: old.dealerId,
      dealerUserId: old.dealerUserId,
      maxUses: old.maxUses,
      expiresAt: old.expiresAt,
    });
    await codeDeactivated(tx, old.id, actor, { reason: 'rotated', replacedBy: fresh.id });
    await writeAudit(tx, actor, {
      entity: 'buy_code',
      entityId: fresh.id,
      action: 'created',
      after: { dealerId: fresh.dealerId, dealerUserId: fresh.dealerUserId, replaces: old.id },
    });
    return ownerView(tx, fresh.id, owner.id);
  });
}
