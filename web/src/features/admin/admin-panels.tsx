import type { AdminTab } from '@contracts/admin';
import { Suspense, useContext } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { Loading } from '@/components/ui/placeholders';
import { AdminFrame, FRAMED_PANELS } from './admin-frame';
import { INSIGHTS_ADMIN_LABELS, panelHeadOf, TAB_LABELS } from './admin-texts';
import { Panel } from './components/common/panel';

/**
 * Each admin tab's panel is a chunk of its own, loaded when its tab opens (issue #47): the page's
 * first paint loads the open tab's code alone (the server preloads it with the page,
 * contracts/routes.ts ADMIN_TAB_MODULES), not the twelve others' and what they import (forms, zod,
 * photo uploads, the chart library). A tab's code is fetched ahead when its trigger is pointed at or
 * focused, so switching tabs stays instant. Not all of them once the page is idle: that ran in the
 * page's first seconds all the same (Lighthouse mobile: 134 scripts instead of 64, TBT doubled).
 */
const PANELS = {
  complete: lazyPage(() =>
    import('./components/complete/complete-tab').then((m) => ({ default: m.CompleteTab })),
  ),
  listings: lazyPage(() =>
    import('./components/listings/listings-tab').then((m) => ({ default: m.ListingsTab })),
  ),
  dealers: lazyPage(() =>
    import('./components/dealers/dealers-tab').then((m) => ({ default: m.DealersTab })),
  ),
  transactions: lazyPage(() =>
    import('./components/transactions/transactions-tab').then((m) => ({ default: m.TransactionsTab })),
  ),
  offers: lazyPage(() => import('./components/offers/offers-tab').then((m) => ({ default: m.OffersTab }))),
  'buy-codes': lazyPage(() =>
    import('./components/buy-codes/buy-codes-tab').then((m) => ({ default: m.BuyCodesTab })),
  ),
  activity: lazyPage(() =>
    import('./components/activity/activity-tab').then((m) => ({ default: m.ActivityTab })),
  ),
  notifications: lazyPage(() =>
    import('./components/notifications/notifications-tab').then((m) => ({ default: m.NotificationsTab })),
  ),
  demand: lazyPage(() => import('./components/demand/demand-tab').then((m) => ({ default: m.DemandTab }))),
  recon: lazyPage(() => import('./components/recon/recon-tab').then((m) => ({ default: m.ReconTab }))),
  transport: lazyPage(() =>
    import('./components/delivery/transport-tab').then((m) => ({ default: m.TransportTab })),
  ),
  'floor-plan': lazyPage(() =>
    import('./components/delivery/floor-plan-tab').then((m) => ({ default: m.FloorPlanTab })),
  ),
  // With its chart library (ADR 0028): no other tab, and no public page, loads it.
  insights: lazyPage(() =>
    import('./components/insights/insights-tab').then((m) => ({ default: m.InsightsTab })),
  ),
} satisfies Record<AdminTab, ReturnType<typeof lazyPage>>;

/**
 * A tab's panel; while its code is on its way, a screen's height of placeholder (nothing shifts),
 * under the tab's heading and description when they are known before its code (PANEL_HEADS).
 */
export function AdminPanel({ tab }: { tab: AdminTab }) {
  const { Page } = PANELS[tab];
  const label = tab === 'insights' ? INSIGHTS_ADMIN_LABELS.loading : `Loading ${TAB_LABELS[tab]}…`;
  const loading = <Loading label={label} rows={2} className="min-h-screen content-start" />;
  const head = panelHeadOf(tab);
  const placeholder = head ? (
    <Panel title={head.title} description={head.description}>
      {loading}
    </Panel>
  ) : (
    loading
  );
  // The server's frame draws only the panels that hold no field before their first answer; of the
  // others, the placeholder (under the tab's heading and description when known).
  if (useContext(AdminFrame) && !FRAMED_PANELS.has(tab)) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Page />
    </Suspense>
  );
}

/** A tab's code, loaded (rejects when it cannot be fetched). */
export const loadPanel = (tab: AdminTab) => PANELS[tab].preload();

/** Fetches a tab's code ahead of its opening (a failed fetch is tried again when the tab opens). */
export const prefetchPanel = (tab: AdminTab) => {
  PANELS[tab].preload().catch(() => {});
};
