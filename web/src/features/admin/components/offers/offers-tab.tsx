import { ADMIN_TEXT } from '@contracts/admin';
import { OFFER_TEXT, type OfferView } from '@contracts/buying';
import { formatCount } from '@contracts/number-format';
import {
  COMPLETED_OFFER_STATUSES,
  OFFER_SORTS,
  type OfferListStatus,
  type OfferSort,
  type OffersQuery,
} from '@contracts/offer-list';
import { boughtByText } from '@contracts/team-roles';
import { ArrowRight, HandCoins } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Badge, OFFER_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/display/format';
import { formatDateTime, formatTimeLeft } from '@/lib/display/time-left';
import { useOffers } from '../../api/get-offers';
import { useWithdrawCounter } from '../../api/withdraw-counter';
import { Cell, DataTable, Row } from '../common/data-table';
import { DealerChoice } from '../common/dealer-choice';
import { ListChoices } from '../common/list-choices';
import { Panel, PanelStates } from '../common/panel';
import { offerVehicleTitle, statusLabel } from './offer-format';
import { PendingOfferCard } from './pending-offer-card';

/** "Show": every offer by its section, or one status (`completed`: accepted, declined or expired). */
const SHOW = {
  all: 'All offers',
  pending: 'Pending',
  countered: 'Countered',
  completed: 'Completed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
} as const satisfies Record<'all' | OfferListStatus, string>;
type Show = keyof typeof SHOW;
const isShow = (show: string): show is Show => Object.hasOwn(SHOW, show);
const isSort = (sort: string): sort is OfferSort => Object.hasOwn(OFFER_SORTS, sort);
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
type Choices = Omit<OffersQuery, 'cursor' | 'limit' | 'status'>;

/** The list's state in the URL (`/admin?tab=offers&of-show=declined&of-q=1HG`). */
const PARAMS = ['show', 'sort', 'q', 'from', 'to', 'dealer'] as const;

/**
 * The offers panel (docs/product.md §2, docs/features/admin-lists.md): the counts by status, then
 * pending cards, counters awaiting the dealer and completed offers, each a page at a time from the
 * server, searched, sorted and limited to the days chosen by the server.
 */
export function OffersTab() {
  const [params, setParams] = useListParams('of-', PARAMS);
  const show: Show = isShow(params.show) ? params.show : 'all';
  const choices = useMemo(
    (): Choices => ({
      sort: isSort(params.sort) ? params.sort : 'newest',
      ...(params.q ? { q: params.q } : {}),
      ...(isDay(params.from) ? { from: params.from } : {}),
      ...(isDay(params.to) ? { to: params.to } : {}),
      ...(Number(params.dealer) > 0 ? { dealerId: Number(params.dealer) } : {}),
    }),
    [params.sort, params.q, params.from, params.to, params.dealer],
  );
  // The counts under the choices (one row read; the same query as the tab's count without choices).
  const counted = useOffers({ ...choices, limit: 1 });
  if (counted.isPending || counted.isError)
    return (
      <PanelStates query={counted} loading="Loading offers...">
        {() => null}
      </PanelStates>
    );
  const counts = counted.data.counts;
  const completed = COMPLETED_OFFER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const chosen = show !== 'all' || choices.q || choices.from || choices.to || choices.dealerId;
  if (!chosen && counts.pending + counts.countered + completed === 0) {
    return (
      <Panel title="Offers">
        <Empty icon={HandCoins} title={ADMIN_TEXT.noOffers} text={ADMIN_TEXT.noOffersText} />
      </Panel>
    );
  }
  const completedShown = show === 'all' ? 'completed' : show;
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Counter label="Pending" value={counts.pending} tone="text-amber-700" />
        <Counter label="Countered" value={counts.countered} tone="text-blue-700" />
        <Counter label="Completed" value={completed} tone="text-slate-900" />
      </dl>
      <ListChoices
        values={params}
        set={setParams}
        shows={SHOW}
        sorts={OFFER_SORTS}
        days={['Offer dates', 'Made from', 'Made until']}
      >
        <DealerChoice value={params.dealer} onChange={(dealer) => setParams({ dealer })} />
      </ListChoices>

      {show === 'all' || show === 'pending' ? (
        <OfferSection
          id="pending-offers"
          title="Pending Offers"
          choices={choices}
          status="pending"
          empty="No offers are waiting for an answer."
        >
          {(items) => (
            <div className="grid gap-4 md:grid-cols-2">
              {items.map((offer) => (
                <PendingOfferCard key={offer.id} offer={offer} />
              ))}
            </div>
          )}
        </OfferSection>
      ) : null}

      {show === 'all' || show === 'countered' ? (
        <OfferSection
          id="countered-offers"
          title="Counter Offers Awaiting Response"
          choices={choices}
          status="countered"
          empty="No counter offers are waiting for a dealer."
        >
          {(items) => (
            <ul className="grid gap-3 md:grid-cols-2">
              {items.map((offer) => (
                <CounteredOffer key={offer.id} offer={offer} />
              ))}
            </ul>
          )}
        </OfferSection>
      ) : null}

      {completedShown !== 'pending' && completedShown !== 'countered' ? (
        <OfferSection
          id="completed-offers"
          title="Completed Offers"
          choices={choices}
          status={completedShown}
          empty="No completed offers yet."
        >
          {(items) => <CompletedOffers offers={items} />}
        </OfferSection>
      ) : null}
    </div>
  );
}

/** One section of the panel: its offers a page at a time, its total in its heading. */
function OfferSection({
  id,
  title,
  choices,
  status,
  empty,
  children,
}: {
  id: string;
  title: string;
  choices: Choices;
  status: OfferListStatus;
  empty: string;
  children: (offers: OfferView[]) => ReactNode;
}) {
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify({ ...choices, status }));
  const offers = useOffers({ ...choices, status, cursor: paging.cursor, limit: paging.limit });
  const page = offers.data;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
        {page ? ` (${formatCount(page.total)})` : null}
      </h3>
      <div className="mt-3">
        <PanelStates
          query={offers}
          loading={`Loading ${title.toLowerCase()}...`}
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-slate-600">{empty}</p>}
        >
          {(data) => (
            <div ref={paging.listRef}>
              {children(data.items)}
              <Pager label={title} {...paging.pagerOf(data)} />
            </div>
          )}
        </PanelStates>
      </div>
    </section>
  );
}

function CompletedOffers({ offers }: { offers: OfferView[] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <DataTable label="Completed offers" columns={['Status', 'Vehicle', 'Dealer', 'Amount', 'Updated']}>
        {offers.map((offer) => (
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
