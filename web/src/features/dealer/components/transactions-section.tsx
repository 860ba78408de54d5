import type { DealerTransaction } from '@contracts/buying';
import { vehiclePath } from '@contracts/routes';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { formatMoney } from '@/lib/format';
import { formatDate } from '@/lib/time-left';

const vehicleName = (t: DealerTransaction) =>
  t.vehicle && (t.vehicle.year || t.vehicle.make || t.vehicle.model)
    ? [t.vehicle.year, t.vehicle.make, t.vehicle.model].filter(Boolean).join(' ')
    : `Vehicle #${t.vehicleId}`;

/** Recent transactions: vehicle, date, amount and a status badge, green when completed (spec §2). */
export function TransactionsSection({ transactions }: { transactions: DealerTransaction[] }) {
  return (
    <section
      aria-labelledby="transactions-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="transactions-title" className="text-lg font-semibold text-slate-900">
        Recent transactions
      </h2>
      {transactions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No transactions yet. Vehicles you buy appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {transactions.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <Link href={vehiclePath(t.vehicleId)} className="font-medium text-slate-900 hover:underline">
                  {vehicleName(t)}
                </Link>
                <p className="text-sm text-slate-600">{formatDate(t.createdAt)}</p>
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold text-slate-900">{formatMoney(t.amount)}</span>
                {t.cancelled ? (
                  <Badge tone="red">Cancelled</Badge>
                ) : (
                  <Badge tone={t.status === 'completed' ? 'green' : 'yellow'}>
                    {t.status === 'completed' ? 'Completed' : 'Pending'}
                  </Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
