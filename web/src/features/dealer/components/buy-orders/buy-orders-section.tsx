import {
  BUY_ORDER_STATUS_LABELS,
  BUY_ORDER_TEXT,
  type BuyOrderView,
  buyOrderLimits,
  buyOrderTitle,
} from '@contracts/buy-orders';
import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import { formatUsd } from '@contracts/money';
import { vehiclePath } from '@contracts/routes';
import { Link } from 'wouter';
import { AnchoredItem } from '@/components/ui/anchored-item';
import { Badge, BUY_ORDER_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDay } from '@/lib/display/time-left';
import { useBuyOrdersPage, useUpdateBuyOrder } from '../../api/buy-orders';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { AlertControls, alertChangeToasts } from '../alerts/alert-controls';
import { DashboardPagedSection } from '../dashboard/dashboard-paged-section';
import { NewBuyOrderDialog } from './new-buy-order-dialog';

const anchorOf = (order: BuyOrderView) => dealerItemAnchor('buyOrder', order.id);

/**
 * Dashboard → Buy orders & alerts → Buy orders (docs/design.md §13): the dealership's standing
 * orders, how far each is filled, the cars that matched, and pause / resume / cancel. A viewer reads
 * them. The server pages them (20 a page, newest first, issue #47); an alert's unsubscribe page
 * links to its order (`#buy-order-3`), read by its id and shown first when it is on another page.
 */
export function BuyOrdersSection({ canAct }: { canAct: boolean }) {
  return (
    <DashboardPagedSection
      section={DASHBOARD_SECTIONS.buyOrders}
      item="buyOrder"
      usePage={useBuyOrdersPage}
      actions={canAct ? <NewBuyOrderDialog /> : null}
      listClassName="mt-4 grid gap-3"
    >
      {(order) => <BuyOrderItem key={order.id} order={order} canAct={canAct} />}
    </DashboardPagedSection>
  );
}

function BuyOrderItem({ order, canAct }: { order: BuyOrderView; canAct: boolean }) {
  const update = useUpdateBuyOrder();
  const title = buyOrderTitle(order);
  const change = (status: 'open' | 'paused' | 'cancelled') =>
    // Through the promise (docs/conventions.md habit 6): the mutation settles once the orders are
    // read again, and a cancelled order has left the list by then, with mutate()'s callbacks.
    update.mutateAsync({ id: order.id, body: { status } }).then(
      () =>
        toast({
          title:
            status === 'open'
              ? BUY_ORDER_TEXT.resumed
              : status === 'paused'
                ? BUY_ORDER_TEXT.paused
                : BUY_ORDER_TEXT.cancelled,
          description: `Order #${order.id}: ${title}`,
        }),
      (error: Error) =>
        toast({
          variant: 'destructive',
          title: 'Could not change the buy order',
          description: error.message,
        }),
    );
  const limits = buyOrderLimits(order);
  const active = order.status === 'open' || order.status === 'paused';
  return (
    <AnchoredItem
      anchor={anchorOf(order)}
      className="rounded-xl border border-slate-200 p-4"
      aria-labelledby={`${anchorOf(order)}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${anchorOf(order)}-title`} className="font-semibold text-slate-900">
            <span className="sr-only">Order #{order.id}: </span>
            {title}
          </h3>
          {limits ? <p className="text-sm text-slate-700">{limits}</p> : null}
        </div>
        <Badge tone={BUY_ORDER_STATUS_TONE[order.status]}>{BUY_ORDER_STATUS_LABELS[order.status]}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Bought</dt>
          <dd className="font-medium tabular-nums text-slate-900">
            {order.filled} of {order.quantity}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Needed by</dt>
          <dd className="font-medium text-slate-900">{formatDay(order.neededBy)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Deliver to</dt>
          <dd className="font-medium text-slate-900">ZIP {order.deliveryZip}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Placed by</dt>
          <dd className="font-medium text-slate-900">{order.placedBy ?? 'Your dealership'}</dd>
        </div>
      </dl>
      {order.reconPackage || order.reconNote ? (
        <p className="mt-2 text-sm text-slate-700">
          Reconditioning: {[order.reconPackage, order.reconNote].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {order.matches.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-800">Matches</p>
          <ul className="mt-1 grid gap-1 text-sm">
            {order.matches.map((m) => (
              <li key={m.vehicleId} className="flex flex-wrap justify-between gap-2">
                <Link
                  href={vehiclePath(m.vehicleId)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {m.title}
                </Link>
                <span className="flex items-center gap-2 tabular-nums text-slate-700">
                  {m.bought ? <Badge tone="blue">Bought</Badge> : null}
                  {m.price ? formatUsd(Number(m.price)) : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : active ? (
        <p className="mt-3 text-sm text-slate-600">
          {order.alerts
            ? 'No match yet: we will tell you the moment one is published.'
            : 'No match yet: matches will be listed here.'}
        </p>
      ) : null}
      {active ? (
        <AlertControls
          state={order}
          canAct={canAct}
          pending={update.isPending}
          name={`order #${order.id}`}
          onChange={(body, done) => {
            const toasts = alertChangeToasts(done, `Order #${order.id}: ${title}`);
            update.mutateAsync({ id: order.id, body }).then(toasts.onSuccess, toasts.onError);
          }}
        />
      ) : null}
      {canAct && active ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {order.status === 'open' ? (
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => change('paused')}>
              Pause<span className="sr-only"> order #{order.id}</span>
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => change('open')}>
              Resume<span className="sr-only"> order #{order.id}</span>
            </Button>
          )}
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => change('cancelled')}>
            Cancel order<span className="sr-only"> #{order.id}</span>
          </Button>
        </div>
      ) : null}
    </AnchoredItem>
  );
}
