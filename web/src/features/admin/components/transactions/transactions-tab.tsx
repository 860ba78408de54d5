import { formatCount } from '@contracts/number-format';
import {
  TRANSACTION_FILTERS,
  TRANSACTION_LIST_PARAMS,
  TRANSACTION_LIST_PREFIX,
  TRANSACTION_SORTS,
  TRANSACTION_STATES,
  type TransactionFilter,
  transactionChoicesOf,
} from '@contracts/transaction-list';
import type { TransactionsPage } from '@contracts/transactions';
import { Download, Receipt } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Loading } from '@/components/ui/placeholders';
import { Empty } from '@/components/ui/query-states';
import { apiPath } from '@/lib/api/api-client';
import { PANEL_HEADS, SALE_STEP_LABELS } from '../../admin-texts';
import { useTransactions } from '../../api/get-transactions';
import { DataTable } from '../common/data-table';
import { ListChoices } from '../common/list-choices';
import { Panel, PanelStates } from '../common/panel';
import { TransactionAging } from './transaction-aging';
import { TransactionRow } from './transaction-row';

/** "Show": every sale, open or cancelled ones (the sale's state), or one of the server's filters. */
const SHOW = {
  all: 'All transactions',
  open: TRANSACTION_STATES.open,
  ...TRANSACTION_FILTERS,
  cancelled: TRANSACTION_STATES.cancelled,
} as const;

/**
 * Manage Transactions (docs/product.md §2, docs/features/admin-lists.md): unpaid by age, then the
 * sales a page at a time, filtered, searched and sorted by the server; the CSV export takes the
 * same choices.
 */
export function TransactionsTab() {
  const [params, setParams] = useListParams(TRANSACTION_LIST_PREFIX, TRANSACTION_LIST_PARAMS);
  const { show: shown, sort, q, from, to, owed } = params;
  const choices = useMemo(
    () => transactionChoicesOf({ show: shown, sort, q, from, to, owed }),
    [shown, sort, q, from, to, owed],
  );
  const show = choices.filter ?? choices.state ?? 'all';
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const transactions = useTransactions({ ...choices, cursor: paging.cursor, limit: paging.limit });
  const page = transactions.data;
  const counts = page?.counts;
  const now = useMemo(() => new Date(), []);
  const chosen = show !== 'all' || choices.q || choices.from || choices.to || choices.owed;
  return (
    <Panel
      title={PANEL_HEADS.transactions.title}
      description={PANEL_HEADS.transactions.description}
      actions={
        <a
          href={apiPath('exportTransactions', {}, choices as Record<string, string | undefined>)}
          download
          className={buttonClasses('outline', 'md', 'h-11')}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {SALE_STEP_LABELS.exportCsv}
        </a>
      }
    >
      <TransactionAging />
      <div className="mb-4">
        <ListChoices
          values={params}
          set={setParams}
          shows={SHOW}
          sorts={TRANSACTION_SORTS}
          days={['Sale dates', 'Sold from', 'Sold until']}
        >
          <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={choices.owed === 'true'}
              onChange={(e) => setParams({ owed: e.target.checked ? 'true' : '' })}
            />
            Amount owed only
          </label>
        </ListChoices>
      </div>
      {/* The filters are there from the first paint, their counts once the page answers: nothing
          below them moves when it does (layout shift, issue #47). */}
      <ul aria-label="Sales that need you" className="mb-3 flex flex-wrap gap-2" aria-busy={!counts}>
        {Object.entries(TRANSACTION_FILTERS).map(([key, label]) => (
          <li key={key}>
            <button
              type="button"
              aria-pressed={show === key}
              onClick={() => setParams({ show: show === key ? '' : key })}
              className={buttonClasses(show === key ? 'primary' : 'outline', 'sm', 'min-h-11 tabular-nums')}
            >
              {label}: {counts ? formatCount(counts[key as TransactionFilter]) : '…'}
            </button>
          </li>
        ))}
      </ul>
      <p className="mb-2 min-h-5 text-sm text-slate-700" aria-live="polite">
        {page ? (page.total === 1 ? '1 sale' : `${formatCount(page.total)} sales`) : null}
      </p>
      <PanelStates
        query={transactions}
        loading={LOADING}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty
            icon={Receipt}
            title={chosen ? 'No matching transactions' : 'No transactions yet'}
            text={chosen ? undefined : 'Sales from Buy Now and accepted offers appear here.'}
          />
        }
      >
        {(data) => <SalesPage page={data} now={now} paging={paging} />}
      </PanelStates>
    </Panel>
  );
}

const LOADING = 'Loading transactions...';

/**
 * A page of sales, drawn in a render React may pause (`useDeferredValue`): drawn in the one the
 * list's answer sets off (a query's answer renders at once, in one piece), its 25 rows were a
 * 0.6–0.8 s task on a slow phone (issue #47). Until they are drawn the loading rows stay, and while
 * the next page's are drawn, this page's.
 */
function SalesPage({
  page,
  now,
  paging,
}: {
  page: TransactionsPage;
  now: Date;
  paging: ReturnType<typeof useServerPaged<HTMLDivElement>>;
}) {
  const data = useDeferredValue(page, null);
  // The same loading rows, not announced a second time.
  if (!data)
    return (
      <div aria-hidden="true">
        <Loading label={LOADING} rows={3} />
      </div>
    );
  return (
    <div ref={paging.listRef}>
      <DataTable
        label="Transactions"
        columns={[
          'Sold',
          'Vehicle',
          'Dealer',
          'Amount',
          'Status',
          'Payment',
          'Title & pickup',
          'Bill of sale',
          'Actions',
        ]}
      >
        {data.items.map((t) => (
          <TransactionRow key={t.id} transaction={t} now={now} />
        ))}
      </DataTable>
      <Pager label="Transactions" {...paging.pagerOf(data)} />
    </div>
  );
}
