import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dealers, dealerUsers, isPublishedSql, transactions, vehicles, watchlistEntries } from '../db/schema';
import { DEMO_TEAM_DEALER } from './demo-team';

const LAKESIDE = 'Lakeside Auto Sales';

interface DemoMark {
  dealer: string;
  /** The team member's e-mail prefix; none: the dealership without a team (its buy-code session). */
  person?: 'tom' | 'rita' | 'vic';
  /** Which published car (by position), or the first car another dealership bought. */
  car: number | 'sold';
  favorite?: boolean;
  watching?: boolean;
}

/**
 * Favorites and watched cars (issue #30) for a newcomer's dashboard: the teamless demo dealer's, and
 * each Route 9 person's own (the viewer's too), one of them a car sold meanwhile.
 */
const MARKS: DemoMark[] = [
  { dealer: LAKESIDE, car: 0, watching: true },
  { dealer: LAKESIDE, car: 2, favorite: true, watching: true },
  { dealer: LAKESIDE, car: 'sold', watching: true },
  { dealer: DEMO_TEAM_DEALER, person: 'tom', car: 1, watching: true },
  { dealer: DEMO_TEAM_DEALER, person: 'tom', car: 3, favorite: true },
  { dealer: DEMO_TEAM_DEALER, person: 'rita', car: 0, favorite: true },
  { dealer: DEMO_TEAM_DEALER, person: 'vic', car: 4, watching: true },
];

export async function seedDemoWatchlist(db: Database) {
  await db.transaction(async (tx) => {
    const published = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(isPublishedSql(vehicles))
      .orderBy(asc(vehicles.id))
      .limit(5);
    for (const mark of MARKS) {
      const [dealer] = await tx.select().from(dealers).where(eq(dealers.dealerName, mark.dealer));
      if (!dealer) continue;
      const [person] = mark.person
        ? await tx
            .select({ id: dealerUsers.id })
            .from(dealerUsers)
            .where(
              and(eq(dealerUsers.dealerId, dealer.id), sql`${dealerUsers.email} like ${`${mark.person}@%`}`),
            )
        : [];
      if (mark.person && !person) continue;
      const [sold] =
        mark.car === 'sold'
          ? await tx
              .select({ id: transactions.vehicleId })
              .from(transactions)
              .where(and(ne(transactions.dealerId, dealer.id), eq(transactions.cancelled, false)))
              .orderBy(asc(transactions.id))
              .limit(1)
          : [];
      const vehicleId = mark.car === 'sold' ? sold?.id : published[mark.car]?.id;
      if (!vehicleId) continue;
      await tx
        .insert(watchlistEntries)
        .values({
          dealerId: dealer.id,
          dealerUserId: person?.id ?? null,
          vehicleId,
          favorite: mark.favorite ?? false,
          watching: mark.watching ?? false,
        })
        .onConflictDoNothing();
    }
  });
}
