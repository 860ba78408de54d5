import type { PageQuery } from '@contracts/paging';
import {
  type AdminTransaction,
  TRANSACTION_FILTERS,
  type TransactionFilter,
  type TransactionSort,
  type TransactionsPage,
  type transactionsQuerySchema,
} from '@contracts/transactions';
import { and, eq, exists, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { dealers, transactionEvents, transactions, vehicles } from '../../db/schema';
import {
  countAll,
  type KeysetOrder,
  type KeysetRead,
  keptPage,
  keysetBatches,
  keysetPage,
} from '../../lib/keyset-page';
import { withinDays } from '../../lib/list-choices';
import { vinDealerOrNumber } from '../../lib/list-search';
import { agingOf, inFilter, owes } from './sale-reports';
import { readTransactionViews } from './transaction-views';

/**
 * The admin's Transactions list paged by the server (issue #47, docs/features/admin-lists.md):
 * the plain choices (state, dealer, sale days, search) are SQL; what is a sale's derived state — the
 * filters (overdue, title late, unwind requested, open claims, claim refund late) and "amount owed" — is decided by
 * the one fold (sale-state.ts) on the rows a SQL narrowing lets through, a batch at a time.
 */
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;
type ListChoices = Omit<TransactionsQuery, keyof PageQuery | 'sort'>;

/** The sales lists' orders: the admin's Transactions and the dealer's Purchases (find-dealer-portal.ts). */
export const TRANSACTION_ORDERS: Record<TransactionSort, KeysetOrder> = {
  newest: {
    name: 'newest',
    key: transactions.createdAt,
    kind: 'timestamp',
    id: transactions.id,
    direction: 'desc',
  },
  oldest: {
    name: 'oldest',
    key: transactions.createdAt,
    kind: 'timestamp',
    id: transactions.id,
    direction: 'asc',
  },
  amount: {
    name: 'amount',
    key: transactions.amount,
    kind: 'numeric',
    id: transactions.id,
    direction: 'desc',
  },
};

export const hasStep = (...types: string[]) =>
  exists(
    sql`(select 1 from ${transactionEvents} where ${transactionEvents.transactionId} = ${transactions.id} and ${inArray(transactionEvents.type, types)})`,
  );
/**
 * Not paid in full: the stored flag is the ledger's answer — every sale step writes it (sale-events.ts),
 * a delivery ordered or cancelled too (syncPaidFlag), and older rows were reconciled once
 * (paid-flags.ts) — so it narrows to the few sales that owe; the fold still decides (`owes`).
 */
const mayOwe = not(transactions.isPaid);

/** The plain choices as SQL over transactions joined with vehicles and dealers (owed: a narrowing only). */
function choicesWhere({ state, dealerId, from, to, owed, q }: ListChoices): SQL | undefined {
  return and(
    state === 'cancelled' ? transactions.cancelled : state ? not(transactions.cancelled) : undefined,
    state === 'pending' || state === 'completed' ? eq(transactions.status, state) : undefined,
    dealerId ? eq(transactions.dealerId, dealerId) : undefined,
    ...withinDays(transactions.createdAt, from, to),
    // May owe: the fold decides (`owes`); the paid flag alone misses a charge made after payment.
    owed ? and(not(transactions.cancelled), mayOwe) : undefined,
    vinDealerOrNumber(q, [transactions.id, transactions.vehicleId]),
  );
}

const term = (name: string) => sql`(${transactions.terms}->>${name})::int`;
/** Older than `days` calendar days less one (business days are never fewer; a day of margin for the zone). */
const olderThan = (days: SQL) =>
  sql`${transactions.createdAt} < now() - make_interval(days => greatest(${days} - 1, 0))`;

/** The sales with a claim no answer names (a narrowing; the fold decides), read from the claims' steps. */
const openClaimSales = sql`select c.transaction_id from ${transactionEvents} c where c.type = 'claim_opened'
    and not exists (select 1 from ${transactionEvents} a
    where a.transaction_id = c.transaction_id and a.type = 'claim_answered' and a.data->>'claimId' = c.id::text)`;
/** A claim no answer names: the open-claims filter's narrowing and "Needs you"'s. */
export const mayHaveOpenClaim = sql`${transactions.id} in (${openClaimSales})`;

/**
 * Sales that can be in a filter, as a set of sale ids: a necessary condition only, so the fold
 * decides on few rows (an overdue sale is unpaid and past its payment days, a late title was never
 * sent, …). It never decides alone: every row it lets through is checked by `inFilter`. Each set is
 * read by its own index (the unpaid and the title-due sales, the steps of a kind), and the sets
 * are joined by `union all`: an `or` of them would read every sale (bench:admin, docs/benchmarks.md).
 */
const openSales = (condition: SQL) =>
  sql`select ${transactions.id} from ${transactions} where not ${transactions.cancelled} and ${condition}`;
const MAYBE: Record<TransactionFilter, SQL> = {
  overdue: openSales(and(mayOwe, olderThan(term('paymentDays')))!),
  title_late: openSales(
    and(
      not(transactions.titleSent),
      olderThan(sql`least(${term('titleDaysWithDeal')}, ${term('titleDaysAbsent')})`),
    )!,
  ),
  // A request no decline followed; a claim no answer names.
  unwind_requested: sql`select r.transaction_id from ${transactionEvents} r where r.type = 'unwind_requested'
    and not exists (select 1 from ${transactionEvents} d
    where d.transaction_id = r.transaction_id and d.type = 'unwind_declined' and d.id > r.id)`,
  open_claims: openClaimSales,
  // Flagged by the claim-deadlines job (claim-payments.ts); the fold decides whether still unpaid.
  claim_payment_late: sql`select l.transaction_id from ${transactionEvents} l where l.type = 'claim_payment_late'`,
};
/** Filters a cancelled sale can be in: a buyback cancels its sale and its refund can be late. */
const ALSO_CANCELLED: readonly TransactionFilter[] = ['claim_payment_late'];
const idIn = (filters: readonly TransactionFilter[]) =>
  filters.length
    ? sql`${transactions.id} in (${sql.join(
        filters.map((f) => MAYBE[f]),
        sql` union all `,
      )})`
    : undefined;
const maybeIn = (filters: readonly TransactionFilter[]) => {
  const live = filters.filter((f) => !ALSO_CANCELLED.includes(f));
  const any = filters.filter((f) => ALSO_CANCELLED.includes(f));
  return or(live.length ? and(not(transactions.cancelled), idIn(live)) : undefined, idIn(any));
};

const FILTERS = Object.keys(TRANSACTION_FILTERS) as TransactionFilter[];
/** How many rows the fold reads at a time while it looks for a filter's sales. */
const BATCH = 200;

/** Sales as the list reads them (views for these rows only), for keysetBatches and keptPage. */
const readViews = (db: Executor) => (part: KeysetRead) => readTransactionViews(db, part, part.cursorKey);

/**
 * Sales under `where` in `order`, after `cursor`, a batch at a time, with their views: for the
 * filters' counts, the aging summary and the CSV export (every row, in constant memory).
 */
export const transactionBatches = (
  db: Executor,
  order: KeysetOrder,
  where: SQL | undefined,
  cursor?: string,
) => keysetBatches(order, where, readViews(db), cursor, BATCH);

/**
 * How many sales the plain choices hold. Only the search reads the car and the dealer; without it
 * the sales are counted alone (each sale has exactly one of each: the join cannot change the count).
 */
const countOf = (db: Executor, where: SQL | undefined, searched: boolean) => {
  const sales = db.select({ count: countAll }).from(transactions);
  return (
    searched
      ? sales
          .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
          .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
      : sales
  ).where(where);
};

/**
 * How many sales each derived filter holds under the plain choices, and — with "amount owed" — how
 * many owe: the fold over the narrowed rows, in one pass. Owed narrows to the sales that may owe, so
 * every filter is counted among those rows; otherwise the filters' narrowing is read.
 */
async function foldCounts(db: Executor, where: SQL | undefined, owed: boolean) {
  const counts = Object.fromEntries(FILTERS.map((f) => [f, 0])) as Record<TransactionFilter, number>;
  let owing = 0;
  for await (const rows of transactionBatches(
    db,
    TRANSACTION_ORDERS.newest,
    owed ? where : and(where, maybeIn(FILTERS)),
  ))
    for (const { view } of rows) {
      if (owed && !owes(view)) continue;
      owing++;
      for (const f of FILTERS) if (inFilter(view, f)) counts[f]++;
    }
  return { counts, owing };
}

/** What the fold decides of a sale under the list's choices: owed and the filter, if chosen. */
const keeps =
  ({ owed, filter }: Pick<TransactionsQuery, 'owed' | 'filter'>) =>
  (view: AdminTransaction) =>
    (!owed || owes(view)) && (!filter || inFilter(view, filter));

/** One page of the Transactions list, its total and the filters' counts (GET /api/transactions). */
export async function transactionsPage(db: Executor, query: TransactionsQuery): Promise<TransactionsPage> {
  const order = TRANSACTION_ORDERS[query.sort];
  // A bad cursor is refused before anything is read.
  const page = keysetPage(order, query);
  const where = choicesWhere(query);
  const { counts, owing } = await foldCounts(db, where, !!query.owed);
  const { filter } = query;
  if (!filter && !query.owed) {
    const { items, nextCursor } = await page.read(where, readViews(db));
    const [{ count } = { count: 0 }] = await countOf(db, where, !!query.q);
    return { items: items.map((r) => r.view), nextCursor, total: count, counts };
  }
  // A derived choice: narrowed rows read until one more than the page is kept by the fold.
  const keep = keeps(query);
  const narrowed = and(where, filter ? maybeIn([filter]) : undefined);
  const { items, nextCursor } = await keptPage(order, query, narrowed, readViews(db), (r) => keep(r.view));
  // Owed without a filter: the sales that owe, counted in the same pass as the filters.
  const total = filter ? counts[filter] : owing;
  return { items: items.map((r) => r.view), nextCursor, total, counts };
}

/** The unpaid-by-age summary (GET /api/transactions/aging): the fold over the open sales that may owe. */
export const transactionsAging = (db: Executor) =>
  agingOf(
    viewsOf(transactionBatches(db, TRANSACTION_ORDERS.newest, and(not(transactions.cancelled), mayOwe))),
  );

async function* viewsOf(batches: AsyncIterable<{ view: AdminTransaction }[]>) {
  for await (const rows of batches) yield rows.map((r) => r.view);
}

/** Every sale the list's choices hold, in its order, a batch at a time (the CSV export). */
export async function* transactionsToExport(db: Executor, query: Omit<TransactionsQuery, keyof PageQuery>) {
  const { filter } = query;
  const where = and(choicesWhere(query), filter ? maybeIn([filter]) : undefined);
  const keep = keeps(query);
  for await (const views of viewsOf(transactionBatches(db, TRANSACTION_ORDERS[query.sort], where)))
    yield views.filter(keep);
}
