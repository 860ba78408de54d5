import type { DealerInfo } from '@contracts/auth';
import {
  DEALER_DASHBOARD_SECTION_KEYS,
  DEALER_DASHBOARD_SECTIONS,
  dealerDashboardPath,
  dealerSectionOfAnchor,
} from '@contracts/dealer-dashboard';
import { dealerSectionOfSegment, PAGE_PATHS } from '@contracts/routes';
import { TEAM_ROLE_LABELS } from '@contracts/teams';
import { LogOut, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { RequireSession } from '@/components/require-session';
import { Button, buttonClasses } from '@/components/ui/button';
import { useLiveUpdates } from '@/lib/api/use-live-updates';
import { useDealerLogout, useDealerMe } from '@/lib/auth/dealer-session';
import { isCodeSession, mayManageIdentity } from '@/lib/auth/session-proof';
import { useLocationHash } from '@/lib/use-location-hash';
import { usePageMeta } from '@/lib/use-page-meta';
import { SectionNav } from './components/dashboard/section-nav';
import { DASHBOARD_VIEWS, type DashboardViewer, sectionCounts, useDashboardReads } from './dashboard-views';

/**
 * The dealer's workspace (issue #46): /dealer/dashboard opens on "Needs you", and each section of the
 * contract's table (contracts/dealer-dashboard.ts, its paths in contracts/routes.ts) is a route under it, one tap
 * away in the section bar. (A path naming no section is the site's 404: the router sends it there.)
 */
export default function DealerDashboardPage() {
  const section = useCurrentSection();
  usePageMeta(
    'dealerDashboard',
    section === 'needsYou' ? undefined : `${DEALER_DASHBOARD_SECTIONS[section].title} · Dealer dashboard`,
  );
  const me = useDealerMe();
  return (
    // A link from an e-mail opened signed out comes back here, to its item, once signed in.
    <RequireSession
      isLoading={me.isPending}
      isSignedIn={!!me.data}
      signInPath={PAGE_PATHS.dealerLogin}
      returnHere
    >
      {me.data ? <DealerDashboard me={me.data} /> : null}
    </RequireSession>
  );
}

/** The section the address opens ("Needs you" at /dealer/dashboard). */
const useCurrentSection = () =>
  dealerSectionOfSegment(useParams<{ section?: string }>().section) ?? 'needsYou';

/**
 * A link sent before the sections had routes (`/dealer/dashboard#offers-title`, `#notifications`)
 * names a card or an item that now lives in a section: it is opened there, the anchor kept.
 */
function useOldAnchorsLand() {
  const [location, navigate] = useLocation();
  const hash = useLocationHash();
  useEffect(() => {
    if (location !== PAGE_PATHS.dealerDashboard || !hash) return;
    const section = dealerSectionOfAnchor(hash);
    if (section && section !== 'needsYou') navigate(dealerDashboardPath(section, hash), { replace: true });
  }, [location, hash, navigate]);
}

function DealerDashboard({ me }: { me: DealerInfo }) {
  const { dealerName } = me;
  const member = me.member ?? null;
  const codeSession = isCodeSession(me);
  const identity = mayManageIdentity(me);
  const [, navigate] = useLocation();
  const logout = useDealerLogout();
  const reads = useDashboardReads();
  // Counters, sales and code changes show up by themselves.
  useLiveUpdates();
  useOldAnchorsLand();
  const viewer: DashboardViewer = {
    role: member?.role ?? null,
    canAct: member?.role !== 'viewer',
    identity,
    codeSession,
  };
  const current = useCurrentSection();
  return (
    <PageFrame
      eyebrow="Dealer Dashboard"
      title={`Welcome, ${dealerName}`}
      subtitle={member ? `Signed in as ${member.name} (${TEAM_ROLE_LABELS[member.role]})` : null}
      actions={
        <div className="flex flex-wrap gap-2">
          {/* A member signed in with dealer name + buy code manages no identity (ADR 0031): no Account. */}
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
            Sign out
          </Button>
        </div>
      }
    >
      <SectionNav current={current} counts={sectionCounts(reads)} />
      <div className="mt-6 grid max-w-4xl gap-6">
        <Switch>
          {DEALER_DASHBOARD_SECTION_KEYS.map((key) => {
            const View = DASHBOARD_VIEWS[key];
            return (
              <Route key={key} path={dealerDashboardPath(key)}>
                <View reads={reads} viewer={viewer} />
              </Route>
            );
          })}
        </Switch>
      </div>
    </PageFrame>
  );
}
