import { AUCTION_CERTIFIED } from '@contracts/limits';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { savedSearches, vehicles } from '../../db/schema';
import { reachablePlace, roadMiles } from '../../lib/zip';
import { savedSearchMatchMessage } from '../notifications/buy-order-messages';
import { type VehicleFactsRow, vehicleFactsOfRow } from '../notifications/notification-messages';
import {
  type AlertDeliveryRow,
  alertDeliveryColumnsSql,
  alertDeliveryJoinSql,
  deliverAlerts,
} from './deliver-alerts';

/** A LIKE pattern's special characters taken literally (\ is LIKE's escape character). */
const literal = (column: ReturnType<typeof sql>) =>
  sql`replace(replace(replace(${column}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * The road miles from the car to each place saved searches measure "within" from (lib/zip.ts
 * roadMiles, as the inventory's search counts them), as SQL rows (zip, miles); a place no truck
 * reaches is left out, and so are the searches measuring from it.
 */
async function milesToSearches(tx: Transaction, vehicleId: number, lotZip: string): Promise<SQL | null> {
  const [car] = await tx
    .select({ locationZip: vehicles.locationZip })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId));
  const at = car ? reachablePlace(car.locationZip ?? lotZip) : null;
  if (!at) return null;
  const origins = await tx
    .selectDistinct({ zip: savedSearches.zip })
    .from(savedSearches)
    .where(and(isNotNull(savedSearches.within), isNotNull(savedSearches.zip)));
  const rows = origins.flatMap(({ zip }) => {
    const from = zip === null ? null : reachablePlace(zip);
    return from ? [sql`(${from.zip}::text, ${roadMiles(from, at)}::integer)`] : [];
  });
  return rows.length > 0 ? sql`values ${sql.join(rows, sql`, `)}` : null;
}

/**
 * Matches one just-published car against every saved search, in one statement in
 * the publishing transaction: its certification and minimum grade, every word as the search
 * reads it written (a substring of make, model, trim and year; from 3 characters the start of the
 * VIN, from 5 anywhere in it — search-vehicles.ts `writtenMatch`), and its filters as the search
 * reads them (search-filters.ts: make and model whole in any case; years, prices, miles; within
 * the road miles of its ZIP, the car standing at its location or the lot, `lotZip`). Each new pair
 * is recorded and, when the search's alerts are on, its alert goes to the outbox: to the person
 * who saved the search, or the dealership's main contact.
 */
export async function matchSavedSearches(tx: Transaction, vehicleId: number, lotZip: string) {
  const word = sql`w`;
  const miles = await milesToSearches(tx, vehicleId, lotZip);
  const result = (await tx.execute(sql`
    with v as (
      select id, year, make, model, vin, price, grade, condition, mileage, search_text, lower(vin) as search_vin
      from vehicles where id = ${vehicleId} and status = 'active' and not in_queue
    ),
    matched as (
      insert into saved_search_matches (search_id, vehicle_id)
      select s.id, v.id from saved_searches s cross join v
      where (s.cert = 'all'
          or (s.cert = 'auction' and v.condition = ${AUCTION_CERTIFIED})
          or (s.cert = 'premium' and v.condition <> ${AUCTION_CERTIFIED}))
        and (s.grade is null or v.grade >= s.grade)
        and (s.make is null or lower(v.make) = lower(s.make))
        and (s.model is null or lower(v.model) = lower(s.model))
        and (s.year_min is null or v.year >= s.year_min)
        and (s.year_max is null or v.year <= s.year_max)
        and (s.price_min is null or v.price >= s.price_min)
        and (s.price_max is null or v.price <= s.price_max)
        and (s.max_miles is null or v.mileage <= s.max_miles)
        and (s.within is null or ${
          miles === null
            ? sql`false`
            : sql`exists (select 1 from (${miles}) as d(zip, miles) where d.zip = s.zip and d.miles <= s.within)`
        })
        and not exists (
          select 1 from unnest(s.words) as ${word}
          where not (
            v.search_text like '%' || ${literal(word)} || '%'
            or (length(${word}) >= 3 and v.search_vin like ${literal(word)} || '%')
            or (length(${word}) >= 5 and v.search_vin like '%' || ${literal(word)} || '%')
          )
        )
      on conflict (search_id, vehicle_id) do nothing
      returning search_id
    )
    select m.search_id, s.name, s.dealer_id, s.alerts, u.email as person_email, u.name as person_name,
      v.id as vehicle_id, v.year, v.make, v.model, v.vin, v.price, ${alertDeliveryColumnsSql('s')}
    from matched m
    join saved_searches s on s.id = m.search_id
    left join dealer_users u on u.id = s.dealer_user_id and u.disabled_at is null
    ${alertDeliveryJoinSql('s')}
    cross join v
    order by m.search_id
  `)) as unknown as {
    rows: (VehicleFactsRow &
      AlertDeliveryRow & {
        search_id: number;
        alerts: boolean;
        name: string;
        dealer_id: number;
        person_email: string | null;
        person_name: string | null;
      })[];
  };
  // Instantly, one message per person and car, whichever of their searches matched (the car's key).
  await deliverAlerts(
    tx,
    result.rows
      .filter((row) => row.alerts)
      .map((row) => {
        const vehicle = vehicleFactsOfRow(row);
        return {
          row,
          event: 'saved_search_match' as const,
          vehicleId: vehicle.id,
          message: savedSearchMatchMessage({
            vehicle,
            searchId: Number(row.search_id),
            searchName: row.name,
            personName: row.person_name,
          }),
          entry: {
            kind: 'saved_search' as const,
            id: Number(row.search_id),
            name: row.name,
            vehicle,
            reason: 'published' as const,
          },
        };
      }),
  );
}
