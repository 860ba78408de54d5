import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { ChevronRight } from 'lucide-react';
import { formatDay, WorkOrderProgress, WorkOrderStatusBadge } from '@/components/recon/work-order-bits';
import { QueryStates } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { vehicleTitle } from '@/lib/display/vehicle-title';
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
      <QueryStates
        query={orders}
        loading="Loading work orders…"
        failed={WORK_ORDER_TEXT.loadFailed}
        retry={WORK_ORDER_TEXT.retry}
        empty={WORK_ORDER_TEXT.staffEmpty}
        placeholderClassName="h-28"
        spacing=""
      >
        {(list) => (
          <ul className="grid gap-3">
            {list.map((order) => (
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
      </QueryStates>
    </section>
  );
}
