import { CLAIM_CATEGORIES } from '@contracts/after-sale-texts';
import type { DealerTransaction, OfferView } from '@contracts/buying';
import { dealerItemPath } from '@contracts/dealer-dashboard';
import type { HeldVehicle } from '@contracts/vehicle';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, ChevronRight } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import { Flag } from '@/components/sale-status';
import { DashboardSection, Empty, QueryStates, type StatesQuery } from '@/components/ui/query-states';
import { amountLeft, daysLateText, formatAmount, isOverdue } from '@/lib/display/sale-state';
import { formatDate, formatDateTime, formatDay, formatTimeLeft } from '@/lib/display/time-left';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { type NeedsYou, needsYouOf } from '../../needs-you';
import { saleName } from '../../sale-tasks';

export const NEEDS_YOU_TEXT = {
  loading: 'Loading what needs you…',
  failed: 'Could not load what needs you:',
  emptyTitle: 'Nothing needs you right now',
  emptyText:
    'Money owed, counter offers to answer, deliveries and titles to confirm, open claims and first looks ending soon appear here.',
  owed: 'Money owed',
  owedTotal: (total: string, sales: number) =>
    `${formatAmount(total)} owed on ${sales === 1 ? '1 purchase' : `${sales} purchases`}`,
  counters: 'Counter offers to answer',
  deliveries: 'Deliveries to confirm',
  titles: 'Titles to confirm',
  claims: 'Open claims',
  firstLooks: 'First looks ending soon',
} as const;

type ListRead<T> = Pick<
  UseQueryResult<unknown, Error>,
  'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'
> & {
  /** null: the session ended (readApi's 401). */
  data: readonly T[] | null | undefined;
};

/** The three reads "Needs you" is made of, as one: loading until all have answered, failed if one did. */
export function useNeedsYou(
  transactions: ListRead<DealerTransaction>,
  offers: ListRead<OfferView>,
  firstLooks: ListRead<HeldVehicle>,
): StatesQuery<NeedsYou> {
  const reads = [transactions, offers, firstLooks];
  const failed = reads.find((read) => read.isError);
  const data = useMemo(
    () =>
      transactions.data && offers.data && firstLooks.data
        ? needsYouOf(transactions.data, offers.data, firstLooks.data)
        : undefined,
    [transactions.data, offers.data, firstLooks.data],
  );
  return {
    isPending: reads.some((read) => read.isPending),
    isError: failed !== undefined,
    error: failed?.error ?? null,
    isFetching: reads.some((read) => read.isFetching),
    data,
    refetch: (failed ?? transactions).refetch as StatesQuery<NeedsYou>['refetch'],
  };
}

/**
 * The dashboard's first view (issue #46): what is owed with its due date, and what waits on the
 * dealer — counters to answer, deliveries and titles to confirm, open claims, first looks ending
 * soon — each a link to the item in its section. Everything read from the server's figures.
 */
export function NeedsYouSection({ needs }: { needs: StatesQuery<NeedsYou> }) {
  return (
    <DashboardSection {...DASHBOARD_SECTIONS.needsYou} busy={needs.isPending}>
      <QueryStates
        query={needs}
        loading={NEEDS_YOU_TEXT.loading}
        failed={NEEDS_YOU_TEXT.failed}
        isEmpty={(data) => !data || data.count === 0}
        empty={
          <Empty
            icon={CheckCircle2}
            title={NEEDS_YOU_TEXT.emptyTitle}
            text={NEEDS_YOU_TEXT.emptyText}
            className="mt-4"
          />
        }
      >
        {(data) => <NeedsYouLists needs={data} />}
      </QueryStates>
    </DashboardSection>
  );
}

function NeedsYouLists({ needs }: { needs: NeedsYou }) {
  return (
    <div className="mt-4 grid gap-5">
      <Group
        id="needs-owed"
        title={NEEDS_YOU_TEXT.owed}
        items={needs.owed}
        lead={
          <p className="text-base font-semibold text-slate-900" data-testid="owed-total">
            {NEEDS_YOU_TEXT.owedTotal(needs.owedTotal, needs.owed.length)}
          </p>
        }
      >
        {(sale) => (
          <Item
            key={sale.id}
            href={dealerItemPath('sale', sale.id)}
            name={saleName(sale)}
            detail={
              isOverdue(sale) ? (
                <Flag>
                  Overdue: {daysLateText(sale.daysLate)} (was due {formatDay(sale.paymentDueOn)})
                </Flag>
              ) : (
                `Due ${formatDay(sale.paymentDueOn)}`
              )
            }
            figure={formatAmount(amountLeft(sale))}
          />
        )}
      </Group>
      <Group id="needs-counters" title={NEEDS_YOU_TEXT.counters} items={needs.counters}>
        {(offer) => (
          <Item
            key={offer.id}
            href={dealerItemPath('offer', offer.id)}
            name={vehicleTitle(offer.vehicle) || `Vehicle #${offer.vehicleId}`}
            detail={`Counter ${formatAmount(offer.counterAmount ?? offer.amount)} to your ${formatAmount(offer.amount)} · until ${formatDateTime(offer.expiresAt)}`}
            figure={formatTimeLeft(offer.expiresAt)}
          />
        )}
      </Group>
      <Group id="needs-deliveries" title={NEEDS_YOU_TEXT.deliveries} items={needs.deliveries}>
        {(sale) => (
          <Item
            key={sale.id}
            href={dealerItemPath('delivery', sale.id)}
            name={saleName(sale)}
            detail="Delivered by our carrier: confirm it with the odometer and a few photos"
          />
        )}
      </Group>
      <Group id="needs-titles" title={NEEDS_YOU_TEXT.titles} items={needs.titles}>
        {(sale) => (
          <Item
            key={sale.id}
            href={dealerItemPath('saleDocuments', sale.id)}
            name={saleName(sale)}
            detail="The title was sent: confirm it when it arrives"
          />
        )}
      </Group>
      <Group id="needs-claims" title={NEEDS_YOU_TEXT.claims} items={needs.claims}>
        {({ sale, claim }) => (
          <Item
            key={claim.id}
            href={dealerItemPath('sale', sale.id)}
            name={saleName(sale)}
            detail={`${CLAIM_CATEGORIES[claim.category]}, opened ${formatDate(claim.openedAt)}: waiting for our answer`}
            figure={formatAmount(claim.estimate)}
          />
        )}
      </Group>
      <Group id="needs-first-looks" title={NEEDS_YOU_TEXT.firstLooks} items={needs.firstLooks}>
        {(vehicle) => (
          <Item
            key={vehicle.id}
            href={dealerItemPath('firstLook', vehicle.id)}
            name={vehicleTitle(vehicle)}
            detail={`First look until ${formatDateTime(vehicle.firstLookUntil)}`}
            figure={vehicle.price ? formatAmount(vehicle.price) : undefined}
          />
        )}
      </Group>
    </div>
  );
}

/** One kind of thing that waits, under its heading; nothing when none waits. */
function Group<T>({
  id,
  title,
  items,
  lead,
  children,
}: {
  id: string;
  title: string;
  items: readonly T[];
  lead?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h3>
      {lead}
      <ul className="grid gap-2">{items.map(children)}</ul>
    </section>
  );
}

/** One thing that waits: a link to it in its section, what it is, why, and its figure. */
function Item({
  href,
  name,
  detail,
  figure,
}: {
  href: string;
  name: string;
  detail: ReactNode;
  figure?: string;
}) {
  return (
    <li>
      <Link
        href={href}
        className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="min-w-0 flex-1">
          <span className="block break-words font-medium text-slate-900">{name}</span>
          <span className="block break-words text-sm text-slate-700">{detail}</span>
        </span>
        {figure ? (
          <span className="shrink-0 text-right font-semibold tabular-nums text-slate-900">{figure}</span>
        ) : null}
        <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}
