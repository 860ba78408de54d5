import { CLAIM_CASE_TEXT } from './claim-case-texts';

/**
 * The admin's list of sales, its filters, orders and states and the URL state that chooses them
 * (issue #47), apart from the list's schemas (contracts/transactions.ts, which re-exports these)
 * so that the Transactions tab loads no validation library for them.
 */

/** GET /api/transactions?filter=…: the sales that need the admin (issue #18). */
export const TRANSACTION_FILTERS = {
  overdue: 'Overdue payment',
  title_late: 'Title late',
  unwind_requested: 'Unwind requested',
  open_claims: 'Open claims',
  claim_payment_late: CLAIM_CASE_TEXT.refundLate,
} as const;
export type TransactionFilter = keyof typeof TRANSACTION_FILTERS;
/** The Transactions list's orders (issue #47): by sale time, or the sale price highest first. */
export const TRANSACTION_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount: 'Amount, highest first',
} as const;
export type TransactionSort = keyof typeof TRANSACTION_SORTS;
/** Which sales by their state: cancelled ones or the others (open), or the spec's pending/completed. */
export const TRANSACTION_STATES = {
  open: 'Open (not cancelled)',
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;
/** What a page of GET /api/transactions is asked for, but the page itself (cursor, limit). */
export interface TransactionChoices {
  sort?: TransactionSort;
  filter?: TransactionFilter;
  state?: keyof typeof TRANSACTION_STATES;
  dealerId?: number;
  from?: string;
  to?: string;
  owed?: 'true';
  q?: string;
}
/**
 * The Transactions tab's list state as its URL holds it (`/admin?tab=transactions&tx-show=overdue&
 * tx-q=1HG`, each key under TRANSACTION_LIST_PREFIX) and the list's choices it reads as: "show" is
 * every sale, open or cancelled ones, or one of the filters. One answer for the tab and for the
 * server, which preloads the first page the tab will ask for (the keys in this order, so the
 * preloaded URL is the app's).
 */
export const TRANSACTION_LIST_PREFIX = 'tx-';
export const TRANSACTION_LIST_PARAMS = ['show', 'sort', 'q', 'from', 'to', 'owed'] as const;
export function transactionChoicesOf(
  params: Record<(typeof TRANSACTION_LIST_PARAMS)[number], string>,
): TransactionChoices {
  const { show, sort, q, from, to, owed } = params;
  const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
  return {
    sort: Object.hasOwn(TRANSACTION_SORTS, sort) ? (sort as TransactionSort) : 'newest',
    ...(Object.hasOwn(TRANSACTION_FILTERS, show)
      ? { filter: show as TransactionFilter }
      : show === 'open' || show === 'cancelled'
        ? { state: show }
        : {}),
    ...(q ? { q } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    ...(owed === 'true' ? { owed: 'true' as const } : {}),
  };
}
