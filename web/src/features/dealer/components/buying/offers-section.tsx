import type { OfferView } from '@contracts/buying';
import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import { AnchoredItem } from '@/components/ui/anchored-item';
import { Badge, OFFER_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/display/format';
import { acceptanceText, formatAmount } from '@/lib/display/sale-state';
import { formatDateTime, formatTimeLeft } from '@/lib/display/time-left';
import { useDealerOffersPage, useRespondToCounter } from '../../api/dealer-portal';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { DashboardPagedSection } from '../dashboard/dashboard-paged-section';

const title = (o: OfferView) =>
  [o.vehicle.year, o.vehicle.make, o.vehicle.model].filter(Boolean).join(' ') || `Vehicle #${o.vehicleId}`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const anchorOf = (offer: OfferView) => dealerItemAnchor('offer', offer.id);

/**
 * Dashboard → Offers → My Offers (beyond the spec): each offer's state, time left, log, and the
 * answer to a counter. `canAct`: false for a team viewer, who sees offers but does not answer
 * counters. The server pages them (20 a page, newest first); a link to an offer (`#offer-45`, the
 * e-mails') reads it by its id, shows it first when it is on another page, and brings it forward.
 */
export function OffersSection({ canAct = true }: { canAct?: boolean }) {
  const respond = useRespondToCounter();
  const answer = (offer: OfferView, action: 'accept' | 'decline') =>
    respond.mutate(
      { offerId: offer.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'accept' ? 'Counter offer accepted' : 'Counter offer declined',
            description:
              action === 'accept'
                ? 'The vehicle is yours. Our team will contact you shortly.'
                : 'The offer is closed.',
          }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
      },
    );

  return (
    <DashboardPagedSection
      section={DASHBOARD_SECTIONS.offers}
      item="offer"
      usePage={useDealerOffersPage}
      listClassName="mt-3 grid gap-4"
    >
      {(offer) => {
        const open = offer.status === 'pending' || offer.status === 'countered';
        return (
          <AnchoredItem
            key={offer.id}
            anchor={anchorOf(offer)}
            className="rounded-xl border border-slate-200 p-4"
            data-testid={`offer-${offer.id}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold text-slate-900">{title(offer)}</h3>
                <p className="text-sm text-slate-600">
                  Your offer <span className="font-semibold text-slate-900">{formatMoney(offer.amount)}</span>
                  {offer.vehicle.price ? <> · asking {formatMoney(offer.vehicle.price)}</> : null}
                  {offer.boughtBy ? <> · by {offer.boughtBy}</> : null}
                </p>
                {offer.soldFor ? (
                  <p className="text-sm font-semibold text-emerald-800" data-testid="sold-for">
                    Bought for {formatMoney(offer.soldFor)}
                    {offer.soldFor !== offer.amount ? ' (the counter offer)' : ''}
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                {open ? (
                  <span className="text-sm text-slate-600">{formatTimeLeft(offer.expiresAt)}</span>
                ) : null}
                <Badge tone={OFFER_STATUS_TONE[offer.status]}>{capitalize(offer.status)}</Badge>
              </div>
            </div>
            {offer.status === 'countered' && offer.counterAmount ? (
              <div className="mt-3 rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
                <p>
                  Counter offer:{' '}
                  <span className="text-base font-bold">{formatMoney(offer.counterAmount)}</span>
                </p>
                {offer.counterMessage ? <p className="mt-1 italic">“{offer.counterMessage}”</p> : null}
                <div className={canAct ? 'mt-3 flex flex-wrap gap-2' : 'hidden'}>
                  <ConfirmDialog
                    title={`Buy the ${title(offer)} for ${formatAmount(offer.counterAmount)}?`}
                    description={acceptanceText(
                      offer.counterAmount,
                      offer.reconPackage,
                      offer.paymentDueIfAccepted,
                    )}
                    confirmLabel={`Accept ${formatAmount(offer.counterAmount)}`}
                    cancelLabel="Not yet"
                    onConfirm={() => answer(offer, 'accept')}
                    trigger={
                      <Button size="sm" disabled={respond.isPending}>
                        Accept Counter
                      </Button>
                    }
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => answer(offer, 'decline')}
                    disabled={respond.isPending}
                  >
                    Decline
                  </Button>
                </div>
              </div>
            ) : null}
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-slate-700">
                Activity ({offer.activities.length})
              </summary>
              <ol className="mt-2 max-h-40 space-y-1 overflow-y-auto border-l-2 border-slate-200 pl-3">
                {offer.activities.map((a) => (
                  <li key={a.id}>
                    <span className="text-slate-500">{formatDateTime(a.createdAt)}</span> — {a.message}
                  </li>
                ))}
              </ol>
            </details>
          </AnchoredItem>
        );
      }}
    </DashboardPagedSection>
  );
}
