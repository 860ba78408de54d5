import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { ChevronRight } from 'lucide-react';
import { formatDay, WorkOrderProgress, WorkOrderStatusBadge } from '@/components/recon/work-order-bits';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { vehicleTitle } from '@/lib/vehicle-title';
import { useOpenWorkOrders } from '../api/work-orders';

/** The open work orders, oldest promise first, each one big button. */
export function WorkOrderList({ onOpen }: { onOpen: (id: number) => void }) {
  const orders = useOpenWorkOrders();
  return (
    <section aria-labelledby="recon-open-title" aria-busy={orders.isPending} className="mt-4 grid gap-3">
      <h2 id="recon-open-title" className="sr-only">
        Open work orders
      </h2>
      <p className="text-slate-700">{WORK_ORDER_TEXT.staffIntro}</p>
      {orders.isPending ? (
        <div className="h-28 animate-pulse rounded-xl bg-slate-100">
          <span className="sr-only">Loading work orders…</span>
        </div>
      ) : orders.isError ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          <p>
            {WORK_ORDER_TEXT.loadFailed} {orders.error.message}
          </p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void orders.refetch()}>
            {WORK_ORDER_TEXT.retry}
          </Button>
        </div>
      ) : orders.data.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          {WORK_ORDER_TEXT.staffEmpty}
        </p>
      ) : (
        <ul className="grid gap-3">
          {orders.data.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                onClick={() => onOpen(order.id)}
                className="grid w-full gap-2 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block font-semibold break-words text-slate-900">
                      {vehicleTitle(order.vehicle)}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {order.packageName} · {order.dealerName}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-slate-400" />
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  <WorkOrderStatusBadge status={order.status} />
                  <span className={cn(order.overdue ? 'font-semibold text-red-700' : 'text-slate-600')}>
                    {order.overdue ? WORK_ORDER_TEXT.overdue : WORK_ORDER_TEXT.promised}{' '}
                    {formatDay(order.promisedOn)}
                  </span>
                </span>
                <WorkOrderProgress
                  done={order.done}
                  total={order.total}
                  label={`Progress of ${vehicleTitle(order.vehicle)}`}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
