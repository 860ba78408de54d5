import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The materialized views of migration 0021, refreshed together. */
const FACT_VIEWS = ['sale_facts', 'offer_facts', 'vehicle_facts'] as const;
const STATE_KEY = 'insight_facts';

interface FactsState {
  refreshedAt: string;
  watermark: string;
}

/**
 * What the facts are made of, in one line: the newest sale, sale event, offer step and change to a
 * car or an offer. When it differs from the one stored at the last refresh, the facts are stale.
 */
async function watermarkOf(db: Executor): Promise<string> {
  const [row] = await rowsOf<{ mark: string }>(
    db,
    // concat (not concat_ws, which drops nulls): each part keeps its place, the sales first.
    sql`select concat(
      (select max(id) from transactions), '|', (select max(id) from transaction_events), '|',
      (select max(id) from offer_activities), '|', (select max(updated_at) from offers), '|',
      (select max(updated_at) from vehicles), '|', (select count(*) from vehicles)) as mark`,
  );
  return row?.mark ?? '';
}

async function readState(db: Executor): Promise<FactsState | null> {
  const [row] = await rowsOf<{ value: string }>(
    db,
    sql`select value from app_settings where key = ${STATE_KEY}`,
  );
  return row ? (JSON.parse(row.value) as FactsState) : null;
}

/**
 * Refreshes the sale, offer and vehicle facts (docs/design.md §16) from the tables (without blocking
 * readers on PostgreSQL: CONCURRENTLY, each view has a unique index), analyzes them, and records
 * when, with the watermark it saw.
 */
export async function refreshInsightFacts(db: Executor): Promise<{ refreshedAt: string }> {
  const watermark = await watermarkOf(db);
  for (const view of FACT_VIEWS)
    await db.execute(sql.raw(`refresh materialized view concurrently "${view}"`));
  // Fresh statistics for the planner: a refit planned on the statistics of an emptier view chose
  // nested loops over 20,000 sales (167 s; 1.9 s once analyzed). Autovacuum would come later.
  await db.execute(sql.raw(`analyze ${FACT_VIEWS.map((view) => `"${view}"`).join(', ')}`));
  const state: FactsState = { refreshedAt: new Date().toISOString(), watermark };
  await db.execute(
    sql`insert into app_settings (key, value, updated_at) values (${STATE_KEY}, ${JSON.stringify(state)}, now())
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
  return { refreshedAt: state.refreshedAt };
}

/** Facts a day old are refreshed whatever the watermark says (nightly). */
const REFRESH_AT_LEAST_EVERY_MS = 24 * 3_600_000;

/** Refreshes the facts when something changed since the last refresh, or nightly; says whether it did. */
export async function refreshInsightFactsIfChanged(db: Executor, now = new Date()): Promise<boolean> {
  const [state, watermark] = await Promise.all([readState(db), watermarkOf(db)]);
  const fresh = state && now.getTime() - Date.parse(state.refreshedAt) < REFRESH_AT_LEAST_EVERY_MS;
  if (fresh && state.watermark === watermark) return false;
  await refreshInsightFacts(db);
  return true;
}

/** The sales part of a watermark: the newest sale and sale event (cancellations, claims). */
const salesPart = (watermark: string) => watermark.split('|').slice(0, 2).join('|');

/**
 * Refreshes the facts when a sale or a sale event was recorded since the last refresh (the guide
 * job, every minute; cheap otherwise: a few index reads); says whether it did. Other changes (offers,
 * cars) wait for refreshInsightFactsIfChanged.
 */
export async function refreshInsightFactsIfSold(db: Executor): Promise<boolean> {
  const [state, watermark] = await Promise.all([readState(db), watermarkOf(db)]);
  if (state && salesPart(state.watermark) === salesPart(watermark)) return false;
  await refreshInsightFacts(db);
  return true;
}

/** When the facts were last refreshed (the migration's first fill counts as never). */
export async function factsRefreshedAt(db: Executor): Promise<string | null> {
  return (await readState(db))?.refreshedAt ?? null;
}
