import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The facts (docs/design.md §16): `sale_facts`, a table refreshed in parts from the view
 * `sale_facts_rows` (migration 0038), and the materialized views `offer_facts` and `vehicle_facts`
 * (migration 0021), each refreshed in one statement (a few thousand small rows: tens of ms).
 */
const FACT_VIEWS = ['offer_facts', 'vehicle_facts'] as const;
const FACT_TABLES = ['sale_facts', ...FACT_VIEWS] as const;
/**
 * Sales per part of a refresh of the sale facts (a range of transaction ids, one transaction): on
 * PGlite a statement holds the one connection, and the whole of the demo's 3,000 sales in one
 * statement held every request for 0.7 s (issue #47); a part of 500 takes a tenth of that.
 */
export const SALE_FACTS_PART = 500;

/**
 * What a long background pass does between two of its statements: a pause of a few milliseconds, so
 * that requests waiting meanwhile — each a few statements of its own, a macrotask or more apart — are
 * answered before the next part (PGlite runs in the server's thread: a chain of statements awaited one
 * after another never lets a timer or a socket in).
 */
export const REQUEST_GAP_MS = 20;
export const letRequestsThrough = () => new Promise<void>((resolve) => setTimeout(resolve, REQUEST_GAP_MS));

/** How a refresh or refit runs: the size of its parts, and what it does between two. */
export interface InParts {
  /** Sales per part (SALE_FACTS_PART by default; Infinity: the whole in one). */
  part?: number;
  /** Between two statements (nothing by default; the jobs pass letRequestsThrough). */
  pause?: () => Promise<void>;
}

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
 * Refreshes the sale, offer and vehicle facts (docs/design.md §16) from the tables without blocking
 * readers on PostgreSQL (the sale facts a range of ids per transaction, the views CONCURRENTLY: each
 * has a unique index), analyzes them, and records when, with the watermark it saw. In parts, with
 * `pause` between two statements: readers meanwhile see each range either as it was or as it is now.
 */
export async function refreshInsightFacts(
  db: Executor,
  { part = SALE_FACTS_PART, pause = async () => {} }: InParts = {},
): Promise<{ refreshedAt: string }> {
  const watermark = await watermarkOf(db);
  await refreshSaleFacts(db, part, pause);
  for (const view of FACT_VIEWS) {
    await pause();
    await db.execute(sql.raw(`refresh materialized view concurrently "${view}"`));
  }
  // Fresh statistics for the planner: a refit planned on the statistics of an emptier view chose
  // nested loops over 20,000 sales (167 s; 1.9 s once analyzed). Autovacuum would come later.
  for (const table of FACT_TABLES) {
    await pause();
    await db.execute(sql.raw(`analyze "${table}"`));
  }
  const state: FactsState = { refreshedAt: new Date().toISOString(), watermark };
  await db.execute(
    sql`insert into app_settings (key, value, updated_at) values (${STATE_KEY}, ${JSON.stringify(state)}, now())
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
  return { refreshedAt: state.refreshedAt };
}

/**
 * The sale facts, `part` sales at a time: each range of ids (the next `part` ids in the ledger or in
 * the facts, so that gaps between ids make no empty parts) has its rows deleted and read again from
 * `sale_facts_rows` in one transaction; a sale gone from the ledger leaves the facts too.
 */
async function refreshSaleFacts(db: Executor, part: number, pause: () => Promise<void>) {
  const limit = Number.isFinite(part) ? sql`${Math.max(1, Math.floor(part))}::int` : sql`all`;
  let from = 0;
  for (;;) {
    const [range] = await rowsOf<{ upto: number | null }>(
      db,
      sql`select max(id) as upto from (
            select id from (
              select id from transactions where id >= ${from}
              union select transaction_id from sale_facts where transaction_id >= ${from}
            ) ids order by id limit ${limit}
          ) part`,
    );
    if (!range || range.upto === null) return;
    const [low, high] = [from, Number(range.upto)];
    if (low > 0) await pause();
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from sale_facts where transaction_id between ${low} and ${high}`);
      await tx.execute(
        sql`insert into sale_facts select * from sale_facts_rows where transaction_id between ${low} and ${high}`,
      );
    });
    from = high + 1;
  }
}

/** Facts a day old are refreshed whatever the watermark says (nightly). */
const REFRESH_AT_LEAST_EVERY_MS = 24 * 3_600_000;

/** Refreshes the facts when something changed since the last refresh, or nightly; says whether it did. */
export async function refreshInsightFactsIfChanged(
  db: Executor,
  now = new Date(),
  parts: InParts = {},
): Promise<boolean> {
  const [state, watermark] = await Promise.all([readState(db), watermarkOf(db)]);
  const fresh = state && now.getTime() - Date.parse(state.refreshedAt) < REFRESH_AT_LEAST_EVERY_MS;
  if (fresh && state.watermark === watermark) return false;
  await refreshInsightFacts(db, parts);
  return true;
}

/** The sales part of a watermark: the newest sale and sale event (cancellations, claims). */
const salesPart = (watermark: string) => watermark.split('|').slice(0, 2).join('|');

/**
 * Refreshes the facts when a sale or a sale event was recorded since the last refresh (the guide
 * job, every minute; cheap otherwise: a few index reads); says whether it did. Other changes (offers,
 * cars) wait for refreshInsightFactsIfChanged.
 */
export async function refreshInsightFactsIfSold(db: Executor, parts: InParts = {}): Promise<boolean> {
  const [state, watermark] = await Promise.all([readState(db), watermarkOf(db)]);
  if (state && salesPart(state.watermark) === salesPart(watermark)) return false;
  await refreshInsightFacts(db, parts);
  return true;
}

/** When the facts were last refreshed (the migration's first fill counts as never). */
export async function factsRefreshedAt(db: Executor): Promise<string | null> {
  return (await readState(db))?.refreshedAt ?? null;
}
