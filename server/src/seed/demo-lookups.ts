import { and, asc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { adminUsers, dealers, dealerUsers, offers, vehicles } from '../db/schema';
import type { Actor } from '../lib/actor';

/** The demo's steps taken by an admin: the first one (none yet: an admin without an id). */
export async function demoAdmin(db: Executor): Promise<Actor & { type: 'admin' }> {
  const [admin] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .orderBy(asc(adminUsers.id))
    .limit(1);
  return { type: 'admin', id: admin?.id ?? null };
}

/**
 * A demo dealership by its name, and the member whose e-mail starts with `person@` (none asked, or
 * none such: null); undefined when the dealership is not there.
 */
export async function demoDealerAndPerson(db: Executor, dealerName: string, person?: string) {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.dealerName, dealerName));
  if (!dealer) return undefined;
  const [member] = person
    ? await db
        .select({ id: dealerUsers.id })
        .from(dealerUsers)
        .where(and(eq(dealerUsers.dealerId, dealer.id), sql`${dealerUsers.email} like ${`${person}@%`}`))
    : [];
  return { dealer, person: member ?? null };
}

/** The oldest published car no one made an offer on that meets `conditions` too. */
export async function oldestListingWithoutOffers(db: Executor, ...conditions: SQL[]) {
  const [car] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.status, 'active'),
        eq(vehicles.inQueue, false),
        notExists(db.select({ one: sql`1` }).from(offers).where(eq(offers.vehicleId, vehicles.id))),
        ...conditions,
      ),
    )
    .orderBy(asc(vehicles.id))
    .limit(1);
  return car;
}
