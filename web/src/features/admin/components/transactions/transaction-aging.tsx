import { Bones } from '@/components/ui/placeholders';
import { formatAmount } from '@/lib/display/sale-state';
import { SALE_STEP_LABELS } from '../../admin-texts';
import { useTransactionAging } from '../../api/get-transaction-aging';

const sales = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

/**
 * Unpaid, not cancelled sales by days since the sale (GET /api/transactions/aging): count and dollars.
 * Its loading cards are as tall as the answered ones (no layout shift, issue #47).
 */
export function TransactionAging() {
  const aging = useTransactionAging();
  return (
    <section aria-labelledby="aging-title" className="mb-4 grid gap-2" aria-busy={aging.isPending}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="aging-title" className="text-sm font-semibold text-slate-900">
          {SALE_STEP_LABELS.aging}
        </h3>
        {aging.data ? (
          <p className="text-sm text-slate-700">
            Total: {sales(aging.data.total.count)}, {formatAmount(aging.data.total.amount)}
          </p>
        ) : null}
      </div>
      {aging.isError ? (
        <p role="alert" className="text-sm text-red-800">
          Could not load the aging summary: {aging.error.message}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="transaction-aging">
          {(aging.data?.buckets ?? []).map((bucket) => (
            <li key={bucket.label} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              <span className="block text-xs font-medium text-slate-600">{bucket.label}</span>
              <span className="block text-lg font-bold tabular-nums text-slate-900">
                {formatAmount(bucket.amount)}
              </span>
              <span className="block text-xs text-slate-700">{sales(bucket.count)}</span>
            </li>
          ))}
          {aging.isPending ? (
            <Bones
              as="li"
              shapes={[
                'h-[4.875rem] rounded-lg bg-slate-100',
                'h-[4.875rem] rounded-lg bg-slate-100',
                'h-[4.875rem] rounded-lg bg-slate-100',
                'h-[4.875rem] rounded-lg bg-slate-100',
              ]}
            />
          ) : null}
        </ul>
      )}
    </section>
  );
}
