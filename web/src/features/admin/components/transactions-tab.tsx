import { Receipt } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ADMIN_LABELS } from '../admin-texts';
import { useTransactions } from '../api/get-transactions';
import { businessDaysSince, PAYMENT_TERM_BUSINESS_DAYS } from '../business-days';
import { DataTable } from './data-table';
import { SelectField } from './fields';
import { EmptyState, LoadError, LoadingRows, Panel } from './panel-states';
import { TransactionRow } from './transaction-row';

const FILTERS = {
  all: 'All transactions',
  open: 'Open (not cancelled)',
  overdue: 'Unpaid past terms',
  cancelled: 'Cancelled',
} as const;
type Filter = keyof typeof FILTERS;

/** Manage Transactions (spec §2), newest first, with an unpaid-past-terms highlight. */
export function TransactionsTab() {
  const transactions = useTransactions();
  const [filter, setFilter] = useState<Filter>('all');
  const now = useMemo(() => new Date(), []);
  const list = (transactions.data ?? []).filter((t) =>
    filter === 'all'
      ? true
      : filter === 'cancelled'
        ? t.cancelled
        : filter === 'open'
          ? !t.cancelled
          : !t.cancelled && !t.isPaid && businessDaysSince(t.createdAt, now) > PAYMENT_TERM_BUSINESS_DAYS,
  );
  return (
    <Panel
      title={ADMIN_LABELS.manageTransactions}
      description={`Sales unpaid for more than ${PAYMENT_TERM_BUSINESS_DAYS} business days are highlighted.`}
      actions={
        <SelectField
          label={<span className="sr-only">Show</span>}
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          className="w-56"
        >
          {Object.entries(FILTERS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </SelectField>
      }
    >
      {transactions.isPending ? (
        <LoadingRows label="Loading transactions..." />
      ) : transactions.isError ? (
        <LoadError error={transactions.error} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={filter === 'all' ? 'No transactions yet' : 'No matching transactions'}
          text={filter === 'all' ? 'Sales from Buy Now and accepted offers appear here.' : undefined}
        />
      ) : (
        <DataTable
          label="Transactions"
          columns={['Sold', 'Vehicle', 'Dealer', 'Amount', 'Status', 'Paid', 'Bill of sale', 'Actions']}
        >
          {list.map((t) => (
            <TransactionRow key={t.id} transaction={t} now={now} />
          ))}
        </DataTable>
      )}
    </Panel>
  );
}
