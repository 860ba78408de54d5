import { ADMIN_TEXT } from '@contracts/admin';
import { OFFER_TEXT, type OfferView } from '@contracts/buying';
import { boughtByText } from '@contracts/teams';
import { ArrowRight, HandCoins } from 'lucide-react';
import { Badge, OFFER_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Empty } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/display/format';
import { formatDateTime, formatTimeLeft } from '@/lib/display/time-left';
import { useOffers } from '../../api/get-offers';
import { useWithdrawCounter } from '../../api/withdraw-counter';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { isCompleted, offerVehicleTitle, statusLabel } from './offer-format';
import { PendingOfferCard } from './pending-offer-card';

const byTime = (key: 'expiresAt' | 'updatedAt', direction: 1 | -1) => (a: OfferView, b: OfferView) =>
  direction * (Date.parse(a[key]) - Date.parse(b[key]));

/** The offers panel (docs/product.md §2): counters, pending cards, counters awaiting the dealer, completed. */
export function OffersTab() {
  const offers = useOffers();
  if (offers.isPending || offers.isError)
    return (
      <PanelStates query={offers} loading="Loading offers...">
        {() => null}
      </PanelStates>
    );
  if (offers.data.length === 0) {
    return (
      <Panel title="Offers">
        <Empty icon={HandCoins} title={ADMIN_TEXT.noOffers} text={ADMIN_TEXT.noOffersText} />
      </Panel>
    );
  }
  const pending = offers.data.filter((o) => o.status === 'pending').sort(byTime('expiresAt', 1));
  const countered = offers.data.filter((o) => o.status === 'countered').sort(byTime('expiresAt', 1));
  const completed = offers.data.filter(isCompleted).sort(byTime('updatedAt', -1));

  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Counter label="Pending" value={pending.length} tone="text-amber-700" />
        <Counter label="Countered" value={countered.length} tone="text-blue-700" />
        <Counter label="Completed" value={completed.length} tone="text-slate-900" />
      </dl>

      <section aria-labelledby="pending-offers">
        <h3 id="pending-offers" className="text-lg font-semibold text-slate-900">
          Pending Offers ({pending.length})
        </h3>
        {pending.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No offers are waiting for an answer.</p>
        ) : (
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {pending.map((offer) => (
              <PendingOfferCard key={offer.id} offer={offer} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="countered-offers">
        <h3 id="countered-offers" className="text-lg font-semibold text-slate-900">
          Counter Offers Awaiting Response ({countered.length})
        </h3>
        {countered.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No counter offers are waiting for a dealer.</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {countered.map((offer) => (
              <CounteredOffer key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="completed-offers">
        <h3 id="completed-offers" className="text-lg font-semibold text-slate-900">
          Completed Offers ({completed.length})
        </h3>
        {completed.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No completed offers yet.</p>
        ) : (
          <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <DataTable
              label="Completed offers"
              columns={['Status', 'Vehicle', 'Dealer', 'Amount', 'Updated']}
            >
              {completed.map((offer) => (
                <Row key={offer.id} data-testid={`offer-${offer.id}`}>
                  <Cell label="Status">
                    <Badge tone={OFFER_STATUS_TONE[offer.status]}>{statusLabel(offer.status)}</Badge>
                  </Cell>
                  <Cell phone="heading" className="font-medium text-slate-900">
                    {offerVehicleTitle(offer)}
                  </Cell>
                  <Cell label="Dealer">
                    {offer.dealer.dealerName}
                    {offer.boughtBy ? (
                      <span className="block text-xs text-slate-600">{boughtByText(offer.boughtBy)}</span>
                    ) : null}
                  </Cell>
                  <Cell label="Amount" className="tabular-nums">
                    {offer.soldFor ? (
                      <span className="block font-semibold">Sold for {formatMoney(offer.soldFor)}</span>
                    ) : null}
                    {formatMoney(offer.amount)}
                    {offer.counterAmount ? (
                      <span className="ml-1 text-xs text-slate-500">
                        (counter {formatMoney(offer.counterAmount)})
                      </span>
                    ) : null}
                  </Cell>
                  <Cell label="Updated">{formatDateTime(offer.updatedAt)}</Cell>
                </Row>
              ))}
            </DataTable>
          </div>
        )}
      </section>
    </div>
  );
}

function Counter({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm sm:p-4">
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

function CounteredOffer({ offer }: { offer: OfferView }) {
  const withdraw = useWithdrawCounter();
  return (
    <li
      data-testid={`offer-${offer.id}`}
      className="grid gap-2 rounded-xl border border-blue-200 bg-blue-50/50 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{offerVehicleTitle(offer)}</p>
          <p className="text-sm text-slate-600">{offer.dealer.dealerName}</p>
        </div>
        <Badge tone="blue">{ADMIN_TEXT.awaitingDealer}</Badge>
      </div>
      <p className="flex items-center gap-2 text-lg font-bold tabular-nums text-slate-900">
        <span className="text-slate-500">{formatMoney(offer.amount)}</span>
        <ArrowRight aria-hidden="true" className="h-4 w-4 text-slate-500" />
        <span className="sr-only">countered at</span>
        {formatMoney(offer.counterAmount)}
      </p>
      {offer.counterMessage ? (
        <p className="text-sm italic text-slate-700">“{offer.counterMessage}”</p>
      ) : null}
      <p className="text-sm text-slate-600">
        Expires {formatDateTime(offer.expiresAt)} · {formatTimeLeft(offer.expiresAt)}
      </p>
      <ConfirmDialog
        title={`Withdraw the counter of ${formatMoney(offer.counterAmount)}?`}
        description={`${offer.dealer.dealerName} can no longer accept it; their offer of ${formatMoney(offer.amount)} waits for your answer again.`}
        confirmLabel={OFFER_TEXT.withdrawCounter}
        cancelLabel="Keep the counter"
        onConfirm={() =>
          withdraw.mutate(offer.id, {
            onSuccess: () =>
              toast({
                title: OFFER_TEXT.updated,
                description: `${offerVehicleTitle(offer)}: ${OFFER_TEXT.counterWithdrawn.toLowerCase()}.`,
              }),
            onError: (error) =>
              toast({ variant: 'destructive', title: OFFER_TEXT.updateFailed, description: error.message }),
          })
        }
        trigger={
          <Button size="sm" variant="outline" className="justify-self-start" disabled={withdraw.isPending}>
            {OFFER_TEXT.withdrawCounter}
          </Button>
        }
      />
    </li>
  );
}
