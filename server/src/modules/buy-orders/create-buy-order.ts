import {
  BUY_ORDER_TEXT,
  type CreateBuyOrder,
  MAX_OPEN_BUY_ORDERS,
  MAX_ORDER_DAYS,
} from '@contracts/buy-orders';
import { ERROR_CODES } from '@contracts/errors';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyOrders, buyOrderTargets, dealers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { marketTodaySql } from '../../lib/sale-terms-setting';
import { knownZip } from '../../lib/zip';
import { writeAudit } from '../audit/write-audit';
import { offeredPackage } from '../recon/recon-packages';
import { assertTextable } from './alert-schedule';
import { isMatchableSql } from './buy-order-status';
import { findBuyOrder } from './find-buy-orders';
import { matchListedCars } from './match-buy-orders';

/** Owners and buyers place orders; a viewer looks (docs/design.md §10). A buy-code session is the dealership. */
export function assertMayOrder(actor: Actor) {
  if (actor.member?.role === 'viewer')
    throw new AppError(ERROR_CODES.forbidden, BUY_ORDER_TEXT.viewerRefused);
}

/**
 * Places a buy order for the acting dealership, naming its person. At most MAX_OPEN_BUY_ORDERS
 * open ones per dealership, counted with the dealer row locked so two at once cannot pass it.
 */
export async function createBuyOrder(db: Database, input: CreateBuyOrder, actor: Actor) {
  assertMayOrder(actor);
  // The one ZIP rule (lib/zip.ts): the contract checks 5 digits, the server that the code exists.
  knownZip(input.deliveryZip);
  const dealerId = actor.id!;
  return withRetries(() =>
    db.transaction(async (tx) => {
      const days = (await tx.execute(
        sql`select (${input.neededBy}::date - ${marketTodaySql})::int as days`,
      )) as unknown as {
        rows: { days: number }[];
      };
      const fromToday = Number(days.rows[0]!.days);
      if (fromToday < 0 || fromToday > MAX_ORDER_DAYS) throw badRequest(BUY_ORDER_TEXT.neededBy);
      await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, dealerId)).for('update');
      await assertTextable(tx, dealerId, input.alertChannel);
      const [open] = await tx
        .select({ n: count() })
        .from(buyOrders)
        .where(and(eq(buyOrders.dealerId, dealerId), isMatchableSql));
      if ((open?.n ?? 0) >= MAX_OPEN_BUY_ORDERS)
        throw new AppError(ERROR_CODES.conflict, BUY_ORDER_TEXT.tooMany);
      const [order] = await tx
        .insert(buyOrders)
        .values({
          dealerId,
          dealerUserId: actor.member?.id ?? null,
          yearMin: input.yearMin,
          yearMax: input.yearMax,
          maxMiles: input.maxMiles,
          maxPrice: input.maxPrice,
          minGrade: input.minGrade,
          certification: input.certification,
          reconNote: input.reconNote,
          quantity: input.quantity,
          neededBy: input.neededBy,
          deliveryZip: input.deliveryZip,
          alertChannel: input.alertChannel,
          reconPackageId: input.reconPackageId ? (await offeredPackage(tx, input.reconPackageId)).id : null,
          alertCadence: input.alertCadence,
        })
        .returning();
      const seen = new Set<string>();
      const targets = input.targets.filter((t) => {
        const key = `${t.make.toLowerCase()}|${(t.model ?? '').toLowerCase()}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      await tx.insert(buyOrderTargets).values(
        targets.map((t) => ({
          orderId: order!.id,
          make: t.make.toLowerCase(),
          model: t.model ? t.model.toLowerCase() : null,
          makeLabel: t.make,
          modelLabel: t.model,
        })),
      );
      await writeAudit(tx, actor, {
        entity: 'buy_order',
        entityId: order!.id,
        action: 'created',
        after: { ...input, targets },
      });
      // The cars already listed that it matches are its first matches (the answer lists them).
      await matchListedCars(tx, order!.id);
      return (await findBuyOrder(tx, dealerId, order!.id))!;
    }),
  );
}
