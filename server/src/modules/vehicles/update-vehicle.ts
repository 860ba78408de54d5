import { ADMIN_TEXT } from '@contracts/admin';
import { ERROR_CODES } from '@contracts/errors';
import { DEFAULT_RECON_TEXT } from '@contracts/limits';
import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { LISTING_TEXT } from '@contracts/listings';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offers, transactions, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { knownZip } from '../../lib/zip';
import { writeAudit } from '../audit/write-audit';
import { matchBuyOrders } from '../buy-orders/match-buy-orders';
import { matchPublication } from '../buy-orders/match-publication';
import { staffMayEdit } from '../car-visibility/car-visibility';
import { declineOpenOffers } from '../open-offers/decline-open-offers';
import { lockVehicle, updateVehicleRow } from '../vehicle-rows/vehicle-rows';
import { cancelSale } from './cancel-sale';
import { holdForMatchedOrders, isHeld, releaseFirstLook } from './first-look';
import { adminVehicleView } from './vehicle-projection';

export interface CompleteListing {
  mileage: number;
  price: string;
  condition: string;
  year?: number | null | undefined;
  make?: string | null | undefined;
  model?: string | null | undefined;
  trim?: string | null | undefined;
  description?: string | null | undefined;
  firstLookMinutes?: number | undefined;
  /** Where the car stands (a 5-digit ZIP; null = our lot) and whether it runs (docs/design.md §15). */
  locationZip?: string | null | undefined;
  inoperable?: boolean | undefined;
}

/**
 * The transport fields of a completion or an edit, as columns: only those sent. A location ZIP is
 * a known US ZIP (the one ZIP rule, lib/zip.ts), so the car's transport quote can start from it.
 */
const deliveryColumns = (input: {
  locationZip?: string | null | undefined;
  inoperable?: boolean | undefined;
}) => {
  if (input.locationZip) knownZip(input.locationZip);
  return {
    ...(input.locationZip !== undefined ? { locationZip: input.locationZip } : {}),
    ...(input.inoperable !== undefined ? { inoperable: input.inoperable } : {}),
  };
};

const vehicleNotFound = () => notFound(ADMIN_TEXT.vehicleNotFound);

/** Queue completion (docs/product.md §4): mileage, price, certification; the vehicle is public at once. */
export async function completeListing(
  db: Database,
  vehicleId: number,
  input: CompleteListing,
  actor: Actor,
  lotZip: string,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const vehicle = await lockVehicle(tx, vehicleId);
      if (!vehicle) throw vehicleNotFound();
      if (!vehicle.inQueue || vehicle.status !== 'pending') {
        throw new AppError(ERROR_CODES.conflict, 'This vehicle is no longer in the queue');
      }
      const set = {
        mileage: input.mileage,
        price: input.price,
        condition: input.condition,
        ...(input.year !== undefined ? { year: input.year } : {}),
        ...(input.make !== undefined ? { make: input.make || null } : {}),
        ...(input.model !== undefined ? { model: input.model || null } : {}),
        ...(input.trim !== undefined ? { trim: input.trim || null } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...deliveryColumns(input),
        status: 'active',
      };
      const minutes = input.firstLookMinutes;
      let after = await updateVehicleRow(
        tx,
        vehicleId,
        minutes === undefined
          ? { ...set, inQueue: false }
          : { ...set, inQueue: true, firstLookUntil: sql`now() + make_interval(mins => ${minutes})` },
      );
      if (minutes === undefined) {
        // Published: the open buy orders it matches hear of it, through the outbox (docs/design.md §13).
        await matchPublication(tx, vehicleId, 'published', lotZip);
      } else {
        // First look: the matching orders' dealerships hear of it (with the hold's end) and only
        // they see it until then. No order matched: nobody to hold it for, so it is published.
        await matchBuyOrders(tx, vehicleId, 'published');
        if ((await holdForMatchedOrders(tx, vehicleId)) === 0) {
          after = await updateVehicleRow(tx, vehicleId, { inQueue: false, firstLookUntil: null });
          await matchPublication(tx, vehicleId, 'published', lotZip);
        }
      }
      await writeAudit(tx, actor, {
        entity: 'vehicle',
        entityId: vehicleId,
        action: 'listing_completed',
        before: { status: vehicle.status, inQueue: vehicle.inQueue },
        after: {
          ...input,
          status: 'active',
          inQueue: after.inQueue,
          firstLookUntil: after.firstLookUntil?.toISOString() ?? null,
        },
      });
      return adminVehicleView(tx, after);
    }),
  );
}

export interface EditListing {
  expectedUpdatedAt: string;
  price?: string | undefined;
  mileage?: number | undefined;
  description?: string | null | undefined;
  condition?: string | undefined;
  locationZip?: string | null | undefined;
  inoperable?: boolean | undefined;
}

/**
 * Edits a published listing (issue #30): price, mileage, description, certification, where the car
 * stands and whether it runs (docs/design.md §15). Refused when
 * the listing changed since the admin's form was filled (its `updatedAt`), so two admins never
 * overwrite each other; audited with what changed. A lower price is a price drop: the open buy
 * orders it now matches hear of it (docs/design.md §13).
 */
export async function editListing(
  db: Database,
  vehicleId: number,
  input: EditListing,
  actor: Actor,
  lotZip: string,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const vehicle = await lockVehicle(tx, vehicleId);
      if (!vehicle) throw vehicleNotFound();
      // A car held for a first look is on the market for some: it may be corrected too.
      if (vehicle.status !== 'active' || (vehicle.inQueue && !isHeld(vehicle))) {
        throw new AppError(ERROR_CODES.conflict, LISTING_TEXT.notPublished);
      }
      if (vehicle.updatedAt.getTime() !== new Date(input.expectedUpdatedAt).getTime()) {
        throw new AppError(ERROR_CODES.conflict, LISTING_TEXT.changedMeanwhile);
      }
      const set = {
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(input.mileage !== undefined ? { mileage: input.mileage } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.condition !== undefined ? { condition: input.condition } : {}),
        ...deliveryColumns(input),
      };
      const changed = Object.fromEntries(
        Object.entries(set).filter(
          ([key, value]) => String(vehicle[key as keyof typeof vehicle] ?? '') !== String(value ?? ''),
        ),
      );
      if (Object.keys(changed).length === 0) return adminVehicleView(tx, vehicle);
      const after = await updateVehicleRow(tx, vehicleId, changed);
      await writeAudit(tx, actor, {
        entity: 'vehicle',
        entityId: vehicleId,
        action: 'listing_edited',
        before: Object.fromEntries(
          Object.keys(changed).map((key) => [key, vehicle[key as keyof typeof vehicle]]),
        ),
        after: changed,
      });
      const dropped =
        changed.price !== undefined &&
        vehicle.price !== null &&
        Number(changed.price) < Number(vehicle.price);
      // A price drop, or a certification or mileage change, can make the car match orders it did not.
      if (dropped || changed.condition !== undefined || changed.mileage !== undefined) {
        await matchPublication(tx, vehicleId, dropped ? 'price_drop' : 'published', lotZip);
      }
      return adminVehicleView(tx, after);
    }),
  );
}

/**
 * Remove Listing / Reactivate Listing (docs/product.md §4). Removing declines the open offers (their dealers
 * are told). Reactivating a
 * sold vehicle undoes its sale in the same DB transaction (docs/design.md §3).
 */
export async function changeListingStatus(
  db: Database,
  vehicleId: number,
  status: 'active' | 'removed',
  actor: Actor,
  lotZip: string,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const vehicle = await lockVehicle(tx, vehicleId);
      if (!vehicle) throw vehicleNotFound();
      if (status === 'removed') {
        if (vehicle.status === 'sold') {
          throw new AppError(
            ERROR_CODES.conflict,
            'A sold vehicle cannot be removed; reactivate it to undo the sale first',
          );
        }
        await updateVehicleRow(tx, vehicleId, { status: 'removed', inQueue: false, firstLookUntil: null });
        await declineOpenOffers(tx, eq(offers.vehicleId, vehicleId), 'Listing removed', {
          tellDealers: true,
        });
      } else {
        if (!vehicle.price || vehicle.mileage === null || !vehicle.condition) {
          throw new AppError(
            ERROR_CODES.conflict,
            'Complete the listing (mileage, price, certification) before activating it',
          );
        }
        if (vehicle.status === 'sold') {
          const [sale] = await tx
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.vehicleId, vehicleId), eq(transactions.cancelled, false)));
          if (sale) await cancelSale(tx, sale.id, actor);
        }
        await updateVehicleRow(tx, vehicleId, { status: 'active', inQueue: false, firstLookUntil: null });
        // Back on the market: orders placed since it was last listed may match it.
        await matchPublication(tx, vehicleId, 'published', lotZip);
      }
      await writeAudit(tx, actor, {
        entity: 'vehicle',
        entityId: vehicleId,
        action: status === 'removed' ? 'removed' : 'reactivated',
        before: { status: vehicle.status, inQueue: vehicle.inQueue },
        after: { status, inQueue: false },
      });
      const [after] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId));
      return adminVehicleView(tx, after!);
    }),
  );
}

/** Recon notes from the upload wizard (docs/product.md §4); blank sections are saved as 'None Found'. */
export async function updateRecon(
  db: Database,
  vehicleId: number,
  input: {
    reconExterior?: string | null | undefined;
    reconMechanical?: string | null | undefined;
    reconInterior?: string | null | undefined;
  },
  actor: Actor,
  /** Staff change the notes only while the car waits in the queue (car-visibility.ts staffMayEdit). */
  options: { asStaff: boolean },
) {
  const orDefault = (v: string | null | undefined) => (v?.trim() ? v.trim() : DEFAULT_RECON_TEXT);
  return db.transaction(async (tx) => {
    const vehicle = await lockVehicle(tx, vehicleId);
    if (!vehicle) throw notFound('No vehicle ID available');
    if (options.asStaff && !staffMayEdit(vehicle)) {
      throw new AppError(
        ERROR_CODES.forbidden,
        'This vehicle has left the queue; ask an admin to change its recon notes',
      );
    }
    const set = {
      reconExterior: orDefault(input.reconExterior),
      reconMechanical: orDefault(input.reconMechanical),
      reconInterior: orDefault(input.reconInterior),
    };
    const after = await updateVehicleRow(tx, vehicleId, set);
    await writeAudit(tx, actor, {
      entity: 'vehicle',
      entityId: vehicleId,
      action: 'recon_updated',
      after: set,
    });
    return adminVehicleView(tx, after);
  });
}

/** An admin publishes a car held for a first look to everyone now (docs/design.md §13). */
export async function releaseListing(db: Database, vehicleId: number, actor: Actor, lotZip: string) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const before = await lockVehicle(tx, vehicleId);
      if (!before) throw vehicleNotFound();
      const after = await releaseFirstLook(tx, vehicleId, lotZip);
      if (!after) throw new AppError(ERROR_CODES.conflict, FIRST_LOOK_TEXT.notHeld);
      await writeAudit(tx, actor, {
        entity: 'vehicle',
        entityId: vehicleId,
        action: 'first_look_released',
        before: { firstLookUntil: before.firstLookUntil?.toISOString() ?? null },
        after: { firstLookUntil: null, inQueue: false },
      });
      return adminVehicleView(tx, after);
    }),
  );
}
