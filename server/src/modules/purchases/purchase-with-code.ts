import { BUYING_TEXT } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, CredentialRejected } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION, withRetries } from '../../lib/db-errors';
import { claimIdempotencyKey, type IdempotentRequest } from '../../lib/idempotency';
import { countBuyCodeUse, findDealerActiveCode, findUsableBuyCode } from '../buy-codes/find-usable-buy-code';
import { assertMayBuy } from '../buyer-limits/check-buyer-limits';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import type { MessageContext } from '../notifications/notification-messages';
import { purchaseReceiptMessage, vehicleSoldMessage } from '../notifications/sale-messages';
import { lockVehicle } from '../vehicles/lock-vehicle';
import { sellVehicle } from '../vehicles/sell-vehicle';
import { isPublished } from '../vehicles/vehicle-projection';

export interface PurchaseResult {
  message: string;
  transactionId: number;
  /** The code the sale used (shown to a signed-in buyer, who did not type it). */
  buyCode: string;
}

/**
 * Who buys: anyone with a typed code (the spec's Buy Now), or a signed-in dealer whose dealership's
 * active code is used, a named team member's limits checked (DESIGN.md §10).
 */
export type Purchaser = { code: string } | { dealer: Actor };

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
  input: Purchaser & { vehicleId: number },
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
        if ('dealer' in input) {
          assertMayBuy(input.dealer.member);
          if (!vehicle || !isPublished(vehicle) || !vehicle.price)
            throw new AppError(ERROR_CODES.conflict, BUYING_TEXT.vehicleUnavailable);
        } else if (!vehicle || !isPublished(vehicle) || !vehicle.price) throw refusal();
        const usable =
          'dealer' in input
            ? await findDealerActiveCode(tx, input.dealer.id!, { forUpdate: true })
            : await findUsableBuyCode(tx, input.code, { forUpdate: true });
        if (!usable && 'dealer' in input) throw new AppError(ERROR_CODES.conflict, TEAM_TEXT.noActiveCode);
        if (!usable) throw codeRefusal();

        const member = 'dealer' in input ? (input.dealer.member ?? null) : null;
        const actor = { type: 'dealer' as const, id: usable.dealer.id, member };
        const transaction = await sellVehicle(
          tx,
          {
            vehicleId: vehicle.id,
            dealerId: usable.dealer.id,
            buyCodeId: usable.buyCode.id,
            offerId: null,
            amount: vehicle.price,
            buyerUserId: member?.id ?? null,
          },
          actor,
          messages,
        );
        await countBuyCodeUse(tx, usable.buyCode, actor, transaction.id);

        // Admins hear of the sale; the dealer's main and billing contacts get the receipt.
        const facts = {
          vehicle,
          dealerName: member ? `${usable.dealer.dealerName} (${member.name})` : usable.dealer.dealerName,
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

        const result = {
          message: BUYING_TEXT.buySuccess,
          transactionId: transaction.id,
          buyCode: usable.buyCode.code,
        };
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
