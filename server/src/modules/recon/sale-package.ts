import { decimalToCents } from '@contracts/money';
import type { Executor } from '../../db/client';
import { transactionEvents } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { createWorkOrder, type NewWorkOrder } from './create-work-order';

/**
 * The reconditioning package a sale was bought with, inside the sale's DB transaction: its price
 * a `recon_package` charge on the sale's ledger (when it costs anything), so the deal total, the
 * balance, the documents and the reports count it; and its work order, which holds the release
 * until done. The one way a package goes on a sale: Buy Now and an accepted offer (sellVehicle),
 * and the demo's sales (seed/demo-work-orders.ts). Answers the work order's id, or null.
 */
export async function addSalePackage(
  tx: Executor,
  input: NewWorkOrder & {
    actor: Actor;
    /** When it was chosen: the sale's moment (a sale written after the fact); now when not said. */
    at?: Date;
  },
) {
  const { package: chosen, actor } = input;
  if (decimalToCents(chosen.price) > 0)
    await tx.insert(transactionEvents).values({
      transactionId: input.transactionId,
      dealerId: input.dealerId,
      type: 'recon_package',
      data: { packageId: chosen.id, name: chosen.name, amount: chosen.price },
      actorType: actor.type,
      actorId: actor.id ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    });
  return createWorkOrder(tx, input);
}
