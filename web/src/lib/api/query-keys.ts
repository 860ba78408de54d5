import type { DealerListQuery, DealerOffersQuery, DealerSalesQuery } from '@contracts/dealer-lists';

/** Every TanStack Query key of the app, in one place (docs/conventions.md rule 6). */
export const queryKeys = {
  vehicles: {
    all: ['vehicles'] as const,
    /** One search of the inventory page (GET /api/vehicles/search), all its loaded pages. */
    search: (search: { q: string; cert: string; grade: string; sort: string }) =>
      ['vehicles', 'search', search] as const,
    /** Every search (a prefix of search). */
    searches: () => ['vehicles', 'search'] as const,
    detail: (id: number | string) => ['vehicles', 'detail', String(id)] as const,
  },
  dealerPortal: {
    all: ['dealer-portal'] as const,
    buyCodes: () => ['dealer-portal', 'buy-codes'] as const,
    transactions: () => ['dealer-portal', 'transactions'] as const,
    /** A page of the dealership's sales (under `transactions`: a sale's step refreshes it too). */
    salesPage: (query: DealerSalesQuery) => ['dealer-portal', 'transactions', 'page', query] as const,
    /** The sales that wait on the dealer ("Needs you"; under `transactions` too). */
    salesWaiting: () => ['dealer-portal', 'transactions', 'waiting'] as const,
    offers: () => ['dealer-portal', 'offers'] as const,
    offersPage: (query: DealerOffersQuery) => ['dealer-portal', 'offers', 'page', query] as const,
    notificationPreferences: () => ['dealer-portal', 'notification-preferences'] as const,
    buyOrders: () => ['dealer-portal', 'buy-orders'] as const,
    /** A page of the dealership's buy orders (under `buyOrders`: a change refreshes it). */
    buyOrdersPage: (query: DealerListQuery) => ['dealer-portal', 'buy-orders', 'page', query] as const,
    savedSearches: () => ['dealer-portal', 'saved-searches'] as const,
    savedSearchesPage: (query: DealerListQuery) =>
      ['dealer-portal', 'saved-searches', 'page', query] as const,
    /** The signed-in person's Favorite and Watch marks: every page and every car's read of them. */
    watchlist: () => ['dealer-portal', 'watchlist'] as const,
    /** A page of the watchlist, or one car's marks (`id`: the vehicle page's buttons, a link). */
    watchlistPage: (query: DealerListQuery) => ['dealer-portal', 'watchlist', 'page', query] as const,
    /** Cars held for the dealership's first look (docs/design.md §13). */
    firstLooks: () => ['dealer-portal', 'first-looks'] as const,
    /** When the person's alerts arrive (time zone, digest hour, quiet hours). */
    alertSchedule: () => ['dealer-portal', 'alert-schedule'] as const,
    /** The dealership's work orders (reconditioning, docs/design.md §14). */
    workOrders: () => ['dealer-portal', 'work-orders'] as const,
    workOrdersPage: (query: DealerListQuery) => ['dealer-portal', 'work-orders', 'page', query] as const,
    /** The dealership's floor-plan lines (docs/design.md §15): the dashboard and the Buy Now dialog. */
    floorPlanLines: () => ['dealer-portal', 'floor-plan-lines'] as const,
    /**
     * What a car costs the signed-in dealer delivered (issue #46), per dealership (its ZIP, its
     * offer) and car; every one of them is a prefix's.
     */
    deliveredPrices: () => ['dealer-portal', 'delivered-price'] as const,
    deliveredPrice: (dealerId: number, vehicleId: number) =>
      ['dealer-portal', 'delivered-price', dealerId, vehicleId] as const,
    /** The signed-in member's limits and what they committed today. */
    buyerLimits: (memberId: number | null) => ['dealer-portal', 'buyer-limits', memberId] as const,
  },
  auth: {
    adminCheck: () => ['auth', 'admin-check'] as const,
    dealerMe: () => ['auth', 'dealer-me'] as const,
    staffMe: () => ['auth', 'staff-me'] as const,
  },
  staff: {
    /** "My uploads" (GET /api/staff/uploads). */
    uploads: () => ['staff', 'uploads'] as const,
  },
  team: {
    all: ['team'] as const,
    members: () => ['team', 'members'] as const,
    passkeys: () => ['team', 'passkeys'] as const,
    invitation: (token: string | null) => ['team', 'invitation', token] as const,
  },
  upload: {
    all: ['upload'] as const,
    mediaConfig: () => ['upload', 'media-config'] as const,
    vinDecode: (vin: string) => ['upload', 'vin', vin] as const,
    /** The guided shots the wizard requires (issue #34), as staff last read them. */
    requiredShots: () => ['upload', 'required-shots'] as const,
  },
  admin: {
    all: ['admin'] as const,
    /** Every admin vehicle read: the lists' pages (a prefix). */
    vehicles: () => ['admin', 'vehicles'] as const,
    vehiclePage: (query: { list: string; q?: string; cursor?: string; limit?: number }) =>
      ['admin', 'vehicles', 'page', query] as const,
    /** The stat cards and the counts beside the tabs, one read (GET /api/admin/tab-counts). */
    tabCounts: () => ['admin', 'tab-counts'] as const,
    dealers: () => ['admin', 'dealers'] as const,
    dealerList: (query: object) => ['admin', 'dealers', 'list', query] as const,
    buyCodes: (dealerId?: number) => ['admin', 'buy-codes', dealerId ?? 'all'] as const,
    /** Every dealer's and the all-dealers buy-code list (a prefix of buyCodes). */
    allBuyCodes: () => ['admin', 'buy-codes'] as const,
    /** Every transaction read: the lists under each filter and the aging summary (a prefix). */
    transactions: () => ['admin', 'transactions'] as const,
    transactionList: (query: object) => ['admin', 'transactions', 'list', query] as const,
    transactionAging: () => ['admin', 'transactions', 'aging'] as const,
    /**
     * Certified delivery and floor plan (docs/design.md §15): the transport board and the floor-plan
     * requests, under transactions so a sale's live change refreshes them too.
     */
    transportBoard: (query: unknown) => ['admin', 'transactions', 'transport-board', query] as const,
    floorPlanBoard: (query: unknown) => ['admin', 'transactions', 'floor-plan-board', query] as const,
    offers: () => ['admin', 'offers'] as const,
    offerList: (query: object) => ['admin', 'offers', 'list', query] as const,
    demand: () => ['admin', 'demand'] as const,
    /** Demand's orders, a page at a time (all, searched, or one group's). */
    demandOrders: (query: unknown) => ['admin', 'demand', 'orders', query] as const,
    /** Reconditioning: packages, and the work orders (board and each one) as a prefix. */
    reconPackages: () => ['admin', 'recon-packages'] as const,
    /** The required guided shots setting (issue #34). */
    requiredShots: () => ['admin', 'required-shots'] as const,
    workOrders: () => ['admin', 'work-orders'] as const,
    /** A page of the admin's work orders under its choices (the server filters and sorts). */
    workOrderBoard: (query: unknown) => ['admin', 'work-orders', 'board', query] as const,
    /** One buy order's history (under demand: refreshed with the board). */
    buyOrderHistory: (orderId: number) => ['admin', 'demand', 'history', orderId] as const,
    /** The Complete dialog's "N open orders match" for one car and the values typed. */
    firstLookPreview: (vehicleId: number, values: unknown) =>
      ['admin', 'first-look-preview', vehicleId, values] as const,
    dealerTeam: (dealerId: number) => ['admin', 'dealer-team', dealerId] as const,
    audit: (entity?: string) => ['admin', 'audit', entity ?? 'all'] as const,
    /** Every audit view (a prefix of audit). */
    allAudit: () => ['admin', 'audit'] as const,
    jobs: () => ['admin', 'jobs'] as const,
    notifications: (status?: string) => ['admin', 'notifications', status ?? 'all'] as const,
    /** The notification log under every status filter (a prefix of notifications). */
    allNotifications: () => ['admin', 'notifications'] as const,
  },
  buying: {
    /** The terms of a sale made now (GET /api/sale-terms), shown before and after Buy Now. */
    saleTerms: () => ['sale-terms'] as const,
    /**
     * The guarantee a car of this certification level is sold with (the vehicle page): in the page's
     * server-rendered state, else picked from the sale terms.
     */
    guarantee: (level: string) => ['guarantee', level] as const,
    /** The mutation key of every purchase (code or signed-in): its confirmation outlives the dialog. */
    purchase: () => ['purchase'] as const,
    /** The reconditioning packages the buying dialogs offer (docs/design.md §14). */
    reconPackages: () => ['buying', 'recon-packages'] as const,
    /** A transport quote for a car or a sale, to a ZIP, open or enclosed (docs/design.md §15). */
    transportQuote: (body: unknown) => ['buying', 'transport-quote', body] as const,
  },
} as const;
