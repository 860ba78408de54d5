import type { AdminTab } from './admin';

/** The spec's route table (docs/product.md §2), shared by the web router and the server's HTML fallback. */
export const PAGE_PATHS = {
  home: '/',
  inventory: '/inventory',
  adminLogin: '/admin/login',
  admin: '/admin',
  upload: '/upload',
  // The staff's Recon area (issue #31): work orders worked on a phone.
  recon: '/upload/recon',
  // "My uploads" (issue #34): the staff sign-in's vehicles and where each stands.
  myUploads: '/upload/mine',
  dealerLogin: '/dealer/login',
  dealerDashboard: '/dealer/dashboard',
  vehicle: '/vehicle/:id',
  // Dealer teams (docs/design.md §10): a named member's sign-in, links from e-mails, account and team.
  teamSignIn: '/dealer/sign-in',
  acceptInvitation: '/dealer/invitation',
  forgotPassword: '/dealer/forgot-password',
  resetPassword: '/dealer/reset-password',
  account: '/dealer/account',
  team: '/dealer/team',
} as const;
export type PageKey = keyof typeof PAGE_PATHS;

/**
 * The module that renders each lazily loaded page (as the Vite manifest names it, relative to
 * web/), so the server can preload a page's code with the entry instead of after it. Kept equal to
 * the lazy imports of web/src/app/router.tsx by a browser test (e2e/lazy-pages.e2e.ts).
 */
export const LAZY_PAGE_MODULES: Partial<Record<PageKey, string>> = {
  inventory: 'src/features/inventory/inventory-page.tsx',
  vehicle: 'src/features/vehicle/vehicle-page.tsx',
  dealerLogin: 'src/features/dealer/dealer-login-page.tsx',
  dealerDashboard: 'src/features/dealer/dealer-dashboard-page.tsx',
  upload: 'src/features/upload/upload-page.tsx',
  recon: 'src/features/upload/recon/recon-page.tsx',
  myUploads: 'src/features/upload/my-uploads/my-uploads-page.tsx',
  adminLogin: 'src/features/admin/admin-login-page.tsx',
  admin: 'src/features/admin/admin-page.tsx',
  teamSignIn: 'src/features/team/team-sign-in-page.tsx',
  acceptInvitation: 'src/features/team/accept-invitation-page.tsx',
  forgotPassword: 'src/features/team/forgot-password-page.tsx',
  resetPassword: 'src/features/team/reset-password-page.tsx',
  account: 'src/features/team/account-page.tsx',
  team: 'src/features/team/team-page.tsx',
};

/**
 * The module of each admin tab's panel (as the Vite manifest names it), each a chunk of its own
 * that the admin page loads when the tab opens (web/src/features/admin/admin-panels.tsx): the server
 * preloads the open tab's with the page (issue #47). Kept equal to those lazy imports by the bundle
 * test (e2e/bundle-budget.e2e.ts).
 */
export const ADMIN_TAB_MODULES: Record<AdminTab, string> = {
  complete: 'src/features/admin/components/complete/complete-tab.tsx',
  listings: 'src/features/admin/components/listings/listings-tab.tsx',
  dealers: 'src/features/admin/components/dealers/dealers-tab.tsx',
  transactions: 'src/features/admin/components/transactions/transactions-tab.tsx',
  offers: 'src/features/admin/components/offers/offers-tab.tsx',
  'buy-codes': 'src/features/admin/components/buy-codes/buy-codes-tab.tsx',
  activity: 'src/features/admin/components/activity/activity-tab.tsx',
  notifications: 'src/features/admin/components/notifications/notifications-tab.tsx',
  demand: 'src/features/admin/components/demand/demand-tab.tsx',
  recon: 'src/features/admin/components/recon/recon-tab.tsx',
  transport: 'src/features/admin/components/delivery/transport-tab.tsx',
  'floor-plan': 'src/features/admin/components/delivery/floor-plan-tab.tsx',
  insights: 'src/features/admin/components/insights/insights-tab.tsx',
};

export const vehiclePath = (id: number | string) => `/vehicle/${encodeURIComponent(String(id))}`;

/** An admin tab as a link (`/admin?tab=offers`): the admin page opens the tab the URL names. */
export const adminTabPath = (tab: AdminTab) => `${PAGE_PATHS.admin}?tab=${tab}`;

/**
 * The dealer dashboard's sections (issue #46, docs/features/dealer-dashboard.md): a first view,
 * "Needs you", and sections one tap away, each a route under /dealer/dashboard at its path segment
 * ('' for the first view), in their tabs' order. What each section shows and lists (its tab's
 * words, its cards, its kinds of item, the anchors links use) is the rest of the table,
 * contracts/dealer-dashboard.ts, keyed by these sections: the page route table stays this small
 * because every page's first script carries it (e2e/bundle-budget.e2e.ts).
 */
export const DEALER_DASHBOARD_SEGMENTS = {
  needsYou: '',
  purchases: 'purchases',
  offers: 'offers',
  buyOrders: 'buy-orders',
  deliveries: 'deliveries',
  documents: 'documents',
  team: 'team',
  insights: 'insights',
} as const;
export type DealerDashboardSection = keyof typeof DEALER_DASHBOARD_SEGMENTS;

/** The route the web matches: the dashboard, or one of its sections. */
export const DEALER_DASHBOARD_ROUTE = `${PAGE_PATHS.dealerDashboard}/:section?`;

/** The section a path segment names (`purchases`; none: the first view), or null. */
export const dealerSectionOfSegment = (segment = ''): DealerDashboardSection | null =>
  (Object.keys(DEALER_DASHBOARD_SEGMENTS) as DealerDashboardSection[]).find(
    (section) => DEALER_DASHBOARD_SEGMENTS[section] === segment,
  ) ?? null;

export interface PageMeta {
  title: string;
  description: string;
}

export const NOT_FOUND_TITLE = '404 Page Not Found';
export const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';

/** Title and description of each page, used for <title> and <meta name="description">. */
export function pageMeta(key: PageKey | 'notFound', productName: string): PageMeta {
  const meta: Record<PageKey | 'notFound', PageMeta> = {
    home: {
      title: `${productName} | Your Buyer. Replaced.`,
      description: `${productName} sources, reconditions and delivers certified wholesale vehicles, ready for your floor plan and front line.`,
    },
    inventory: {
      title: `Vehicle Listings | ${productName}`,
      description:
        'Browse certified wholesale vehicles from trusted dealers. Buy now with your buy code or make an offer.',
    },
    vehicle: {
      title: `Vehicle details | ${productName}`,
      description:
        'Vehicle details, walkaround video and inspection report of a certified wholesale vehicle.',
    },
    adminLogin: {
      title: `Admin sign-in | ${productName}`,
      description: `Sign in to the ${productName} admin area.`,
    },
    admin: { title: `Admin dashboard | ${productName}`, description: `The ${productName} admin area.` },
    upload: {
      title: `Upload vehicle | ${productName}`,
      description: 'Upload a vehicle to the review queue.',
    },
    recon: {
      title: `Reconditioning | ${productName}`,
      description: 'Work orders of cars sold with a reconditioning package.',
    },
    myUploads: {
      title: `My uploads | ${productName}`,
      description: 'Vehicles you uploaded and where each one stands.',
    },
    dealerLogin: {
      title: `Dealer Portal sign-in | ${productName}`,
      description: 'Sign in to your dealer portal with your dealer name and buy code.',
    },
    dealerDashboard: {
      title: `Dealer dashboard | ${productName}`,
      description: 'Your buy codes, transactions and offers.',
    },
    teamSignIn: {
      title: `Team sign-in | ${productName}`,
      description: 'Sign in to your dealership with your e-mail and a password or passkey.',
    },
    acceptInvitation: {
      title: `Join your dealership's team | ${productName}`,
      description: 'Accept an invitation to your dealership’s team.',
    },
    forgotPassword: {
      title: `Forgot password | ${productName}`,
      description: 'Get a link to choose a new password.',
    },
    resetPassword: {
      title: `Choose a new password | ${productName}`,
      description: 'Choose a new password for your team account.',
    },
    account: {
      title: `Your account | ${productName}`,
      description: 'Your passkeys and password.',
    },
    team: { title: `Your team | ${productName}`, description: 'Invite and manage your dealership’s team.' },
    notFound: { title: `${NOT_FOUND_TITLE} | ${productName}`, description: NOT_FOUND_TEXT },
  };
  return meta[key];
}

/** Which page a pathname shows, or 'notFound'. Trailing slashes are tolerated. */
export function matchPage(pathname: string): PageKey | 'notFound' {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [key, pattern] of Object.entries(PAGE_PATHS) as [PageKey, string][]) {
    if (pattern === path) return key;
  }
  if (/^\/vehicle\/[^/]+$/.test(path)) return 'vehicle';
  const section = /^\/dealer\/dashboard\/([^/]+)$/.exec(path)?.[1];
  if (section && dealerSectionOfSegment(section)) return 'dealerDashboard';
  return 'notFound';
}
