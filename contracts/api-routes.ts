/**
 * Every JSON API endpoint: method, path and who may call it (docs/design.md §2). The server registers
 * its routes from this table (with the schemas of contracts/endpoints.ts) and the web app builds
 * every request URL from it, so a path is written once. No zod here: the public pages import it
 * without a validation library (docs/decisions/0005-endpoint-table.md).
 */
export const ACCESS_LEVELS = [
  'public',
  'dealer',
  'member',
  'identity',
  'staff',
  'admin',
  'account',
  'session',
] as const;
/**
 * 'dealer' = any dealer session: the spec's name + buy code sign-in or a named team member.
 * 'member' = a dealer session of a named team member (docs/design.md §10); the use case checks the role.
 * 'identity' = a named member's session proven by a password, a passkey or an invitation link, not
 * by a buy code: managing identity (passkeys, password, team, invitations, codes; docs/decisions/0031-session-strength.md).
 * 'account' = any signed-in dealer or admin (the use case narrows further, e.g. to the buying dealer).
 * 'session' = any signed-in session at all: admin, staff or dealer (the live stream, which then
 * sends each only what it may read).
 */
export type Access = (typeof ACCESS_LEVELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  path: `/api/${string}`;
  access: Access;
}

export const API_ROUTES = {
  // Sessions (docs/product.md §7, docs/design.md §2)
  adminLogin: { method: 'POST', path: '/api/admin/login', access: 'public' },
  adminLogout: { method: 'POST', path: '/api/admin/logout', access: 'public' },
  adminCheck: { method: 'GET', path: '/api/admin/check', access: 'public' },
  adminPassword: { method: 'POST', path: '/api/admin/password', access: 'admin' },
  dealerLogin: { method: 'POST', path: '/api/dealer/login', access: 'public' },
  dealerLogout: { method: 'POST', path: '/api/dealer/logout', access: 'public' },
  dealerMe: { method: 'GET', path: '/api/dealer/me', access: 'dealer' },
  staffLogin: { method: 'POST', path: '/api/staff/login', access: 'public' },
  staffLogout: { method: 'POST', path: '/api/staff/logout', access: 'public' },
  staffMe: { method: 'GET', path: '/api/staff/me', access: 'staff' },
  // "My uploads" (issue #34): the staff sign-in's own vehicles and where each stands.
  staffUploads: { method: 'GET', path: '/api/staff/uploads', access: 'staff' },
  // Dealer teams (issue #20, docs/design.md §10). Tokens from e-mailed links travel in bodies, never URLs.
  memberLogin: { method: 'POST', path: '/api/team/login', access: 'public' },
  passkeySignInOptions: { method: 'POST', path: '/api/team/passkey-login/options', access: 'public' },
  passkeySignIn: { method: 'POST', path: '/api/team/passkey-login', access: 'public' },
  readInvitation: { method: 'POST', path: '/api/team/invitation', access: 'public' },
  invitationPasskeyOptions: {
    method: 'POST',
    path: '/api/team/invitation/passkey-options',
    access: 'public',
  },
  acceptInvitation: { method: 'POST', path: '/api/team/invitation/accept', access: 'public' },
  requestPasswordReset: { method: 'POST', path: '/api/team/password-reset', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/team/password-reset/confirm', access: 'public' },
  memberPassword: { method: 'POST', path: '/api/team/password', access: 'identity' },
  memberReauth: { method: 'POST', path: '/api/team/reauth', access: 'identity' },
  memberPasskeys: { method: 'GET', path: '/api/team/passkeys', access: 'identity' },
  passkeyOptions: { method: 'POST', path: '/api/team/passkeys/options', access: 'identity' },
  addPasskey: { method: 'POST', path: '/api/team/passkeys', access: 'identity' },
  deletePasskey: { method: 'DELETE', path: '/api/team/passkeys/:id', access: 'identity' },
  teamMembers: { method: 'GET', path: '/api/team/members', access: 'identity' },
  inviteMember: { method: 'POST', path: '/api/team/members', access: 'identity' },
  updateMember: { method: 'PATCH', path: '/api/team/members/:id', access: 'identity' },
  removeMember: { method: 'DELETE', path: '/api/team/members/:id', access: 'identity' },
  deactivateTeamCode: { method: 'POST', path: '/api/team/codes/:id/deactivate', access: 'identity' },
  rotateTeamCode: { method: 'POST', path: '/api/team/codes/:id/rotate', access: 'identity' },
  adminDealerTeam: { method: 'GET', path: '/api/dealers/:id/team', access: 'admin' },
  adminInviteMember: { method: 'POST', path: '/api/dealers/:id/team', access: 'admin' },
  resendInvitation: { method: 'POST', path: '/api/dealer-users/:id/invitation', access: 'admin' },
  revokeInvitation: { method: 'DELETE', path: '/api/dealer-users/:id/invitation', access: 'admin' },
  disableMember: { method: 'POST', path: '/api/dealer-users/:id/disable', access: 'admin' },
  // Vehicles and listing
  listVehicles: { method: 'GET', path: '/api/vehicles', access: 'public' },
  // One page of the public list with search, filters, facets (docs/design.md §9); listVehicles stays whole.
  searchVehicles: { method: 'GET', path: '/api/vehicles/search', access: 'public' },
  getVehicle: { method: 'GET', path: '/api/vehicles/:id', access: 'public' },
  createVehicle: { method: 'POST', path: '/api/vehicles', access: 'staff' },
  updateVehicle: { method: 'PATCH', path: '/api/vehicles/:id', access: 'staff' },
  firstLookPreview: { method: 'POST', path: '/api/vehicles/:id/first-look-preview', access: 'admin' },
  dealerFirstLooks: { method: 'GET', path: '/api/dealer/first-looks', access: 'dealer' },
  decodeVin: { method: 'GET', path: '/api/vin/:vin', access: 'staff' },
  mediaConfig: { method: 'GET', path: '/api/media/config', access: 'staff' },
  cloudinarySignature: { method: 'POST', path: '/api/cloudinary-signature', access: 'staff' },
  uploadResult: { method: 'GET', path: '/api/upload-results/:id', access: 'session' },
  syncVehicles: { method: 'POST', path: '/api/sync-vehicles', access: 'admin' },
  // Condition report (issue #17): photos upload by tus at /api/photo-uploads (staff and admins;
  // dealers for claim photos, issue #18), then attach.
  photoUploadStatus: { method: 'GET', path: '/api/photo-uploads/:id', access: 'session' },
  attachPhotos: { method: 'POST', path: '/api/vehicles/:id/photos', access: 'admin' },
  reorderPhotos: { method: 'PUT', path: '/api/vehicles/:id/photos', access: 'admin' },
  deletePhoto: { method: 'DELETE', path: '/api/vehicles/:id/photos/:photoId', access: 'admin' },
  updateConditionReport: { method: 'PUT', path: '/api/vehicles/:id/condition-report', access: 'admin' },
  // Which guided shots the staff wizard requires (issue #34): staff read it, admins change it.
  requiredShots: { method: 'GET', path: '/api/required-shots', access: 'staff' },
  updateRequiredShots: { method: 'PUT', path: '/api/required-shots', access: 'admin' },
  // Buying
  verifyCode: { method: 'POST', path: '/api/verify-code', access: 'public' },
  saleTerms: { method: 'GET', path: '/api/sale-terms', access: 'public' },
  createOffer: { method: 'POST', path: '/api/vehicles/:id/offers', access: 'public' },
  // A signed-in dealer buys and offers with its dealership's active code, without typing it.
  dealerPurchase: { method: 'POST', path: '/api/dealer/purchases', access: 'dealer' },
  dealerCreateOffer: { method: 'POST', path: '/api/dealer/offers', access: 'dealer' },
  listOffers: { method: 'GET', path: '/api/offers', access: 'admin' },
  updateOffer: { method: 'PATCH', path: '/api/offers/:id', access: 'admin' },
  withdrawCounter: { method: 'POST', path: '/api/offers/:id/withdraw-counter', access: 'admin' },
  // Dealer portal
  dealerBuyCodes: { method: 'GET', path: '/api/dealer/buycodes', access: 'dealer' },
  dealerTransactions: { method: 'GET', path: '/api/dealer/transactions', access: 'dealer' },
  dealerOffers: { method: 'GET', path: '/api/dealer/offers', access: 'dealer' },
  respondToCounter: { method: 'POST', path: '/api/dealer/offers/:id/respond', access: 'dealer' },
  recordDealerSaleEvent: { method: 'POST', path: '/api/dealer/transactions/:id/events', access: 'dealer' },
  dealerNotificationPreferences: {
    method: 'GET',
    path: '/api/dealer/notification-preferences',
    access: 'dealer',
  },
  updateDealerNotificationPreferences: {
    method: 'PUT',
    path: '/api/dealer/notification-preferences',
    access: 'dealer',
  },
  dealerBuyOrders: { method: 'GET', path: '/api/dealer/buy-orders', access: 'dealer' },
  createBuyOrder: { method: 'POST', path: '/api/dealer/buy-orders', access: 'dealer' },
  updateBuyOrder: { method: 'PATCH', path: '/api/dealer/buy-orders/:id', access: 'dealer' },
  buyOrderDemand: { method: 'GET', path: '/api/buy-orders/demand', access: 'admin' },
  buyOrderHistory: { method: 'GET', path: '/api/buy-orders/:id/history', access: 'admin' },
  dealerSavedSearches: { method: 'GET', path: '/api/dealer/saved-searches', access: 'dealer' },
  createSavedSearch: { method: 'POST', path: '/api/dealer/saved-searches', access: 'dealer' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/dealer/saved-searches/:id', access: 'dealer' },
  updateSavedSearch: { method: 'PATCH', path: '/api/dealer/saved-searches/:id', access: 'dealer' },
  // Reconditioning packages (docs/design.md §14): offered to every buyer, kept by admins.
  listReconPackages: { method: 'GET', path: '/api/recon-packages', access: 'public' },
  adminReconPackages: { method: 'GET', path: '/api/recon-packages/all', access: 'admin' },
  createReconPackage: { method: 'POST', path: '/api/recon-packages', access: 'admin' },
  updateReconPackage: { method: 'PATCH', path: '/api/recon-packages/:id', access: 'admin' },
  dealerAlertSchedule: { method: 'GET', path: '/api/dealer/alert-schedule', access: 'dealer' },
  updateAlertSchedule: { method: 'PUT', path: '/api/dealer/alert-schedule', access: 'dealer' },
  // The person's watchlist (issue #30): any dealer session, a viewer's too (it commits the dealership to nothing).
  dealerWatchlist: { method: 'GET', path: '/api/dealer/watchlist', access: 'dealer' },
  updateWatchlistEntry: { method: 'PUT', path: '/api/dealer/watchlist/:id', access: 'dealer' },
  mergeWatchlist: { method: 'POST', path: '/api/dealer/watchlist/merge', access: 'dealer' },
  // Reconditioning (issue #31, docs/design.md §14): the shop works the work orders; the dealer reads its own.
  listWorkOrders: { method: 'GET', path: '/api/work-orders', access: 'staff' },
  getWorkOrder: { method: 'GET', path: '/api/work-orders/:id', access: 'staff' },
  addWorkOrderTask: { method: 'POST', path: '/api/work-orders/:id/tasks', access: 'staff' },
  updateWorkOrderTask: { method: 'PATCH', path: '/api/work-orders/:id/tasks/:taskId', access: 'staff' },
  attachTaskPhotos: { method: 'POST', path: '/api/work-orders/:id/tasks/:taskId/photos', access: 'staff' },
  dealerWorkOrders: { method: 'GET', path: '/api/dealer/work-orders', access: 'dealer' },
  // Certified delivery and floor plan (issue #32, docs/design.md §15). Webhooks are public and signed.
  transportQuote: { method: 'POST', path: '/api/transport/quote', access: 'dealer' },
  orderTransport: { method: 'POST', path: '/api/dealer/transactions/:id/transport', access: 'dealer' },
  confirmDelivery: {
    method: 'POST',
    path: '/api/dealer/transactions/:id/delivery-confirmation',
    access: 'dealer',
  },
  payWithFloorPlan: { method: 'POST', path: '/api/dealer/transactions/:id/floor-plan', access: 'dealer' },
  dealerFloorPlanLines: { method: 'GET', path: '/api/dealer/floor-plan-lines', access: 'dealer' },
  createFloorPlanLine: { method: 'POST', path: '/api/dealer/floor-plan-lines', access: 'dealer' },
  removeFloorPlanLine: { method: 'DELETE', path: '/api/dealer/floor-plan-lines/:id', access: 'dealer' },
  acceptDelivery: {
    method: 'POST',
    path: '/api/transactions/:id/delivery-confirmation/accept',
    access: 'admin',
  },
  transportBoard: { method: 'GET', path: '/api/transport-orders', access: 'admin' },
  updateTransportOrder: { method: 'PATCH', path: '/api/transport-orders/:id', access: 'admin' },
  attachBillOfLading: { method: 'POST', path: '/api/transport-orders/:id/bol', access: 'admin' },
  floorPlanBoard: { method: 'GET', path: '/api/floor-plan-requests', access: 'admin' },
  decideFloorPlan: { method: 'PATCH', path: '/api/floor-plan-requests/:id', access: 'admin' },
  carrierWebhook: { method: 'POST', path: '/api/webhooks/carrier', access: 'public' },
  lenderWebhook: { method: 'POST', path: '/api/webhooks/lender', access: 'public' },
  // Market guide and insights (issue #33, docs/design.md §16): guides for signed-in accounts; insights per audience.
  vehicleGuides: { method: 'GET', path: '/api/guides', access: 'account' },
  vehicleGuide: { method: 'GET', path: '/api/vehicles/:id/guide', access: 'account' },
  // The guide of the fields being typed while a listing is completed (the queue): admins (staff: a queued car).
  vehicleGuidePreview: { method: 'GET', path: '/api/vehicles/:id/guide-preview', access: 'staff' },
  insights: { method: 'GET', path: '/api/insights', access: 'admin' },
  exportInsights: { method: 'GET', path: '/api/insights/export.csv', access: 'admin' },
  dealerInsights: { method: 'GET', path: '/api/dealer/insights', access: 'dealer' },
  exportDealerInsights: { method: 'GET', path: '/api/dealer/insights/export.csv', access: 'dealer' },
  // Dealers, buy codes, transactions, activity (admin)
  listDealers: { method: 'GET', path: '/api/dealers', access: 'admin' },
  createDealer: { method: 'POST', path: '/api/dealers', access: 'admin' },
  updateDealer: { method: 'PATCH', path: '/api/dealers/:id', access: 'admin' },
  listBuyCodes: { method: 'GET', path: '/api/buy-codes', access: 'admin' },
  createBuyCode: { method: 'POST', path: '/api/buy-codes', access: 'admin' },
  updateBuyCode: { method: 'PATCH', path: '/api/buy-codes/:id', access: 'admin' },
  listTransactions: { method: 'GET', path: '/api/transactions', access: 'admin' },
  transactionAging: { method: 'GET', path: '/api/transactions/aging', access: 'admin' },
  exportTransactions: { method: 'GET', path: '/api/transactions/export.csv', access: 'admin' },
  updateTransaction: { method: 'PATCH', path: '/api/transactions/:id', access: 'admin' },
  recordSaleEvent: { method: 'POST', path: '/api/transactions/:id/events', access: 'admin' },
  uploadBillOfSale: { method: 'POST', path: '/api/transactions/:id/bill-of-sale', access: 'admin' },
  downloadBillOfSale: { method: 'GET', path: '/api/transactions/:id/bill-of-sale', access: 'account' },
  listAudit: { method: 'GET', path: '/api/audit', access: 'admin' },
  listNotifications: { method: 'GET', path: '/api/notifications', access: 'admin' },
  resendNotification: { method: 'POST', path: '/api/notifications/:id/resend', access: 'admin' },
  // Live updates (docs/design.md §6): a Server-Sent Events stream of changes the session may see.
  liveEvents: { method: 'GET', path: '/api/events', access: 'session' },
  // RFC 8058 one-click unsubscribe: the signed token in the link is the authority, not a session.
  unsubscribePage: { method: 'GET', path: '/api/notifications/unsubscribe', access: 'public' },
  unsubscribe: { method: 'POST', path: '/api/notifications/unsubscribe', access: 'public' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** `{id: …}` for '/api/offers/:id', `{}` for a path without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The URL of an endpoint: each `:name` replaced by its encoded value, then the query string. */
export function apiPath<N extends ApiRouteName>(
  name: N,
  params: PathParams<(typeof API_ROUTES)[N]['path']>,
  query?: Record<string, string | number | undefined>,
): string {
  const values = params as Record<string, string | number>;
  const path = API_ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(String(values[key])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
