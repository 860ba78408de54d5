import { BUYING_TEXT } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION, withRetries } from '../../lib/db-errors';
import { claimIdempotencyKey } from '../../lib/idempotency';
import { writeAudit } from '../audit/write-audit';
import { findUsableBuyCode } from '../buy-codes/find-usable-buy-code';
import { lockVehicle, sellVehicle } from '../transactions/sell-vehicle';
import { isPublished } from '../vehicles/vehicle-projection';

export interface PurchaseResult {
  message: string;
  transactionId: number;
}

/** One answer for every refusal, so a caller learns nothing about which check failed (DESIGN.md §3). */
const refusal = () => new AppError(ERROR_CODES.badRequest, BUYING_TEXT.buyFailure);

/**
 * Buy Now (POST /api/verify-code): in one DB transaction, with the vehicle row locked, checks the
 * vehicle and the code, then sells the car at its price and counts one use of the code.
 */
export async function purchaseWithCode(
  db: Database,
  input: { code: string; vehicleId: number },
  idempotencyKey?: string,
): Promise<PurchaseResult> {
  try {
    return await withRetries(() =>
      db.transaction(async (tx) => {
        const claim = idempotencyKey
          ? await claimIdempotencyKey<PurchaseResult>(tx, 'verify-code', idempotencyKey)
          : null;
        if (claim?.replay) return claim.replay;

        const vehicle = await lockVehicle(tx, input.vehicleId);
        if (!vehicle || !isPublished(vehicle) || !vehicle.price) throw refusal();
        const usable = await findUsableBuyCode(tx, input.code, { forUpdate: true });
        if (!usable) throw refusal();

        const actor = { type: 'dealer' as const, id: usable.dealer.id };
        const transaction = await sellVehicle(
          tx,
          {
            vehicleId: vehicle.id,
            dealerId: usable.dealer.id,
            buyCodeId: usable.buyCode.id,
            offerId: null,
            amount: vehicle.price,
          },
          actor,
        );
        await tx
          .update(buyCodes)
          .set({ usageCount: sql`${buyCodes.usageCount} + 1` })
          .where(eq(buyCodes.id, usable.buyCode.id));
        await writeAudit(tx, actor, {
          entity: 'buy_code',
          entityId: usable.buyCode.id,
          action: 'used',
          before: { usageCount: usable.buyCode.usageCount },
          after: { usageCount: usable.buyCode.usageCount + 1, transactionId: transaction.id },
        });

        const result = { message: BUYING_TEXT.buySuccess, transactionId: transaction.id };
        await claim?.remember(result);
        return result;
      }),
    );
  } catch (error) {
    // Another purchase won the race for this car: the partial unique index said no.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw refusal();
    throw error;
  }
}
