import { PAGE_LIMIT } from '@contracts/limits';
import type { DealerDashboardSection } from '@contracts/routes';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryStates } from '@/components/ui/query-states';
import { useWatchlistPage } from '@/lib/watchlist';
import { useBuyOrdersPage, useSavedSearchesPage } from './api/buy-orders';
import {
  useDealerBuyCodes,
  useDealerOffersPage,
  useDealerSalesPage,
  useDealerSalesWaiting,
} from './api/dealer-portal';
import { useFirstLooks } from './api/first-looks';
import { useNotificationPreferences } from './api/notification-preferences';
import { AlertScheduleSection } from './components/alerts/alert-schedule-section';
import { NotificationsSection } from './components/alerts/notifications-section';
import { BuyOrdersSection } from './components/buy-orders/buy-orders-section';
import { FirstLookSection } from './components/buy-orders/first-look-section';
import { SavedSearchesSection } from './components/buy-orders/saved-searches-section';
import { BuyCodesSection } from './components/buying/buy-codes-section';
import { OffersSection } from './components/buying/offers-section';
import { WatchlistSection } from './components/buying/watchlist-section';
import { NeedsYouSection, useNeedsYou } from './components/dashboard/needs-you-section';
import { YourTeamSection } from './components/dashboard/your-team-section';
import { LazyInsightsSection } from './components/insights/lazy-insights-section';
import { DeliveriesSection } from './components/sales/deliveries-section';
import { DocumentsSection } from './components/sales/documents-section';
import { FloorPlanLinesSection } from './components/sales/floor-plan-lines-section';
import { ReconditioningSection } from './components/sales/reconditioning-section';
import { TransactionsSection } from './components/sales/transactions-section';

/**
 * The reads the dashboard's frame keeps: "Needs you" and the sections' counts (the server's totals
 * of one-row pages). Purchases, Deliveries, Documents, Offers, Reconditioning, buy orders, saved
 * searches and the watchlist read their own pages.
 */
export function useDashboardReads() {
  // "Needs you": the sales that wait on the dealer (the server keeps them), sorted into its kinds.
  const transactions = useDealerSalesWaiting();
  // The counters to answer: the countered offers only (a dealership has a handful at a time).
  const countered = useDealerOffersPage({ status: 'countered', sort: 'oldest', limit: PAGE_LIMIT.max });
  const firstLooks = useFirstLooks();
  const counters = { ...countered, data: countered.data === null ? null : countered.data?.items };
  return {
    sales: useDealerSalesPage({ limit: 1 }),
    liveSales: useDealerSalesPage({ live: 'true', limit: 1 }),
    offers: useDealerOffersPage({ limit: 1 }),
    firstLooks,
    needsYou: useNeedsYou(transactions, counters, firstLooks),
    buyOrders: useBuyOrdersPage({ limit: 1 }),
    savedSearches: useSavedSearchesPage({ limit: 1 }),
    // The person's own marks: the watchlist is in Buy orders & alerts, so its tab counts it.
    watchlist: useWatchlistPage({ limit: 1 }),
    codes: useDealerBuyCodes(),
  };
}
export type DashboardReads = ReturnType<typeof useDashboardReads>;

/** Who is looking, as the sections need it (docs/decisions/0031-session-strength.md). */
export interface DashboardViewer {
  role: 'owner' | 'buyer' | 'viewer' | null;
  /** A team viewer looks; buyers and owners act (the server refuses the rest anyway). */
  canAct: boolean;
  /** A named member whose session may manage identity (team, account, codes). */
  identity: boolean;
  /** A named member signed in with dealer name + buy code. */
  codeSession: boolean;
}

/** How many items each section holds, as its tab says (undefined until its reads have answered). */
export function sectionCounts(reads: DashboardReads): Partial<Record<DealerDashboardSection, number>> {
  const { firstLooks, buyOrders, savedSearches, watchlist } = reads;
  // Everything the Buy orders & alerts section lists: first looks, buy orders, saved searches
  // and the watched cars.
  const alerts =
    firstLooks.data && buyOrders.data && savedSearches.data && watchlist.data !== undefined
      ? firstLooks.data.length +
        buyOrders.data.total +
        savedSearches.data.total +
        (watchlist.data?.total ?? 0)
      : undefined;
  return {
    needsYou: reads.needsYou.data?.count,
    purchases: reads.sales.data?.total,
    offers: reads.offers.data?.total,
    buyOrders: alerts,
    deliveries: reads.liveSales.data?.total,
    documents: reads.sales.data?.total,
    team: reads.codes.data?.length,
  };
}

/**
 * A list the frame reads, in its states: loading, failed (with "Try again"), the session ended (a
 * read answered 401: the page is on its way to the sign-in), then the section.
 */
function Read<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, Error>;
  what: string;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      loading={`Loading ${what}…`}
      failed={`Could not load ${what}:`}
      placeholderClassName="h-40"
      spacing=""
      isEmpty={(data) => data === null || data === undefined}
      empty={`Your session has ended: sign in again to see your ${what}.`}
    >
      {children}
    </QueryStates>
  );
}

type View = (props: { reads: DashboardReads; viewer: DashboardViewer }) => ReactNode;

function TeamView({ reads, viewer }: Parameters<View>[0]) {
  const { role, identity, codeSession } = viewer;
  // Where the dealership's mail goes is the owner's setting (or the buy-code session's).
  const ownsSettings = role === null || role === 'owner';
  const notifications = useNotificationPreferences();
  return (
    <>
      <Read query={reads.codes} what="buy codes">
        {(codes) => (
          <BuyCodesSection
            codes={codes}
            isViewer={role === 'viewer'}
            canManage={identity && role === 'owner'}
          />
        )}
      </Read>
      {role ? (
        <YourTeamSection isOwner={role === 'owner'} identity={identity} codeSession={codeSession} />
      ) : null}
      {/* The dealership's lenders (docs/design.md §15): an owner changes them, everyone reads them. */}
      <FloorPlanLinesSection canChange={ownsSettings} />
      {ownsSettings ? (
        <Read query={notifications} what="notification settings">
          {(preferences) => <NotificationsSection preferences={preferences} />}
        </Read>
      ) : null}
    </>
  );
}

/**
 * What each section of the contract's table shows (contracts/dealer-dashboard.ts DEALER_DASHBOARD_SECTIONS):
 * keyed by it, so a section the table names and the web does not show fails to compile.
 */
export const DASHBOARD_VIEWS: Record<DealerDashboardSection, View> = {
  needsYou: ({ reads }) => <NeedsYouSection needs={reads.needsYou} />,
  purchases: ({ viewer }) => (
    <>
      <TransactionsSection canAct={viewer.canAct} />
      <ReconditioningSection />
    </>
  ),
  offers: ({ viewer }) => <OffersSection canAct={viewer.canAct} />,
  buyOrders: ({ viewer }) => (
    <>
      <FirstLookSection />
      <BuyOrdersSection canAct={viewer.canAct} />
      <SavedSearchesSection canAct={viewer.canAct} />
      <AlertScheduleSection />
      {/* Every person keeps one, a viewer too: it is theirs alone (issue #30). */}
      <WatchlistSection />
    </>
  ),
  deliveries: ({ viewer }) => <DeliveriesSection canAct={viewer.canAct} />,
  documents: ({ viewer }) => <DocumentsSection canAct={viewer.canAct} />,
  team: TeamView,
  // Purchases, spend and time to line over a period (issue #33).
  insights: () => <LazyInsightsSection />,
};
