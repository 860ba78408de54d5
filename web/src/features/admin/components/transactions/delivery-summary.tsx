import { DELIVERY_TEXT } from '@contracts/delivery-texts';
import { formatMi } from '@contracts/mileage-format';
import type { AdminTransaction } from '@contracts/transactions';
import { CheckCircle2 } from 'lucide-react';
import { PhotoLinks } from '@/components/media/photo-links';
import { Flag } from '@/components/sale-status';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatAmount, formatDate, formatDay } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useAcceptDelivery } from '../../api/accept-delivery';
import { FloorPlanStatusBadge, PickupLateFlag, TransportStatusBadge } from '../delivery/delivery-badges';
import { formatWindow } from '../delivery/delivery-format';

const TERM = 'text-xs font-semibold uppercase tracking-wide text-slate-600';

/**
 * A sale's certified delivery and floor plan in its details (docs/design.md §15), read from the same
 * sale state as the boards: status, route, windows, ETA, carrier and the bill of lading photos;
 * the lender's line, status and reference. Items of the details' description list.
 */
export function DeliverySummary({ transaction: t }: { transaction: AdminTransaction }) {
  const transport = t.transport;
  const floorPlan = t.floorPlan;
  if (!transport && !floorPlan) return null;
  return (
    <>
      {transport ? (
        <div className="sm:col-span-2" data-testid="sale-transport">
          <dt className={TERM}>{L.transportHeading}</dt>
          <dd className="mt-1 grid gap-1 text-slate-800">
            <span className="flex flex-wrap items-center gap-2">
              <TransportStatusBadge status={transport.status} />
              {transport.pickupLate ? <PickupLateFlag /> : null}
            </span>
            <span className="block break-words">
              {transport.fromPlace} ({transport.fromZip}) → {transport.toPlace} ({transport.toZip}),{' '}
              {formatMi(transport.miles)}
              {transport.enclosed ? ', enclosed' : ''}
              {transport.inoperable ? ', inoperable' : ''} · {formatAmount(transport.price)}
            </span>
            <span className="block break-words">{transport.address}</span>
            <span className="block">
              {L.pickup} {formatWindow(transport.pickupWindow)} · {L.delivery}{' '}
              {formatWindow(transport.deliveryWindow)}
            </span>
            <span className="block">
              {L.carrier}: {transport.carrierName ?? L.noCarrier}
              {transport.carrierReference ? ` (order ${transport.carrierReference})` : ''}
              {transport.eta && transport.status !== 'delivered' && transport.status !== 'cancelled'
                ? ` · ${L.eta} ${formatDateTime(transport.eta)}`
                : ''}
            </span>
            {t.deliveryConfirmation ? <Confirmation transaction={t} /> : null}
            {transport.bolPhotos.length > 0 ? (
              <span className="grid gap-1">
                <span className="font-medium">{L.bolPhotos}</span>
                <PhotoLinks
                  photos={transport.bolPhotos}
                  label={L.bolPhotos}
                  alt={(n) => `${L.bolPhotos} photo ${n}`}
                />
              </span>
            ) : null}
          </dd>
        </div>
      ) : null}
      {floorPlan ? (
        <div data-testid="sale-floor-plan">
          <dt className={TERM}>{L.floorPlanHeading}</dt>
          <dd className="mt-1 grid gap-1 text-slate-800">
            <span>
              <FloorPlanStatusBadge status={floorPlan.status} />
            </span>
            <span className="block break-words">
              {formatAmount(floorPlan.amount)} on {floorPlan.label}
            </span>
            {floorPlan.reference ? (
              <span className="block">
                {L.reference} <span className="font-mono">{floorPlan.reference}</span>
              </span>
            ) : null}
            {floorPlan.reason ? <span className="block text-red-800">{floorPlan.reason}</span> : null}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/** The title goes to the lender once a floor plan pays for the car (approved or funded). */
export const titleLender = (t: AdminTransaction) =>
  t.floorPlan && (t.floorPlan.status === 'approved' || t.floorPlan.status === 'funded')
    ? t.floorPlan.label
    : null;

/**
 * The dealer's confirmation at arrival: when (the moment, in the sale's zone) and the odometer; one
 * held for its odometer says why, with the way to accept it (issue #44).
 */
function Confirmation({ transaction: t }: { transaction: AdminTransaction }) {
  const confirmation = t.deliveryConfirmation!;
  const accept = useAcceptDelivery();
  const name = [t.vehicle.year, t.vehicle.make, t.vehicle.model].filter(Boolean).join(' ');
  return (
    <span className="grid gap-1" data-testid="sale-delivery-confirmation">
      <span className="block">
        {DELIVERY_TEXT.deliveryConfirmed} {formatDay(confirmation.at, t.terms.timeZone)} · odometer{' '}
        {formatMi(confirmation.odometer)}
      </span>
      {confirmation.held && confirmation.note ? (
        <>
          <span className="block">
            <Flag>{confirmation.note}</Flag>
          </span>
          <span>
            <ConfirmDialog
              trigger={
                <Button size="sm" disabled={accept.isPending}>
                  <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
                  {L.acceptDelivery}
                </Button>
              }
              title={L.acceptDeliveryTitle(name)}
              description={L.acceptDeliveryText(formatDate(confirmation.on))}
              confirmLabel={L.acceptDelivery}
              onConfirm={() =>
                accept.mutate(
                  { id: t.id, body: {} },
                  {
                    onSuccess: () => toast({ title: DELIVERY_TEXT.confirmationAccepted, description: name }),
                    onError: (error) =>
                      toast({ variant: 'destructive', title: L.acceptDelivery, description: error.message }),
                  },
                )
              }
            />
          </span>
        </>
      ) : null}
    </span>
  );
}
