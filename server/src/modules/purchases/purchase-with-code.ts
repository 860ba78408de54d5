import { BUYING_TEXT } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import type { Database } from '../../db/client';
import { AppError, CredentialRejected } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION, withRetries } from '../../lib/db-errors';
import { claimIdempotencyKey, type IdempotentRequest } from '../../lib/idempotency';
import { countBuyCodeUse, findUsableBuyCode } from '../buy-codes/find-usable-buy-code';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import type { MessageContext } from '../notifications/notification-messages';
import { purchaseReceiptMessage, vehicleSoldMessage } from '../notifications/sale-messages';
import { lockVehicle } from '../vehicles/lock-vehicle';
import { sellVehicle } from '../vehicles/sell-vehicle';
import { isPublished } from '../vehicles/vehicle-projection';

export interface PurchaseResult {
  message: string;
  transactionId: number;
}

/** One answer for every refusal, so a caller learns nothing about which check failed (DESIGN.md §3). */
const refusal = () => new AppError(ERROR_CODES.badRequest, BUYING_TEXT.buyFailure);
/** The same answer when the code itself failed; only this one counts against the guessing budget. */
const codeRefusal = () => new CredentialRejected(ERROR_CODES.badRequest, BUYING_TEXT.buyFailure);

/**
 * Buy Now (POST /api/verify-code): in one DB transaction, with the vehicle row locked, checks the
 * vehicle (public information) and then the code, sells the car at its price and counts one use.
 */
export async function purchaseWithCode(
  db: Database,
  input: { code: string; vehicleId: number },
  messages: MessageContext,
  idempotency?: IdempotentRequest,
): Promise<PurchaseResult> {
  try {
    return await withRetries(() =>
      db.transaction(async (tx) => {
        const claim = idempotency
          ? await claimIdempotencyKey<PurchaseResult>(tx, 'verify-code', idempotency)
          : null;
        if (claim?.replay) return claim.replay;

        const vehicle = await lockVehicle(tx, input.vehicleId);
        if (!vehicle || !isPublished(vehicle) || !vehicle.price) throw refusal();
        const usable = await findUsableBuyCode(tx, input.code, { forUpdate: true });
        if (!usable) throw codeRefusal();

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
          messages,
        );
        await countBuyCodeUse(tx, usable.buyCode, actor, transaction.id);

        // Admins hear of the sale; the dealer's main and billing contacts get the receipt.
        const facts = {
          vehicle,
          dealerName: usable.dealer.dealerName,
          amount: vehicle.price,
          transactionId: transaction.id,
        };
        await enqueueNotifications(tx, [
          {
            event: 'vehicle_sold',
            entityId: transaction.id,
            to: [{ admins: true }],
            payload: vehicleSoldMessage(messages, facts),
          },
          {
            event: 'purchase_receipt',
            entityId: transaction.id,
            to: [
              { dealerId: usable.dealer.id, contact: 'main' },
              { dealerId: usable.dealer.id, contact: 'billing' },
            ],
            payload: purchaseReceiptMessage(messages, facts),
          },
        ]);

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
