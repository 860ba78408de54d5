import { DELIVERY_TEXT } from '@contracts/delivery';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { dealers } from '../db/schema';
import { conflict } from './app-error';
import { zipOfAddress } from './zip';

/**
 * The ZIP a dealership's cars go to unless it says otherwise (docs/design.md §15): the last one it
 * ordered to, else its address's; null when neither is known. Transport quotes and orders deliver
 * there, and the inventory measures "within N miles" from there for a signed-in dealer.
 */
export async function deliveryZipOf(db: Executor, dealerId: number): Promise<string | null> {
  const [dealer] = await db
    .select({ deliveryZip: dealers.deliveryZip, address: dealers.address })
    .from(dealers)
    .where(eq(dealers.id, dealerId));
  return dealer?.deliveryZip ?? (dealer ? zipOfAddress(dealer.address) : null);
}

/** deliveryZipOf, or a 409 asking for a ZIP when the dealership has none. */
export async function defaultDeliveryZip(db: Executor, dealerId: number) {
  const zip = await deliveryZipOf(db, dealerId);
  if (!zip) throw conflict(DELIVERY_TEXT.zipRequired);
  return zip;
}
