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

export const vehiclePath = (id: number | string) => `/vehicle/${encodeURIComponent(String(id))}`;

/** An admin tab as a link (`/admin?tab=offers`): the admin page opens the tab the URL names. */
export const adminTabPath = (tab: AdminTab) => `${PAGE_PATHS.admin}?tab=${tab}`;

/**
 * The dealer dashboard (issue #46, docs/features/dealer-dashboard.md): a first view, "Needs you", and
 * sections one tap away, each a route under /dealer/dashboard. THE one table of them, read by the
 * server (which paths are the dashboard's, where an e-mail's link points) and by the web (its routes,
 * its tabs, the anchors its cards and items carry):
 * - `segment`: the section's path under /dealer/dashboard ('' for the first view);
 * - `title`: its tab's words;
 * - `parts`: the anchored cards it shows, by their `id` (the card's heading is `${id}-title`);
 * - `items`: the kinds of item it lists, by their anchor's prefix (`sale` → `#sale-123`).
 * Keys of parts and of items are unique across the table: each lives in one section.
 */
export const DEALER_DASHBOARD_SECTIONS = {
  needsYou: { segment: '', title: 'Needs you', parts: { needsYou: 'needs-you' }, items: {} },
  purchases: {
    segment: 'purchases',
    title: 'Purchases',
    parts: { transactions: 'transactions', reconditioning: 'reconditioning' },
    items: { sale: 'sale', workOrder: 'work-order' },
  },
  offers: { segment: 'offers', title: 'Offers', parts: { offers: 'offers' }, items: { offer: 'offer' } },
  buyOrders: {
    segment: 'buy-orders',
    title: 'Buy orders & alerts',
    parts: {
      firstLook: 'first-look',
      buyOrders: 'buy-orders',
      savedSearches: 'saved-searches',
      alertSchedule: 'alert-schedule',
      watchlist: 'watchlist',
    },
    items: { firstLook: 'first-look', buyOrder: 'buy-order', savedSearch: 'saved-search' },
  },
  deliveries: {
    segment: 'deliveries',
    title: 'Deliveries',
    parts: { deliveries: 'deliveries' },
    items: { delivery: 'delivery' },
  },
  documents: {
    segment: 'documents',
    title: 'Documents',
    parts: { documents: 'documents' },
    items: { saleDocuments: 'documents' },
  },
  team: {
    segment: 'team',
    title: 'Team',
    parts: {
      buyCodes: 'buy-codes',
      yourTeam: 'your-team',
      floorPlanLines: 'floor-plan-lines',
      notifications: 'notifications',
    },
    items: {},
  },
  insights: { segment: 'insights', title: 'Insights', parts: { insights: 'insights' }, items: {} },
} as const;

type DashboardTable = typeof DEALER_DASHBOARD_SECTIONS;
export type DealerDashboardSection = keyof DashboardTable;
/** A card of the dashboard (`reconditioning`, `notifications`…). */
export type DealerDashboardPart = {
  [S in DealerDashboardSection]: keyof DashboardTable[S]['parts'];
}[DealerDashboardSection];
/** A kind of item a section lists (`sale`, `offer`…). */
export type DealerDashboardItem = {
  [S in DealerDashboardSection]: keyof DashboardTable[S]['items'];
}[DealerDashboardSection];

/** The sections in their tabs' order. */
export const DEALER_DASHBOARD_SECTION_KEYS = Object.keys(
  DEALER_DASHBOARD_SECTIONS,
) as DealerDashboardSection[];

const sectionTable = DEALER_DASHBOARD_SECTION_KEYS.map((section) => {
  const { parts, items } = DEALER_DASHBOARD_SECTIONS[section];
  return {
    section,
    parts: Object.entries(parts) as [DealerDashboardPart, string][],
    items: Object.entries(items) as [DealerDashboardItem, string][],
  };
});
const PARTS = new Map(
  sectionTable.flatMap(({ section, parts }) => parts.map(([part, id]) => [part, { section, id }] as const)),
);
const ITEMS = new Map(
  sectionTable.flatMap(({ section, items }) =>
    items.map(([item, prefix]) => [item, { section, prefix }] as const),
  ),
);

/** The route the web matches: the dashboard, or one of its sections. */
export const DEALER_DASHBOARD_ROUTE = `${PAGE_PATHS.dealerDashboard}/:section?`;

/** A section's path (`/dealer/dashboard/offers`), with an anchor in it when given. */
export const dealerDashboardPath = (section: DealerDashboardSection, anchor?: string) => {
  const { segment } = DEALER_DASHBOARD_SECTIONS[section];
  return `${PAGE_PATHS.dealerDashboard}${segment ? `/${segment}` : ''}${anchor ? `#${anchor}` : ''}`;
};

/** The section a path segment names (`purchases` → purchases; '' → the first view), or null. */
export const dealerSectionOfSegment = (segment: string | undefined): DealerDashboardSection | null =>
  DEALER_DASHBOARD_SECTION_KEYS.find((key) => DEALER_DASHBOARD_SECTIONS[key].segment === (segment ?? '')) ??
  null;

/** A card's anchor (`reconditioning`); its heading's is `${id}-title`. */
export const dealerPartId = (part: DealerDashboardPart) => PARTS.get(part)!.id;
/** Where a card is: `/dealer/dashboard/team#notifications`. */
export const dealerPartPath = (part: DealerDashboardPart) => {
  const { section, id } = PARTS.get(part)!;
  return dealerDashboardPath(section, id);
};

/** An item's anchor: `sale-123`, `offer-45`. */
export const dealerItemAnchor = (item: DealerDashboardItem, id: number | string) =>
  `${ITEMS.get(item)!.prefix}-${id}`;
/**
 * Where an item is: `/dealer/dashboard/purchases#sale-123`. Without an id (a message queued before
 * its facts named one) the item's section.
 */
export const dealerItemPath = (item: DealerDashboardItem, id: number | string | null | undefined) => {
  const { section } = ITEMS.get(item)!;
  return dealerDashboardPath(
    section,
    id === null || id === undefined ? undefined : dealerItemAnchor(item, id),
  );
};

/**
 * The section an anchor is in: a card's (`offers`, `offers-title`) or an item's (`sale-123`); null
 * for none. Links sent before the sections had routes (`/dealer/dashboard#offers-title`) land through it.
 */
export function dealerSectionOfAnchor(anchor: string): DealerDashboardSection | null {
  for (const { section, parts, items } of sectionTable) {
    if (parts.some(([, id]) => anchor === id || anchor === `${id}-title`)) return section;
    if (items.some(([, prefix]) => new RegExp(`^${prefix}-\\d+$`).test(anchor))) return section;
  }
  return null;
}

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
  const section = path.startsWith(`${PAGE_PATHS.dealerDashboard}/`)
    ? path.slice(PAGE_PATHS.dealerDashboard.length + 1)
    : null;
  if (section && dealerSectionOfSegment(section)) return 'dealerDashboard';
  return 'notFound';
}
