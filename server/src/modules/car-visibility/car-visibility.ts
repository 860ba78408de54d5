import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';

/**
 * One visibility rule (issue #44, docs/decisions/0034-one-visibility-rule.md): what an identity may
 * learn about a car, decided here and nowhere else. Every route and message that tells anything
 * about a car asks `carSight` (a row in hand) or its SQL twin `carSightSql` (a list, a join, a
 * message's recipients); `car-visibility.test.ts` checks that the two agree on every state ×
 * identity. A car whose sight is `none` answers exactly as an id that does not exist.
 */

/** Where a car stands, from its row: one word per state. */
export type CarState = 'queued' | 'held' | 'published' | 'sold' | 'removed';

/**
 * What an identity may learn, least first:
 * - `none`: nothing; the car answers as an unknown id (a queued car, one held for others).
 * - `status`: that it is sold or removed, and its id: a car this identity never could see on sale.
 * - `past`: sold or removed, and was on sale where this identity could see it (listed to everyone,
 *   or held for or bought by its dealership): its page says sold/removed; its guide, its photos
 *   and the person's watchlist keep what was shown then.
 * - `listing`: on sale to everyone: the public listing.
 * - `first-look`: held for this identity's dealership: the listing and the hold's end.
 * - `all`: every field (an admin, or the server itself).
 */
export const CAR_SIGHTS = ['none', 'status', 'past', 'listing', 'first-look', 'all'] as const;
export type CarSight = (typeof CAR_SIGHTS)[number];

/** The facts of one car the rule reads. */
export interface CarFacts {
  status: string;
  inQueue: boolean;
  firstLookUntil: Date | null;
  /** When it was first published to everyone (a trigger sets it once; null = never). */
  listedAt: Date | null;
  /** The dealerships its first look is or was held for (the match rows carrying the hold). */
  heldFor: readonly number[];
  /** The dealership of its live sale, if any. */
  boughtBy: number | null;
}

/** Who asks: the actor of the request (`request.actor()`), or a message's recipient dealership. */
export type Who = Pick<Actor, 'type' | 'id'>;

export const carState = (car: Pick<CarFacts, 'status' | 'inQueue' | 'firstLookUntil'>): CarState => {
  if (car.status === 'sold') return 'sold';
  if (car.status === 'removed') return 'removed';
  if (car.status === 'active' && !car.inQueue) return 'published';
  if (car.status === 'active' && car.firstLookUntil !== null) return 'held';
  return 'queued';
};

/** The rule. An unknown car (undefined) is `none`, so "not allowed" and "unknown" are one path. */
export function carSight(who: Who, car: CarFacts | undefined): CarSight {
  if (!car) return 'none';
  if (who.type === 'admin' || who.type === 'system') return 'all';
  const dealerId = who.type === 'dealer' ? who.id : null;
  const heldForMe = dealerId !== null && car.heldFor.includes(dealerId);
  switch (carState(car)) {
    case 'published':
      return 'listing';
    case 'held':
      return heldForMe ? 'first-look' : 'none';
    case 'queued':
      return 'none';
    case 'sold':
    case 'removed':
      return car.listedAt !== null || heldForMe || (dealerId !== null && car.boughtBy === dealerId)
        ? 'past'
        : 'status';
  }
}

/** Whether `sight` is at least `least` (the order of CAR_SIGHTS). */
export const atLeast = (sight: CarSight, least: CarSight) =>
  CAR_SIGHTS.indexOf(sight) >= CAR_SIGHTS.indexOf(least);

/**
 * Staff edit a car (recon notes, the wizard's later steps) only while it waits in the queue, on
 * sale to nobody: a car held for a first look counts as published, as the admin's edits read it.
 */
export const staffMayEdit = (car: Pick<CarFacts, 'status' | 'inQueue' | 'firstLookUntil'>) =>
  car.inQueue && carState(car) === 'queued';

// --- The SQL twin ---------------------------------------------------------------------------

/** A dealership in SQL: a number, or an expression (a message's recipient column). */
type DealerRef = number | SQL;
/** Who asks, in SQL: as `Who`, or a dealership by expression (each row's recipient). */
export type WhoSql = Who | { type: 'dealer'; id: SQL };

const col = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

/**
 * Published to everyone: active and out of the queue, written with literals so that it is the
 * predicate of the partial search indexes (db/schema.ts isPublishedSql says the same of a table).
 * The public list and search read this: the cars whose sight is `listing` for anyone.
 */
export const onSaleToEveryoneSql = (alias = 'vehicles') =>
  sql`${col(alias, 'status')} = 'active' and ${col(alias, 'in_queue')} = false`;

/** Whether the car (by its id column) is or was held for the dealership: its match rows carry the hold. */
export const heldForSql = (vehicleId: SQL, dealerId: DealerRef) => sql`exists (
  select 1 from buy_order_matches m join buy_orders o on o.id = m.order_id
  where m.vehicle_id = ${vehicleId} and o.dealer_id = ${dealerId} and m.first_look_until is not null)`;

const boughtBySql = (vehicleId: SQL, dealerId: DealerRef) => sql`exists (
  select 1 from transactions t where t.vehicle_id = ${vehicleId} and not t.cancelled and t.dealer_id = ${dealerId})`;

/** `carSight` as a SQL expression over the vehicles row `alias` (text, one of CAR_SIGHTS). */
export function carSightSql(who: WhoSql, alias = 'vehicles'): SQL {
  if (who.type === 'admin' || who.type === 'system') return sql`'all'::text`;
  const id = col(alias, 'id');
  const dealerId = who.type === 'dealer' ? who.id : null;
  const heldForMe = dealerId === null ? sql`false` : heldForSql(id, dealerId);
  const boughtByMe = dealerId === null ? sql`false` : boughtBySql(id, dealerId);
  return sql`(case
    when ${onSaleToEveryoneSql(alias)} then 'listing'
    when ${col(alias, 'status')} = 'active' and ${col(alias, 'first_look_until')} is not null
      then case when ${heldForMe} then 'first-look' else 'none' end
    when ${col(alias, 'status')} in ('sold', 'removed')
      then case when ${col(alias, 'listed_at')} is not null or ${heldForMe} or ${boughtByMe} then 'past' else 'status' end
    else 'none' end)`;
}

/** `staffMayEdit` in SQL, over the vehicles row `alias`: in the queue, on sale to nobody. */
export const staffMayEditSql = (alias = 'vehicles') => sql`(${col(alias, 'in_queue')}
  and ${col(alias, 'status')} not in ('sold', 'removed')
  and not (${col(alias, 'status')} = 'active' and ${col(alias, 'first_look_until')} is not null))`;

/** The cars whose sight is at least `least`, in SQL (a list's or a message's filter). */
export function sightAtLeastSql(who: WhoSql, least: CarSight, alias = 'vehicles'): SQL {
  const allowed = CAR_SIGHTS.filter((sight) => atLeast(sight, least));
  return sql`${carSightSql(who, alias)} in (${sql.join(
    allowed.map((sight) => sql`${sight}`),
    sql`, `,
  )})`;
}

// --- Reading the facts ------------------------------------------------------------------------

interface FactsRow {
  id: number;
  status: string;
  in_queue: boolean;
  first_look_until: Date | string | null;
  listed_at: Date | string | null;
  held_for: (number | string)[] | null;
  bought_by: number | string | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The facts of these cars (unknown ids are absent). */
export async function readCarFacts(db: Executor, ids: readonly number[]): Promise<Map<number, CarFacts>> {
  const facts = new Map<number, CarFacts>();
  if (ids.length === 0) return facts;
  const result = (await db.execute(sql`
    select v.id, v.status, v.in_queue, v.first_look_until, v.listed_at,
      array(select distinct o.dealer_id from buy_order_matches m join buy_orders o on o.id = m.order_id
        where m.vehicle_id = v.id and m.first_look_until is not null) as held_for,
      (select t.dealer_id from transactions t where t.vehicle_id = v.id and not t.cancelled
        order by t.id desc limit 1) as bought_by
    from vehicles v
    where v.id = any(string_to_array(${ids.join(',')}, ',')::int[])
  `)) as unknown as { rows: FactsRow[] };
  for (const row of result.rows) {
    facts.set(Number(row.id), {
      status: row.status,
      inQueue: row.in_queue,
      firstLookUntil: dateOrNull(row.first_look_until),
      listedAt: dateOrNull(row.listed_at),
      heldFor: (row.held_for ?? []).map(Number),
      boughtBy: row.bought_by === null ? null : Number(row.bought_by),
    });
  }
  return facts;
}

/** What `who` may learn about one car (`none` for an id that does not exist). */
export async function sightOf(db: Executor, who: Who, id: number): Promise<CarSight> {
  return carSight(who, (await readCarFacts(db, [id])).get(id));
}

/**
 * How a file of a car (a listing photo, a walkaround video or its poster) may be sent to the caller:
 * `public` (kept by any cache, as before) when everyone may see the car's past or present listing;
 * `private` when only this caller may (a first look, a car it bought, an admin); null when it may
 * not: the file then answers as a name that does not exist. A file of no car (an upload not yet
 * attached, a claim's evidence, a work order's photo) is not this rule's: `public`. The caller's
 * session is read only when the public may not see the car.
 */
export async function fileSight(
  db: Executor,
  vehicleIds: readonly number[],
  caller: () => Promise<Who>,
): Promise<'public' | 'private' | null> {
  if (vehicleIds.length === 0) return 'public';
  const facts = await readCarFacts(db, vehicleIds);
  const sees = (who: Who) => vehicleIds.some((id) => atLeast(carSight(who, facts.get(id)), 'past'));
  if (sees({ type: 'public', id: null })) return 'public';
  return sees(await caller()) ? 'private' : null;
}
