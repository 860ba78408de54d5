import type { OfferView, UpdateOfferBody } from '@contracts/buying';
import { OFFER_TEXT } from '@contracts/buying';
import { boughtByText } from '@contracts/team-roles';
import { Check, Clock, MessageSquareReply, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, OFFER_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/display/format';
import { acceptanceText, formatAmount, packageText } from '@/lib/display/sale-state';
import { formatDateTime, formatTimeLeft } from '@/lib/display/time-left';
import { ADMIN_LABELS } from '../../admin-texts';
import { useUpdateOffer } from '../../api/update-offer';
import { CounterOfferDialog } from './counter-offer-dialog';
import { offerVehicleTitle, statusLabel } from './offer-format';

/** A pending offer: the facts, its activity log, and Accept / Counter / Decline. */
export function PendingOfferCard({ offer }: { offer: OfferView }) {
  const headingId = useId();
  const update = useUpdateOffer();
  const [countering, setCountering] = useState(false);
  const timeLeft = formatTimeLeft(offer.expiresAt);
  const expired = timeLeft === ADMIN_LABELS.expired;
  const title = offerVehicleTitle(offer);

  const send = (body: UpdateOfferBody, done: string) =>
    update.mutate(
      { id: offer.id, body },
      {
        onSuccess: () => {
          setCountering(false);
          toast({ title: OFFER_TEXT.updated, description: done });
        },
        onError: (error) => {
          // Another admin answered first: the refetch shows what happened; the dialog has no use.
          if (error instanceof ApiError && error.status === 409) setCountering(false);
          toast({ variant: 'destructive', title: OFFER_TEXT.updateFailed, description: error.message });
        },
      },
    );

  return (
    <article
      aria-labelledby={headingId}
      data-testid={`offer-${offer.id}`}
      className="grid content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={headingId} className="font-semibold text-slate-900">
            {title}
          </h4>
          <p className="truncate font-mono text-xs text-slate-500">VIN {offer.vehicle.vin}</p>
        </div>
        <Badge tone={OFFER_STATUS_TONE[offer.status]}>{statusLabel(offer.status)}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Offer</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatMoney(offer.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Vehicle price</dt>
          <dd className="text-lg tabular-nums text-slate-700">{formatMoney(offer.vehicle.price)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-slate-500">Reconditioning</dt>
          <dd className="text-slate-900">
            {offer.reconPackage ? packageText(offer.reconPackage) : 'As inspected (no package)'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Dealer</dt>
          <dd className="font-medium text-slate-900">
            {offer.dealer.dealerName}
            {offer.boughtBy ? (
              <span className="block text-sm font-normal text-slate-600">{boughtByText(offer.boughtBy)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Expires</dt>
          <dd
            className={cn(
              'inline-flex items-center gap-1 font-medium',
              expired ? 'text-red-700' : 'text-slate-900',
            )}
          >
            <Clock aria-hidden="true" className="h-3.5 w-3.5" />
            {timeLeft}
          </dd>
        </div>
      </dl>
      <div>
        <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {ADMIN_LABELS.activity}
        </h5>
        <ol
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be reachable by keyboard
          tabIndex={0}
          aria-label={`Activity of the offer on ${title}`}
          className="mt-1 max-h-32 space-y-1.5 overflow-y-auto rounded-lg bg-slate-50 p-2 text-sm ring-1 ring-slate-200"
        >
          {offer.activities.map((a) => (
            <li key={a.id}>
              <time dateTime={a.createdAt} className="block text-xs text-slate-500">
                {formatDateTime(a.createdAt)}
              </time>
              <span className="text-slate-800">{a.message}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-wrap gap-2 [&>button]:flex-1 [&>button]:whitespace-nowrap">
        <ConfirmDialog
          title={`Accept ${formatAmount(offer.amount)} from ${offer.dealer.dealerName}?`}
          description={acceptanceText(offer.amount, offer.reconPackage, offer.paymentDueIfAccepted)}
          confirmLabel={`Accept ${formatAmount(offer.amount)}`}
          cancelLabel="Not yet"
          onConfirm={() =>
            send(
              { status: 'accepted' },
              `${title}: sold to ${offer.dealer.dealerName} for ${formatMoney(offer.amount)}.`,
            )
          }
          trigger={
            <Button size="sm" disabled={update.isPending || expired} icon={Check}>
              {ADMIN_LABELS.acceptOffer}
            </Button>
          }
        />
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending || expired}
          onClick={() => setCountering(true)}
          icon={MessageSquareReply}
        >
          {ADMIN_LABELS.counterOffer}
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-red-700"
          disabled={update.isPending || expired}
          onClick={() =>
            send({ status: 'declined' }, `${title}: offer from ${offer.dealer.dealerName} declined.`)
          }
          icon={X}
        >
          {ADMIN_LABELS.decline}
        </Button>
      </div>
      <CounterOfferDialog
        offer={offer}
        open={countering}
        onOpenChange={setCountering}
        isPending={update.isPending}
        onSend={(counterAmount, counterMessage) =>
          send(
            { status: 'countered', counterAmount, counterMessage },
            `${title}: countered at ${formatMoney(counterAmount)}.`,
          )
        }
      />
    </article>
  );
}
