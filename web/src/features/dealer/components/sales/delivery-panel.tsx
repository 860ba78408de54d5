import type { DealerTransaction } from '@contracts/buying';
import type { Photo } from '@contracts/condition-report';
import {
  DELIVERY_TEXT,
  FLOOR_PLAN_STATUS_LABELS,
  type SaleFloorPlan,
  type SaleTransport,
  TRANSPORT_STATUS_LABELS,
  TRANSPORT_STATUS_RANK,
  TRANSPORT_STATUSES,
} from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { Check, Circle, CircleDot } from 'lucide-react';
import type { ReactNode } from 'react';
import { dayWindowText } from '@/components/buying/delivery-figures';
import { TRANSPORT_UI_TEXT } from '@/components/buying/transport-option';
import { PhotoLinks } from '@/components/media/photo-links';
import { Flag } from '@/components/sale-status';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { decimalToCents, formatAmount, formatDay } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';
import { ConfirmDeliveryDialog } from './confirm-delivery-dialog';
import { OrderTransportDialog } from './order-transport-dialog';
import { PayWithFloorPlanDialog } from './pay-with-floor-plan-dialog';

const FLOOR_PLAN_TONE: Record<SaleFloorPlan['status'], BadgeTone> = {
  requested: 'yellow',
  approved: 'blue',
  declined: 'red',
  funded: 'green',
};
/** The steps a transport moves through, in order (a cancelled one shows only its badge). */
const STEPS = TRANSPORT_STATUSES.filter((s) => s !== 'cancelled');
const ARRIVED: SaleTransport['status'][] = ['picked_up', 'in_transit', 'delivered'];
const HANDED_OVER = ['picked_up', 'delivered'];
/** The holds the delivery box says (the title's is the Title column's). */
const HOLDS_IN_BOX: DealerTransaction['holdReason'][] = ['money', 'reconditioning', 'transport'];

/**
 * A sale's certified delivery and floor plan on the dealer's dashboard (docs/design.md §15): where the
 * transport stands (its steps, ETA, carrier, windows, a late pickup, the bill of lading) and the
 * lender's answer; and the dealer's steps: order delivery, confirm it at arrival, pay with a line.
 * `canAct` false (a team viewer): everything read only. The sales list refreshes live.
 */
export function DeliveryPanel({
  sale,
  vehicle,
  canAct,
}: {
  sale: DealerTransaction;
  vehicle: string;
  canAct: boolean;
}) {
  const transport = sale.transport;
  const live = !sale.cancelled;
  const canOrder =
    live &&
    canAct &&
    (!transport || transport.status === 'cancelled') &&
    !HANDED_OVER.includes(sale.pickupStatus);
  const canConfirm =
    live && canAct && transport !== null && ARRIVED.includes(transport.status) && !sale.deliveryConfirmation;
  const canPay =
    live &&
    canAct &&
    decimalToCents(sale.balance) > 0 &&
    (!sale.floorPlan || sale.floorPlan.status === 'declined');
  const showTransport = transport !== null || canOrder;
  const showFloorPlan = sale.floorPlan !== null || canPay;
  if (!showTransport && !showFloorPlan) return null;
  return (
    <div className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
      {showTransport ? (
        <Block title={DELIVERY_TEXT.transport} testId={`delivery-${sale.id}`}>
          {transport ? (
            <TransportStatus transport={transport} timeZone={sale.terms.timeZone} />
          ) : (
            <p className="text-slate-700">{DELIVERY_TEXT.notOrdered}</p>
          )}
          {transport &&
          transport.status !== 'cancelled' &&
          HOLDS_IN_BOX.includes(sale.holdReason) &&
          sale.holdText ? (
            // What holds the car back, in the words the admin's board reads (issue #44).
            <p className="font-semibold text-amber-900" data-hold={sale.holdReason}>
              {sale.holdText}
            </p>
          ) : null}
          {sale.deliveryConfirmation ? (
            <div className="grid gap-1">
              {/* Dated at the moment it was confirmed, in the sale's time zone. */}
              <p className="font-medium text-slate-900">
                {DELIVERY_TEXT.deliveryConfirmed}{' '}
                {formatDay(sale.deliveryConfirmation.at, sale.terms.timeZone)} · odometer{' '}
                {formatMi(sale.deliveryConfirmation.odometer)}
              </p>
              <Photos photos={sale.deliveryConfirmation.photos} label="Photos at arrival" />
            </div>
          ) : null}
          {canOrder || canConfirm ? (
            <div className="flex flex-wrap gap-2">
              {canOrder ? <OrderTransportDialog transactionId={sale.id} vehicle={vehicle} /> : null}
              {canConfirm ? <ConfirmDeliveryDialog transactionId={sale.id} vehicle={vehicle} /> : null}
            </div>
          ) : null}
        </Block>
      ) : null}
      {showFloorPlan ? (
        <Block title="Floor plan" testId={`floor-plan-${sale.id}`}>
          {sale.floorPlan ? <FloorPlanStatus floorPlan={sale.floorPlan} /> : null}
          {canPay ? (
            <div className="flex flex-wrap gap-2">
              <PayWithFloorPlanDialog transactionId={sale.id} vehicle={vehicle} owed={sale.balance} />
            </div>
          ) : null}
        </Block>
      ) : null}
    </div>
  );
}

function Block({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="grid min-w-0 content-start gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {children}
    </section>
  );
}

function TransportStatus({ transport: t, timeZone }: { transport: SaleTransport; timeZone: string }) {
  const rank = TRANSPORT_STATUS_RANK[t.status];
  const at = (status: SaleTransport['status']) => t.steps.findLast((s) => s.status === status)?.at ?? null;
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={t.status === 'delivered' ? 'green' : t.status === 'cancelled' ? 'gray' : 'blue'}>
          {TRANSPORT_STATUS_LABELS[t.status]}
        </Badge>
        {t.pickupLate ? <Flag>Late pickup</Flag> : null}
      </p>
      {t.status !== 'cancelled' ? (
        <ol aria-label="Transport steps" className="grid gap-1">
          {STEPS.map((step) => {
            const stepRank = TRANSPORT_STATUS_RANK[step];
            const done = stepRank < rank || (step === 'delivered' && stepRank === rank);
            const Icon = done ? Check : stepRank === rank ? CircleDot : Circle;
            const when = stepRank <= rank ? at(step) : null;
            return (
              <li
                key={step}
                aria-current={stepRank === rank ? 'step' : undefined}
                className={cn('flex gap-2', stepRank > rank ? 'text-slate-500' : 'text-slate-800')}
              >
                <Icon
                  aria-hidden="true"
                  className={cn('mt-0.5 h-4 w-4 shrink-0', stepRank <= rank && 'text-emerald-700')}
                />
                <span className="min-w-0">
                  {TRANSPORT_STATUS_LABELS[step]}
                  {when ? <span className="text-slate-600"> · {formatDay(when, timeZone)}</span> : null}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <dl className="grid gap-1.5">
        <Fact label="Route">
          {t.fromPlace} ({t.fromZip}) <span aria-hidden="true">→</span>
          <span className="sr-only">to</span> {t.toPlace} ({t.toZip}) · {TRANSPORT_UI_TEXT.miles(t.miles)}
          {t.enclosed ? ` · ${DELIVERY_TEXT.enclosed}` : ''}
        </Fact>
        <Fact label="Deliver to">{t.address}</Fact>
        <Fact label="Price">{formatAmount(t.price)}</Fact>
        <Fact label={TRANSPORT_UI_TEXT.pickup}>{dayWindowText(t.pickupWindow)}</Fact>
        <Fact label={TRANSPORT_UI_TEXT.delivery}>{dayWindowText(t.deliveryWindow)}</Fact>
        {t.eta && t.status !== 'delivered' ? <Fact label="ETA">{formatDateTime(t.eta)}</Fact> : null}
        <Fact label="Carrier">
          {t.carrierName ?? (t.arrangedBy === 'team' ? DELIVERY_TEXT.arrangedByTeam : 'Not assigned yet')}
          {t.carrierReference ? ` · reference ${t.carrierReference}` : ''}
        </Fact>
      </dl>
      <Photos photos={t.bolPhotos} label="Bill of lading photos" />
    </div>
  );
}

function FloorPlanStatus({ floorPlan: f }: { floorPlan: SaleFloorPlan }) {
  return (
    <div className="grid gap-1.5">
      <p>
        <Badge tone={FLOOR_PLAN_TONE[f.status]}>{FLOOR_PLAN_STATUS_LABELS[f.status]}</Badge>
      </p>
      <p className="break-words text-slate-800">
        {f.label} · {formatAmount(f.amount)}
      </p>
      {f.reference ? <p className="text-slate-700">Reference {f.reference}</p> : null}
      {f.status === 'declined' && f.reason ? <p className="text-red-700">Reason: {f.reason}</p> : null}
      {f.arrangedBy === 'team' ? <p className="text-slate-600">{DELIVERY_TEXT.arrangedByTeam}</p> : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-800">{children}</dd>
    </div>
  );
}

function Photos({ photos, label }: { photos: Photo[]; label: string }) {
  if (photos.length === 0) return null;
  return <PhotoLinks photos={photos} label={label} alt={(n) => `${label}: ${n}`} />;
}
