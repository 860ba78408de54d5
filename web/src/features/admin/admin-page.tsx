import { ADMIN_TABS } from '@contracts/admin';
import { PAGE_PATHS } from '@contracts/routes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { RequireSession } from '@/components/require-session';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/lib/api/query-keys';
import { useLiveUpdates } from '@/lib/api/use-live-updates';
import { adminCheckQuery, useAdminCheck } from '@/lib/auth/admin-check';
import { useAdminLogout } from '@/lib/auth/admin-session';
import { displayStorage } from '@/lib/storage/display-storage';
import { usePageMeta } from '@/lib/use-page-meta';
import { AdminFrame, FRAMED_PANELS, frameAdminEmail } from './admin-frame';
import { AdminPanel, loadPanel, prefetchPanel } from './admin-panels';
import { ADMIN_LABELS, TAB_LABELS } from './admin-texts';
import { adminVehiclePageQuery, QUEUE_PAGE } from './api/get-admin-vehicles';
import { adminTabCountsQuery, useAdminTabCounts } from './api/get-tab-counts';
import { requiredShotsQuery } from './api/required-shots';
import { StatCards } from './components/common/stat-cards';
import { SyncButton } from './components/common/sync-button';
import { TabCount } from './components/common/tab-count';
import { adminTabOf, useAdminTab } from './use-admin-tab';

/**
 * What the page's first render waits for when /admin opens a visit (app/router.tsx `preparePageOf`;
 * the reads preloaded by the HTML), issue #47:
 * - the open tab's code: rendered without it, the page painted the tab's placeholder, then revealed
 *   the tab up to 300 ms later (React's Suspense throttle), on a phone most of the time to the
 *   largest paint, the Complete tab's description. A panel whose code fails to load shows its
 *   placeholder and loads it again as it renders.
 * - the admin check: the dashboard is then drawn in the first render, which is time-sliced, rather
 *   than in the one the check's answer sets off, which React runs in one piece (a 0.4 s task).
 * - the counts beside the tabs and on the stat cards (one read): a count drawn after the first render
 *   moved the tabs after it, and where the strip wraps (desktop) the page below it (0.04 with the
 *   counts 2.5 s late). The server's frame stays on screen meanwhile; its render is replaced, not
 *   hydrated, so the counts appearing with the first render move nothing.
 * What the first render reads is asked for here too, not awaited: the queue's first page with the
 * required shots when the queue is open. Asked first by the render's components,
 * each read turned them "fetching" as they subscribed, which made React draw them all again in the
 * same task as the first render (its longest, issue #47); the answers also come sooner.
 */
export const prepare = (queryClient: QueryClient) => {
  const tab = adminTabOf(new URLSearchParams(window.location.search));
  const counts = queryClient.prefetchQuery(adminTabCountsQuery());
  if (tab === 'complete') {
    void queryClient.prefetchQuery(adminVehiclePageQuery({ list: 'queue', limit: QUEUE_PAGE }));
    void queryClient.prefetchQuery(requiredShotsQuery());
  }
  return Promise.all([queryClient.prefetchQuery(adminCheckQuery()), counts, loadPanel(tab).catch(() => {})]);
};

/**
 * What the server's render of the page's frame needs (app/entry-server.tsx `renderAdminFrame`, ADR
 * 0051): the session, which the server has found to be an admin's, and the open tab's code when the
 * frame draws its panel. Nothing is read: the frame shows the tab's heading, description and loading
 * rows, and the browser then renders the page itself over it.
 */
export const prepareFrame = async (queryClient: QueryClient, search: string) => {
  queryClient.setQueryData(adminCheckQuery().queryKey, { authorized: true });
  const tab = adminTabOf(new URLSearchParams(search));
  if (FRAMED_PANELS.has(tab)) await loadPanel(tab);
};

export default function AdminPage() {
  usePageMeta('admin');
  const check = useAdminCheck();
  return (
    <RequireSession
      isLoading={check.isPending}
      isSignedIn={!!check.data?.authorized}
      signInPath={PAGE_PATHS.adminLogin}
    >
      <AdminDashboard />
    </RequireSession>
  );
}

function AdminDashboard() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const frame = useContext(AdminFrame);
  const email = frame?.email ?? frameAdminEmail() ?? displayStorage.getAdminEmail();
  const [tab, setTab] = useAdminTab();
  // Stats, queue, offers and sales follow changes made anywhere (another admin, a dealer, a sweep).
  useLiveUpdates();
  const tabList = useRef<HTMLDivElement>(null);
  const tabIds = useId();
  // On a phone the tabs scroll sideways: keep the open one in view (e.g. after a shared link),
  // also when the waiting-work counts arrive and widen the tabs before it. Only from the observer,
  // which reports each trigger's size once as it starts watching, after the browser's layout and
  // before its paint: measured in the effect itself, the page's first layout ran inside the first
  // render's task (issue #47).
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    if (!list || !active) return;
    const center = () => {
      list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
    };
    const observer = new ResizeObserver(center);
    for (const trigger of list.children) observer.observe(trigger);
    return () => observer.disconnect();
  }, [tab]);
  // Signing out first takes the tabs off the page, then ends the session: nothing the page shows
  // (a queued car's private photos) is still loading when its session is gone.
  const [leaving, setLeaving] = useState(false);
  const { mutate: endSession } = logout;
  useEffect(() => {
    if (!leaving) return;
    endSession(undefined, {
      onSettled: () => {
        queryClient.removeQueries({ queryKey: queryKeys.admin.all });
        navigate(PAGE_PATHS.adminLogin);
      },
    });
  }, [leaving, endSession, queryClient, navigate]);
  const signOut = () => setLeaving(true);
  if (leaving) {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-10 text-sm text-slate-600 sm:px-6">
        Signing out…
      </p>
    );
  }
  return (
    <PageFrame
      title={ADMIN_LABELS.title}
      subtitle={email ? <span className="text-sm">Signed in as {email}</span> : null}
      actions={
        <div className="flex items-center gap-2">
          <SyncButton />
          <Button variant="outline" onClick={signOut} disabled={leaving}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign out
          </Button>
        </div>
      }
    >
      <div className="mt-6">
        <StatCards />
      </div>
      <Tabs.Root value={tab} onValueChange={setTab} className="mt-8">
        <Tabs.List
          ref={tabList}
          // The server's frame: the strip is reachable by keyboard before the app runs (the tabs' own
          // tab stops are set as they mount, which the frame never does).
          {...(frame ? { tabIndex: 0 } : {})}
          aria-label="Admin sections"
          className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 [scrollbar-width:thin] sm:mx-0 sm:px-0 lg:flex-wrap lg:overflow-x-visible"
        >
          <TabTriggers onOpen={setTab} ids={tabIds} />
        </Tabs.List>
        {/* The open tab's panel, named by its tab. Not Radix's Tabs.Content: its presence check reads
            the panel's computed style as it mounts, a style pass over the whole new page inside the
            task that draws it (~50 ms on a slow phone, issue #47); the panels are never animated. */}
        <div
          key={tab}
          role="tabpanel"
          id={panelIdOf(tabIds, tab)}
          aria-labelledby={tabIdOf(tabIds, tab)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop after its tabs (WAI-ARIA's tabs pattern), as Radix's was
          tabIndex={0}
          className="mt-6 focus-visible:outline-none"
        >
          <AdminPanel tab={tab} />
        </div>
      </Tabs.Root>
    </PageFrame>
  );
}

/** A tab's id and its panel's: the tab names the panel it controls, the panel is labelled by its tab. */
const tabIdOf = (ids: string, tab: string) => `${ids}tab-${tab}`;
const panelIdOf = (ids: string, tab: string) => `${ids}panel-${tab}`;

/** The tabs, each with its waiting work (one read of the counts for the strip). */
function TabTriggers({ onOpen, ids }: { onOpen: (tab: string) => void; ids: string }) {
  const counts = useAdminTabCounts().data;
  return ADMIN_TABS.map((value) => (
    <Tabs.Trigger
      key={value}
      value={value}
      id={tabIdOf(ids, value)}
      aria-controls={panelIdOf(ids, value)}
      data-tab={value}
      // Its code on its way before the tap that opens it lands.
      onPointerEnter={() => prefetchPanel(value)}
      // Radix opens a tab on mouse down; a tap held on the server's frame before the app ran is
      // replayed as a click (ADR 0020), which must open it too.
      onClick={() => onOpen(value)}
      onFocus={() => prefetchPanel(value)}
      className="relative -mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
    >
      {TAB_LABELS[value]}
      <TabCount tab={value} counts={counts} />
    </Tabs.Trigger>
  ));
}
