import type { DealerInfo } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { TEAM_ROLE_LABELS } from '@contracts/teams';
import { LogOut, UserRound, Users } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { RequireSession } from '@/components/require-session';
import { CodeSessionNotice } from '@/components/team/code-session-notice';
import { Button, buttonClasses } from '@/components/ui/button';
import { Loading } from '@/components/ui/placeholders';
import { useLiveUpdates } from '@/lib/api/use-live-updates';
import { useDealerLogout, useDealerMe } from '@/lib/auth/dealer-session';
import { isCodeSession, mayManageIdentity } from '@/lib/auth/session-proof';
import { usePageMeta } from '@/lib/use-page-meta';
import { useBuyOrders, useSavedSearches } from './api/buy-orders';
import { useDealerBuyCodes, useDealerOffers, useDealerTransactions } from './api/dealer-portal';
import { useNotificationPreferences } from './api/notification-preferences';
import { AlertScheduleSection } from './components/alerts/alert-schedule-section';
import { NotificationsSection } from './components/alerts/notifications-section';
import { BuyOrdersSection } from './components/buy-orders/buy-orders-section';
import { FirstLookSection } from './components/buy-orders/first-look-section';
import { SavedSearchesSection } from './components/buy-orders/saved-searches-section';
import { BuyCodesSection } from './components/buying/buy-codes-section';
import { OffersSection } from './components/buying/offers-section';
import { WatchlistSection } from './components/buying/watchlist-section';
import { LazyInsightsSection } from './components/insights/lazy-insights-section';
import { FloorPlanLinesSection } from './components/sales/floor-plan-lines-section';
import { ReconditioningSection } from './components/sales/reconditioning-section';
import { TransactionsSection } from './components/sales/transactions-section';

export default function DealerDashboardPage() {
  usePageMeta('dealerDashboard');
  const me = useDealerMe();
  return (
    <RequireSession isLoading={me.isPending} isSignedIn={!!me.data} signInPath={PAGE_PATHS.dealerLogin}>
      {me.data ? <DealerDashboard me={me.data} /> : null}
    </RequireSession>
  );
}

function DealerDashboard({ me }: { me: DealerInfo }) {
  const { dealerName } = me;
  const member = me.member ?? null;
  // A member signed in with dealer name + buy code buys, offers and reads, and manages no identity
  // (docs/decisions/0031-session-strength.md): no Team or Account, a notice with where to sign in.
  const codeSession = isCodeSession(me);
  const identity = mayManageIdentity(me);
  const [, navigate] = useLocation();
  const logout = useDealerLogout();
  const codes = useDealerBuyCodes();
  const transactions = useDealerTransactions();
  const offers = useDealerOffers();
  const buyOrders = useBuyOrders();
  const savedSearches = useSavedSearches();
  // Counters, sales and code changes show up by themselves.
  useLiveUpdates();
  const notifications = useNotificationPreferences();
  // A team viewer looks; buyers and owners act (the server refuses the rest anyway).
  const canAct = member?.role !== 'viewer';
  return (
    <PageFrame
      eyebrow="Dealer Dashboard"
      title={`Welcome, ${dealerName}`}
      subtitle={member ? `Signed in as ${member.name} (${TEAM_ROLE_LABELS[member.role]})` : null}
      actions={
        <div className="flex flex-wrap gap-2">
          {identity && member?.role === 'owner' ? (
            <Link href={PAGE_PATHS.team} className={buttonClasses('outline')}>
              <Users aria-hidden="true" className="h-4 w-4" />
              Team
            </Link>
          ) : null}
          {identity ? (
            <Link href={PAGE_PATHS.account} className={buttonClasses('outline')}>
              <UserRound aria-hidden="true" className="h-4 w-4" />
              Account
            </Link>
          ) : null}
          <Button
            variant="outline"
            onClick={() =>
              logout.mutate(undefined, {
                onSettled: () =>
                  navigate(member && !codeSession ? PAGE_PATHS.teamSignIn : PAGE_PATHS.dealerLogin),
              })
            }
            disabled={logout.isPending}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Log out
          </Button>
        </div>
      }
    >
      {codeSession ? <CodeSessionNotice className="mt-6 max-w-3xl" /> : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="grid content-start gap-6">
          {codes.data ? (
            <BuyCodesSection
              codes={codes.data}
              isViewer={member?.role === 'viewer'}
              canManage={identity && member?.role === 'owner'}
            />
          ) : (
            <SectionSkeleton label="Loading buy codes" />
          )}
        </div>
        <div className="grid content-start gap-6">
          {offers.data ? (
            <OffersSection offers={offers.data} canAct={canAct} />
          ) : (
            <SectionSkeleton label="Loading offers" />
          )}
          {transactions.data ? (
            <TransactionsSection transactions={transactions.data} canAct={canAct} />
          ) : (
            <SectionSkeleton label="Loading transactions" />
          )}
          {/* Purchases, spend and time to line over a period (issue #33). */}
          <LazyInsightsSection />
          <FirstLookSection />
          <ReconditioningSection />
          {/* The dealership's lenders (docs/design.md §15): an owner changes them, everyone reads them. */}
          <FloorPlanLinesSection canChange={!member || member.role === 'owner'} />
          {buyOrders.data ? (
            <BuyOrdersSection orders={buyOrders.data} canAct={canAct} />
          ) : (
            <SectionSkeleton label="Loading buy orders" />
          )}
          {savedSearches.data ? (
            <SavedSearchesSection searches={savedSearches.data} canAct={canAct} />
          ) : (
            <SectionSkeleton label="Loading saved searches" />
          )}
          <AlertScheduleSection />
          {/* Every person keeps one, a viewer too: it is theirs alone (issue #30). */}
          <WatchlistSection />
        </div>
      </div>
      {/* Where the dealership's mail goes is the owner's setting (or the buy-code session's). */}
      {!member || member.role === 'owner' ? (
        <div className="mt-6">
          {notifications.data ? (
            <NotificationsSection preferences={notifications.data} />
          ) : (
            <SectionSkeleton label="Loading notification settings" />
          )}
        </div>
      ) : null}
    </PageFrame>
  );
}

function SectionSkeleton({ label }: { label: string }) {
  return <Loading label={`${label}…`} className="h-40" />;
}
