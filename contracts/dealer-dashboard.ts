import { DEALER_DASHBOARD_SEGMENTS, type DealerDashboardSection, PAGE_PATHS } from './routes';

/**
 * The dealer dashboard's table of sections (issue #46, docs/features/dealer-dashboard.md), read by the
 * server (where an e-mail's link points) and by the web (its section bar, routes and anchors). Each
 * section (its path: contracts/routes.ts DEALER_DASHBOARD_SEGMENTS) has
 * - `title`: its tab's words;
 * - `parts`: the anchored cards it shows, by their `id` (the card's heading is `${id}-title`);
 * - `items`: the kinds of item it lists, by their anchor's prefix (`sale` → `#sale-123`).
 * Keys of parts and of items are unique across the table (a test says so): each lives in one section.
 */
export const DEALER_DASHBOARD_SECTIONS = {
  needsYou: { title: 'Needs you', parts: { needsYou: 'needs-you' }, items: {} },
  purchases: {
    title: 'Purchases',
    parts: { transactions: 'transactions', reconditioning: 'reconditioning' },
    items: { sale: 'sale', workOrder: 'work-order' },
  },
  offers: { title: 'Offers', parts: { offers: 'offers' }, items: { offer: 'offer' } },
  buyOrders: {
    title: 'Buy orders & alerts',
    parts: {
      firstLook: 'first-look',
      buyOrders: 'buy-orders',
      savedSearches: 'saved-searches',
      alertSchedule: 'alert-schedule',
      watchlist: 'watchlist',
    },
    items: {
      firstLook: 'first-look',
      buyOrder: 'buy-order',
      savedSearch: 'saved-search',
      watchedCar: 'watched-car',
    },
  },
  deliveries: { title: 'Deliveries', parts: { deliveries: 'deliveries' }, items: { delivery: 'delivery' } },
  documents: { title: 'Documents', parts: { documents: 'documents' }, items: { saleDocuments: 'documents' } },
  team: {
    title: 'Team',
    parts: {
      buyCodes: 'buy-codes',
      yourTeam: 'your-team',
      floorPlanLines: 'floor-plan-lines',
      notifications: 'notifications',
    },
    items: {},
  },
  insights: { title: 'Insights', parts: { insights: 'insights' }, items: {} },
} as const satisfies Record<
  DealerDashboardSection,
  { title: string; parts: Record<string, string>; items: Record<string, string> }
>;

type DashboardTable = typeof DEALER_DASHBOARD_SECTIONS;
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

/** A section's path (`/dealer/dashboard/offers`), with an anchor in it when given (`…#offer-45`). */
export const dealerDashboardPath = (section: DealerDashboardSection, anchor?: string) => {
  const segment = DEALER_DASHBOARD_SEGMENTS[section];
  return `${PAGE_PATHS.dealerDashboard}${segment ? `/${segment}` : ''}${anchor ? `#${anchor}` : ''}`;
};

/** Where a card or a kind of item is: its section, and its id or anchor prefix. */
function place(kind: 'parts' | 'items', key: string) {
  for (const section of DEALER_DASHBOARD_SECTION_KEYS) {
    const value = (DEALER_DASHBOARD_SECTIONS[section][kind] as Record<string, string>)[key];
    if (value) return { section, value };
  }
  throw new Error(`The dashboard has no ${kind} ${key}`);
}

/** A card's anchor (`reconditioning`); its heading's is `${id}-title`. */
export const dealerPartId = (part: DealerDashboardPart) => place('parts', part).value;
/** Where a card is: `/dealer/dashboard/team#notifications`. */
export const dealerPartPath = (part: DealerDashboardPart) => {
  const { section, value } = place('parts', part);
  return dealerDashboardPath(section, value);
};

/** An item's anchor: `sale-123`, `offer-45`. */
export const dealerItemAnchor = (item: DealerDashboardItem, id: number | string) =>
  `${place('items', item).value}-${id}`;
/**
 * Where an item is: `/dealer/dashboard/purchases#sale-123`. Without an id (a message queued before
 * its facts named one) the item's section.
 */
export const dealerItemPath = (item: DealerDashboardItem, id: number | string | null | undefined) =>
  dealerDashboardPath(
    place('items', item).section,
    id === null || id === undefined ? undefined : dealerItemAnchor(item, id),
  );

/**
 * The section an anchor is in: a card's (`offers`, `offers-title`) or an item's (`sale-123`); null
 * for none. Links sent before the sections had routes (`/dealer/dashboard#offers-title`) land through it.
 */
export function dealerSectionOfAnchor(anchor: string): DealerDashboardSection | null {
  for (const section of DEALER_DASHBOARD_SECTION_KEYS) {
    const { parts, items } = DEALER_DASHBOARD_SECTIONS[section];
    if (Object.values(parts).some((id) => anchor === id || anchor === `${id}-title`)) return section;
    if (Object.values(items).some((prefix) => new RegExp(`^${prefix}-\\d+$`).test(anchor))) return section;
  }
  return null;
}
