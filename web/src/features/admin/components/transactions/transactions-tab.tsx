import { TRANSACTION_FILTERS, type TransactionFilter } from '@contracts/transactions';
import { Download, Receipt } from 'lucide-react';
import { useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { Empty } from '@/components/ui/query-states';
import { apiPath } from '@/lib/api/api-client';
import { ADMIN_LABELS, SALE_STEP_LABELS } from '../../admin-texts';
import { useTransactions } from '../../api/get-transactions';
import { DataTable } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { TransactionAging } from './transaction-aging';
import { TransactionRow } from './transaction-row';

/** Cancelled or not is known here; overdue, title late and unwind requested are the server's clocks. */
const FILTERS = {
  all: 'All transactions',
  open: 'Open (not cancelled)',
  ...TRANSACTION_FILTERS,
  cancelled: 'Cancelled',
} as const;
type Filter = keyof typeof FILTERS;
const serverFilter = (filter: Filter) =>
  Object.hasOwn(TRANSACTION_FILTERS, filter) ? (filter as TransactionFilter) : undefined;

/** Manage Transactions (docs/product.md §2), newest first: unpaid by age, filters, the CSV export, each sale. */
export function TransactionsTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const transactions = useTransactions(serverFilter(filter));
  const now = useMemo(() => new Date(), []);
  const list = (transactions.data ?? []).filter((t) =>
    filter === 'cancelled' ? t.cancelled : filter === 'open' ? !t.cancelled : true,
  );
  return (
    <Panel
      title={ADMIN_LABELS.manageTransactions}
      description="Sales past their payment due date are highlighted."
      actions={
        <>
          <SelectField
            label={<span className="sr-only">Show</span>}
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className="w-56"
          >
            <SelectOptions items={FILTERS} />
          </SelectField>
          <a
            href={apiPath('exportTransactions', {})}
            download
            className={buttonClasses('outline', 'md', 'h-11')}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {SALE_STEP_LABELS.exportCsv}
          </a>
        </>
      }
    >
      <TransactionAging />
      <PanelStates
        query={transactions}
        loading="Loading transactions..."
        isEmpty={() => list.length === 0}
        empty={
          <Empty
            icon={Receipt}
            title={filter === 'all' ? 'No transactions yet' : 'No matching transactions'}
            text={filter === 'all' ? 'Sales from Buy Now and accepted offers appear here.' : undefined}
          />
        }
      >
        {() => (
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
            {list.map((t) => (
              <TransactionRow key={t.id} transaction={t} now={now} />
            ))}
          </DataTable>
        )}
      </PanelStates>
    </Panel>
  );
}
