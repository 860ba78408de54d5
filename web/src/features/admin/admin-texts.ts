import type { AdminTab } from '@contracts/admin';

/**
 * Labels of the admin area that the spec names without quoting (tabs, buttons, headings). The
 * spec's quoted texts live in ADMIN_TEXT and OFFER_TEXT (contracts) and are used from there.
 */
export const TAB_LABELS: Record<AdminTab, string> = {
  complete: 'Complete Vehicle',
  listings: 'Manage Listings',
  dealers: 'Dealers',
  transactions: 'Transactions',
  offers: 'Offers',
  'buy-codes': 'Buy Codes',
  activity: 'Activity',
  notifications: 'Notifications',
};

export const ADMIN_LABELS = {
  title: 'Admin Dashboard',
  sync: 'Sync',
  syncing: 'Syncing…',
  totalVehicles: 'Total Vehicles',
  activeListings: 'Active Listings',
  pendingOffers: 'Pending Offers',
  soldVehicles: 'Sold Vehicles',
  removeListing: 'Remove Listing',
  reactivateListing: 'Reactivate Listing',
  completeListing: 'Complete Listing',
  queueTitle: 'Complete Vehicle Listing',
  queueEmpty: 'The queue is empty',
  queueEmptyText: 'Vehicles uploaded by staff appear here for pricing and certification.',
  manageDealers: 'Manage Dealers',
  addDealer: 'Add Dealer',
  activate: 'Activate',
  deactivate: 'Deactivate',
  generate: 'Generate',
  manageTransactions: 'Manage Transactions',
  cancelled: 'Cancelled',
  relistedNote: 'Sale cancelled: the vehicle was re-listed for sale.',
  acceptOffer: 'Accept Offer',
  counterOffer: 'Counter Offer',
  decline: 'Decline',
  expired: 'Expired',
  activity: 'Activity',
} as const;
