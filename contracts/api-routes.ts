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

/** One entry of the table, its method, path and access as written (apiPath reads the path's parameters). */
const route = <M extends HttpMethod, P extends ApiRoute['path'], A extends Access>(
  method: M,
  path: P,
  access: A,
) => ({
  method,
  path,
  access,
});

export const API_ROUTES = {
  // Sessions (docs/product.md §7, docs/design.md §2)
  adminLogin: route('POST', '/api/admin/login', 'public'),
  adminLogout: route('POST', '/api/admin/logout', 'public'),
  adminCheck: route('GET', '/api/admin/check', 'public'),
  adminPassword: route('POST', '/api/admin/password', 'admin'),
  dealerLogin: route('POST', '/api/dealer/login', 'public'),
  dealerLogout: route('POST', '/api/dealer/logout', 'public'),
  dealerMe: route('GET', '/api/dealer/me', 'dealer'),
  staffLogin: route('POST', '/api/staff/login', 'public'),
  staffLogout: route('POST', '/api/staff/logout', 'public'),
  staffMe: route('GET', '/api/staff/me', 'staff'),
  // "My uploads" (issue #34): the staff sign-in's own vehicles and where each stands.
  staffUploads: route('GET', '/api/staff/uploads', 'staff'),
  // Dealer teams (issue #20, docs/design.md §10). Tokens from e-mailed links travel in bodies, never URLs.
  memberLogin: route('POST', '/api/team/login', 'public'),
  passkeySignInOptions: route('POST', '/api/team/passkey-login/options', 'public'),
  passkeySignIn: route('POST', '/api/team/passkey-login', 'public'),
  readInvitation: route('POST', '/api/team/invitation', 'public'),
  invitationPasskeyOptions: route('POST', '/api/team/invitation/passkey-options', 'public'),
  acceptInvitation: route('POST', '/api/team/invitation/accept', 'public'),
  requestPasswordReset: route('POST', '/api/team/password-reset', 'public'),
  resetPassword: route('POST', '/api/team/password-reset/confirm', 'public'),
  memberPassword: route('POST', '/api/team/password', 'identity'),
  memberReauth: route('POST', '/api/team/reauth', 'identity'),
  memberPasskeys: route('GET', '/api/team/passkeys', 'identity'),
  passkeyOptions: route('POST', '/api/team/passkeys/options', 'identity'),
  addPasskey: route('POST', '/api/team/passkeys', 'identity'),
  deletePasskey: route('DELETE', '/api/team/passkeys/:id', 'identity'),
  teamMembers: route('GET', '/api/team/members', 'identity'),
  inviteMember: route('POST', '/api/team/members', 'identity'),
  updateMember: route('PATCH', '/api/team/members/:id', 'identity'),
  removeMember: route('DELETE', '/api/team/members/:id', 'identity'),
  deactivateTeamCode: route('POST', '/api/team/codes/:id/deactivate', 'identity'),
  rotateTeamCode: route('POST', '/api/team/codes/:id/rotate', 'identity'),
  adminDealerTeam: route('GET', '/api/dealers/:id/team', 'admin'),
  adminInviteMember: route('POST', '/api/dealers/:id/team', 'admin'),
  resendInvitation: route('POST', '/api/dealer-users/:id/invitation', 'admin'),
  revokeInvitation: route('DELETE', '/api/dealer-users/:id/invitation', 'admin'),
  disableMember: route('POST', '/api/dealer-users/:id/disable', 'admin'),
  // Vehicles and listing
  listVehicles: route('GET', '/api/vehicles', 'public'),
  // One page of the public list with search, filters, facets (docs/design.md §9); listVehicles stays whole.
  searchVehicles: route('GET', '/api/vehicles/search', 'public'),
  getVehicle: route('GET', '/api/vehicles/:id', 'public'),
  createVehicle: route('POST', '/api/vehicles', 'staff'),
  updateVehicle: route('PATCH', '/api/vehicles/:id', 'staff'),
  firstLookPreview: route('POST', '/api/vehicles/:id/first-look-preview', 'admin'),
  dealerFirstLooks: route('GET', '/api/dealer/first-looks', 'dealer'),
  decodeVin: route('GET', '/api/vin/:vin', 'staff'),
  mediaConfig: route('GET', '/api/media/config', 'staff'),
  cloudinarySignature: route('POST', '/api/cloudinary-signature', 'staff'),
  uploadResult: route('GET', '/api/upload-results/:id', 'session'),
  syncVehicles: route('POST', '/api/sync-vehicles', 'admin'),
  // Condition report (issue #17): photos upload by tus at /api/photo-uploads (staff and admins;
  // dealers for claim photos, issue #18), then attach.
  photoUploadStatus: route('GET', '/api/photo-uploads/:id', 'session'),
  attachPhotos: route('POST', '/api/vehicles/:id/photos', 'admin'),
  reorderPhotos: route('PUT', '/api/vehicles/:id/photos', 'admin'),
  deletePhoto: route('DELETE', '/api/vehicles/:id/photos/:photoId', 'admin'),
  updateConditionReport: route('PUT', '/api/vehicles/:id/condition-report', 'admin'),
  // Which guided shots the staff wizard requires (issue #34): staff read it, admins change it.
  requiredShots: route('GET', '/api/required-shots', 'staff'),
  updateRequiredShots: route('PUT', '/api/required-shots', 'admin'),
  // Buying
  verifyCode: route('POST', '/api/verify-code', 'public'),
  saleTerms: route('GET', '/api/sale-terms', 'public'),
  createOffer: route('POST', '/api/vehicles/:id/offers', 'public'),
  // A signed-in dealer buys and offers with its dealership's active code, without typing it.
  dealerPurchase: route('POST', '/api/dealer/purchases', 'dealer'),
  dealerCreateOffer: route('POST', '/api/dealer/offers', 'dealer'),
  listOffers: route('GET', '/api/offers', 'admin'),
  updateOffer: route('PATCH', '/api/offers/:id', 'admin'),
  withdrawCounter: route('POST', '/api/offers/:id/withdraw-counter', 'admin'),
  // Dealer portal
  dealerBuyCodes: route('GET', '/api/dealer/buycodes', 'dealer'),
  dealerTransactions: route('GET', '/api/dealer/transactions', 'dealer'),
  dealerOffers: route('GET', '/api/dealer/offers', 'dealer'),
  respondToCounter: route('POST', '/api/dealer/offers/:id/respond', 'dealer'),
  recordDealerSaleEvent: route('POST', '/api/dealer/transactions/:id/events', 'dealer'),
  dealerNotificationPreferences: route('GET', '/api/dealer/notification-preferences', 'dealer'),
  updateDealerNotificationPreferences: route('PUT', '/api/dealer/notification-preferences', 'dealer'),
  dealerBuyOrders: route('GET', '/api/dealer/buy-orders', 'dealer'),
  createBuyOrder: route('POST', '/api/dealer/buy-orders', 'dealer'),
  updateBuyOrder: route('PATCH', '/api/dealer/buy-orders/:id', 'dealer'),
  buyOrderDemand: route('GET', '/api/buy-orders/demand', 'admin'),
  buyOrderHistory: route('GET', '/api/buy-orders/:id/history', 'admin'),
  dealerSavedSearches: route('GET', '/api/dealer/saved-searches', 'dealer'),
  createSavedSearch: route('POST', '/api/dealer/saved-searches', 'dealer'),
  deleteSavedSearch: route('DELETE', '/api/dealer/saved-searches/:id', 'dealer'),
  updateSavedSearch: route('PATCH', '/api/dealer/saved-searches/:id', 'dealer'),
  // Reconditioning packages (docs/design.md §14): offered to every buyer, kept by admins.
  listReconPackages: route('GET', '/api/recon-packages', 'public'),
  adminReconPackages: route('GET', '/api/recon-packages/all', 'admin'),
  createReconPackage: route('POST', '/api/recon-packages', 'admin'),
  updateReconPackage: route('PATCH', '/api/recon-packages/:id', 'admin'),
  dealerAlertSchedule: route('GET', '/api/dealer/alert-schedule', 'dealer'),
  updateAlertSchedule: route('PUT', '/api/dealer/alert-schedule', 'dealer'),
  // The person's watchlist (issue #30): any dealer session, a viewer's too (it commits the dealership to nothing).
  dealerWatchlist: route('GET', '/api/dealer/watchlist', 'dealer'),
  updateWatchlistEntry: route('PUT', '/api/dealer/watchlist/:id', 'dealer'),
  mergeWatchlist: route('POST', '/api/dealer/watchlist/merge', 'dealer'),
  // Reconditioning (issue #31, docs/design.md §14): the shop works the work orders; the dealer reads its own.
  listWorkOrders: route('GET', '/api/work-orders', 'staff'),
  getWorkOrder: route('GET', '/api/work-orders/:id', 'staff'),
  addWorkOrderTask: route('POST', '/api/work-orders/:id/tasks', 'staff'),
  updateWorkOrderTask: route('PATCH', '/api/work-orders/:id/tasks/:taskId', 'staff'),
  attachTaskPhotos: route('POST', '/api/work-orders/:id/tasks/:taskId/photos', 'staff'),
  dealerWorkOrders: route('GET', '/api/dealer/work-orders', 'dealer'),
  // Certified delivery and floor plan (issue #32, docs/design.md §15). Webhooks are public and signed.
  transportQuote: route('POST', '/api/transport/quote', 'dealer'),
  orderTransport: route('POST', '/api/dealer/transactions/:id/transport', 'dealer'),
  confirmDelivery: route('POST', '/api/dealer/transactions/:id/delivery-confirmation', 'dealer'),
  payWithFloorPlan: route('POST', '/api/dealer/transactions/:id/floor-plan', 'dealer'),
  dealerFloorPlanLines: route('GET', '/api/dealer/floor-plan-lines', 'dealer'),
  createFloorPlanLine: route('POST', '/api/dealer/floor-plan-lines', 'dealer'),
  removeFloorPlanLine: route('DELETE', '/api/dealer/floor-plan-lines/:id', 'dealer'),
  acceptDelivery: route('POST', '/api/transactions/:id/delivery-confirmation/accept', 'admin'),
  transportBoard: route('GET', '/api/transport-orders', 'admin'),
  updateTransportOrder: route('PATCH', '/api/transport-orders/:id', 'admin'),
  attachBillOfLading: route('POST', '/api/transport-orders/:id/bol', 'admin'),
  floorPlanBoard: route('GET', '/api/floor-plan-requests', 'admin'),
  decideFloorPlan: route('PATCH', '/api/floor-plan-requests/:id', 'admin'),
  carrierWebhook: route('POST', '/api/webhooks/carrier', 'public'),
  lenderWebhook: route('POST', '/api/webhooks/lender', 'public'),
  // Market guide and insights (issue #33, docs/design.md §16): guides for signed-in accounts; insights per audience.
  vehicleGuides: route('GET', '/api/guides', 'account'),
  vehicleGuide: route('GET', '/api/vehicles/:id/guide', 'account'),
  // The guide of the fields being typed while a listing is completed (the queue): admins (staff: a queued car).
  vehicleGuidePreview: route('GET', '/api/vehicles/:id/guide-preview', 'staff'),
  insights: route('GET', '/api/insights', 'admin'),
  exportInsights: route('GET', '/api/insights/export.csv', 'admin'),
  dealerInsights: route('GET', '/api/dealer/insights', 'dealer'),
  exportDealerInsights: route('GET', '/api/dealer/insights/export.csv', 'dealer'),
  // Dealers, buy codes, transactions, activity (admin)
  listDealers: route('GET', '/api/dealers', 'admin'),
  createDealer: route('POST', '/api/dealers', 'admin'),
  updateDealer: route('PATCH', '/api/dealers/:id', 'admin'),
  listBuyCodes: route('GET', '/api/buy-codes', 'admin'),
  createBuyCode: route('POST', '/api/buy-codes', 'admin'),
  updateBuyCode: route('PATCH', '/api/buy-codes/:id', 'admin'),
  listTransactions: route('GET', '/api/transactions', 'admin'),
  transactionAging: route('GET', '/api/transactions/aging', 'admin'),
  exportTransactions: route('GET', '/api/transactions/export.csv', 'admin'),
  updateTransaction: route('PATCH', '/api/transactions/:id', 'admin'),
  recordSaleEvent: route('POST', '/api/transactions/:id/events', 'admin'),
  uploadBillOfSale: route('POST', '/api/transactions/:id/bill-of-sale', 'admin'),
  downloadBillOfSale: route('GET', '/api/transactions/:id/bill-of-sale', 'account'),
  listAudit: route('GET', '/api/audit', 'admin'),
  listNotifications: route('GET', '/api/notifications', 'admin'),
  resendNotification: route('POST', '/api/notifications/:id/resend', 'admin'),
  // Live updates (docs/design.md §6): a Server-Sent Events stream of changes the session may see.
  liveEvents: route('GET', '/api/events', 'session'),
  // RFC 8058 one-click unsubscribe: the signed token in the link is the authority, not a session.
  unsubscribePage: route('GET', '/api/notifications/unsubscribe', 'public'),
  unsubscribe: route('POST', '/api/notifications/unsubscribe', 'public'),
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
