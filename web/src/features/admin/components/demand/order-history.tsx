import {
  type BuyOrderHistory,
  type MatchAlert,
  type OrderMatch,
  BUY_ORDER_HISTORY_TEXT as TEXT,
} from '@contracts/buy-order-history';
import { formatAmount, formatUsd } from '@contracts/money';
import { NOTIFICATION_STATUS_LABELS } from '@contracts/notifications';
import { Badge, type BadgeTone, NOTIFICATION_STATUS_TONE } from '@/components/ui/badge';
import { Loading } from '@/components/ui/placeholders';
import { LoadFailed } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/display/time-left';
import { ADMIN_LABELS } from '../../admin-texts';
import { useBuyOrderHistory } from '../../api/get-buy-order-history';

const money = (amount: string | null) => (amount === null ? '' : formatAmount(amount));

const OUTCOME_TONE: Record<OrderMatch['outcome']['kind'], BadgeTone> = {
  bought: 'green',
  sold: 'gray',
  available: 'blue',
  withdrawn: 'gray',
};

function outcomeText({ kind, amount, buyer }: OrderMatch['outcome']) {
  if (kind === 'bought') return TEXT.bought(money(amount));
  if (kind === 'sold') return buyer && amount ? TEXT.soldTo(buyer, money(amount)) : 'Sold';
  return kind === 'available' ? TEXT.available : TEXT.withdrawn;
}

/** One order's matches as a timeline: when and why each car matched, its alert, hold and outcome. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const history = useBuyOrderHistory(orderId, true);
  if (history.isPending) return <Loading label={TEXT.loading} rows={0} className="mt-2" />;
  if (history.isError) return <LoadFailed read={history} failed={ADMIN_LABELS.listFailed} />;
  if (!history.data) return null;
  const order = history.data;
  if (order.matches.length === 0) return <p className="mt-2 text-sm text-slate-600">{TEXT.empty}</p>;
  return (
    <ol
      aria-label={`History of order #${orderId}`}
      className="mt-2 grid gap-2 border-l-2 border-slate-200 pl-3"
    >
      {order.matches.map((match) => (
        <MatchItem key={match.vehicleId} match={match} order={order} />
      ))}
    </ol>
  );
}

function MatchItem({ match, order }: { match: OrderMatch; order: BuyOrderHistory }) {
  return (
    <li className="grid gap-1 border-b border-slate-100 pb-2 text-sm last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-slate-900">
          {match.title}
          {match.price ? (
            <span className="font-normal text-slate-600"> · {formatUsd(Number(match.price))}</span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          {TEXT.matched[match.reason]}, {formatDateTime(match.matchedAt)}
        </p>
      </div>
      {match.vin ? <p className="break-all text-xs text-slate-500">VIN {match.vin}</p> : null}
      {match.firstLookUntil ? (
        <p className="text-slate-700">{TEXT.firstLook(formatDateTime(match.firstLookUntil))}</p>
      ) : null}
      {match.alerts.length === 0 ? (
        <p className="text-slate-600">{order.alerts ? TEXT.noAlert : TEXT.alertsOff}</p>
      ) : (
        <ul className="grid gap-1">
          {match.alerts.map((alert) => (
            <AlertLine key={`${alert.channel}:${alert.recipient}`} alert={alert} orderId={order.id} />
          ))}
        </ul>
      )}
      <p>
        <Badge tone={OUTCOME_TONE[match.outcome.kind]}>{outcomeText(match.outcome)}</Badge>
        {match.outcome.soldAt ? (
          <span className="ml-2 text-xs text-slate-600">{formatDateTime(match.outcome.soldAt)}</span>
        ) : null}
      </p>
    </li>
  );
}

function AlertLine({ alert, orderId }: { alert: MatchAlert; orderId: number }) {
  const when = alert.sentAt ?? alert.createdAt;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
      <span className="min-w-0 break-all">
        {alert.channel === 'sms' ? 'Text' : 'E-mail'} to {alert.recipient}
      </span>
      <Badge tone={NOTIFICATION_STATUS_TONE[alert.status]}>{NOTIFICATION_STATUS_LABELS[alert.status]}</Badge>
      <span className="text-xs text-slate-600">{formatDateTime(when)}</span>
      {alert.orderId !== null && alert.orderId !== orderId ? (
        <span className="text-xs text-slate-600">{TEXT.alertFor(alert.orderId)}</span>
      ) : null}
    </li>
  );
}
