import { BUYING_TEXT, PURCHASE_REFUSALS, type PurchaseRefusal } from '@contracts/buying';
import type { TransportRequest } from '@contracts/delivery';
import { ERROR_CODES, type ErrorCode } from '@contracts/errors';
import { TEAM_TEXT } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { transactions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, CredentialRejected } from '../../lib/app-error';
import { pgErrorCode, UNIQUE_VIOLATION, withRetries } from '../../lib/db-errors';
import { claimIdempotencyKey, type IdempotentRequest } from '../../lib/idempotency';
import { memberBehindCode, toSessionMember } from '../buy-codes/code-holder';
import {
  countBuyCodeUse,
  findBuyCodeByText,
  findDealerActiveCode,
  unusableCodeRefusal,
} from '../buy-codes/find-usable-buy-code';
import { assertMayBuy } from '../buyer-limits/check-buyer-limits';
import { orderTransportInTx } from '../delivery/transport-orders';
import { type FloorPlanConfig, requestFloorPlanInTx } from '../floor-plan/floor-plan-requests';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { purchaseReceiptMessage, vehicleSoldMessage } from '../notifications/sale-messages';
import { assertDealWithinLimits } from '../transactions/deal-limits';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { isHeld, isHeldFor } from '../vehicles/first-look';
import { sellVehicle } from '../vehicles/sell-vehicle';
import { isPublished } from '../vehicles/vehicle-projection';

export interface PurchaseResult {
  message: string;
  transactionId: number;
  /** The code the sale used (shown to a signed-in buyer, who did not type it). */
  buyCode: string;
}

/**
 * Who buys: anyone with a typed code (the spec's Buy Now), or a signed-in dealer whose own active
 * code is used. Either way the code's holder is the buyer once the dealership has a team: their role
 * and limits apply and the sale names them (docs/design.md §11).
 */
export type Purchaser = { code: string } | { dealer: Actor };

const refuse = (code: ErrorCode, message: string, reason: PurchaseRefusal) =>
  new AppError(code, message, {}, reason);
/** No code has this text: the one answer a guesser ever gets, and the only one counted as a guess. */
const wrongCode = () =>
  new CredentialRejected(ERROR_CODES.badRequest, BUYING_TEXT.buyFailure, {}, PURCHASE_REFUSALS.invalidCode);
/** The car is gone: public (its page says so), told once the code matched (issue #44). */
const soldRefusal = () =>
  refuse(ERROR_CODES.conflict, BUYING_TEXT.vehicleSold, PURCHASE_REFUSALS.vehicleSold);

/** The vehicle's state, checked before any code: it is public, so the answer says nothing about codes. */
function assertPurchasable(
  vehicle: Awaited<ReturnType<typeof lockVehicle>>,
): asserts vehicle is NonNullable<typeof vehicle> & { price: string } {
  if (vehicle?.status === 'sold') throw soldRefusal();
  // Held for a first look: open to the dealerships it is held for, checked once the code names one.
  if (!vehicle || !(isPublished(vehicle) || isHeld(vehicle)) || !vehicle.price)
    throw refuse(ERROR_CODES.conflict, BUYING_TEXT.vehicleUnavailable, PURCHASE_REFUSALS.vehicleUnavailable);
}

/**
 * The code and the person a purchase acts for; the code row is locked for the use count. What is
 * told comes in this order (issue #44): a wrong typed code gets the spec's message whatever the
 * car's state; then the car (sold, unavailable); then the matched code's own state.
 */
async function authorityOf(
  tx: Transaction,
  input: Purchaser,
  vehicle: Awaited<ReturnType<typeof lockVehicle>>,
) {
  if ('dealer' in input) {
    assertPurchasable(vehicle);
    const member = input.dealer.member ?? null;
    const usable = await findDealerActiveCode(tx, input.dealer.id!, {
      forUpdate: true,
      memberId: member?.id ?? null,
    });
    if (!usable)
      throw new AppError(ERROR_CODES.conflict, member ? TEAM_TEXT.noOwnCode : TEAM_TEXT.noActiveCode);
    return { ...usable, member };
  }
  const row = await findBuyCodeByText(tx, input.code, { forUpdate: true });
  // An inactive dealership's code reads as a wrong one, here as on Make Offer and the sign-in
  // (issue #43): reactivating the dealership makes its codes work again, so a guesser must not
  // learn they exist; its holder was told of the deactivation. Counted as a guess like any miss.
  if (!row?.dealer.active) throw wrongCode();
  assertPurchasable(vehicle);
  // From here the code matched and its dealership is active: its state may be told (ADR 0018).
  if (!row.usable) throw unusableCodeRefusal(row);
  const member = await memberBehindCode(tx, row.buyCode);
  assertMayBuy(member);
  return { buyCode: row.buyCode, dealer: row.dealer, member: member && toSessionMember(member) };
}

/**
 * Buy Now (POST /api/verify-code) and a signed-in dealer's purchase: in one DB transaction, with the
 * vehicle row locked, checks the vehicle (public information) and then the code and its holder
 * (role, then limits inside sellVehicle), sells the car at its price and counts one use.
 */
export async function purchaseWithCode(
  db: Database,
  input: Purchaser & {
    vehicleId: number;
    reconPackageId?: number | null | undefined;
    /** Certified delivery and a floor-plan line chosen in the dialog (docs/design.md §15). */
    transport?: TransportRequest | undefined;
    floorPlanLineId?: number | undefined;
  },
  idempotency?: IdempotentRequest,
  config?: FloorPlanConfig,
): Promise<PurchaseResult> {
  try {
    return await withRetries(() =>
      db.transaction(async (tx) => {
        const claim = idempotency
          ? await claimIdempotencyKey<PurchaseResult>(tx, 'verify-code', idempotency)
          : null;
        if (claim?.replay) return claim.replay;

        if ('dealer' in input) assertMayBuy(input.dealer.member);
        const vehicle = await lockVehicle(tx, input.vehicleId);
        const usable = await authorityOf(tx, input, vehicle);
        assertPurchasable(vehicle);
        if (!isPublished(vehicle) && !(await isHeldFor(tx, vehicle, usable.dealer.id)))
          throw refuse(
            ERROR_CODES.conflict,
            BUYING_TEXT.vehicleUnavailable,
            PURCHASE_REFUSALS.vehicleUnavailable,
          );
        const { member } = usable;
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
            reconPackageId: input.reconPackageId ?? null,
          },
          actor,
        );
        await countBuyCodeUse(tx, usable.buyCode, actor, transaction.id);
        // Delivery and floor plan in the same transaction: a bad ZIP or another dealership's line
        // refuses the purchase as a whole (nothing sold, nothing charged).
        if ((input.transport || input.floorPlanLineId) && !config)
          throw new Error('purchase extras need the config');
        if (input.transport) await orderTransportInTx(tx, transaction, input.transport, actor, config!);
        if (input.floorPlanLineId) {
          const [sale] = await tx.select().from(transactions).where(eq(transactions.id, transaction.id));
          await requestFloorPlanInTx(tx, sale!, input.floorPlanLineId, actor, config!);
        }
        // The buyer's limits on the whole deal: price + package + the delivery just ordered.
        await assertDealWithinLimits(tx, transaction.id);

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
            message: vehicleSoldMessage(facts),
          },
          {
            event: 'purchase_receipt',
            entityId: transaction.id,
            to: [
              { dealerId: usable.dealer.id, contact: 'main' },
              { dealerId: usable.dealer.id, contact: 'billing' },
            ],
            message: purchaseReceiptMessage(facts),
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
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw soldRefusal();
    throw error;
  }
}
