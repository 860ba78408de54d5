/** The admin area: its texts (spec verbatim) and tabs. Schemas live with their domain (dealers, buy-codes, transactions, listings, audit, sheets-sync). */
/** Texts of the admin area (docs/product.md §2, §5, §8), verbatim. */
export const ADMIN_TEXT = {
  listingCompleted: 'Vehicle listing completed',
  listingFailed: 'Failed to complete vehicle listing',
  vehicleNotFound: 'Vehicle not found',
  listingRemoved: 'Listing removed successfully',
  removeFailed: 'Failed to remove listing',
  reactivated: 'Vehicle reactivated successfully',
  reactivateFailed: 'Failed to reactivate vehicle',
  noActiveListings: 'No active listings found',
  noSoldVehicles: 'No sold vehicles found',
  loadingListings: 'Loading listings...',
  dealerAdded: 'Dealer added successfully',
  dealerAddFailed: 'Failed to add dealer',
  dealerStatusUpdated: 'Dealer status updated',
  buyCodeGenerated: 'New buy code generated',
  transactionUpdated: 'Transaction updated successfully',
  transactionUpdateFailed: 'Failed to update transaction',
  billUploaded: 'Bill of Sale uploaded successfully',
  billUploadFailed: 'Failed to upload Bill of Sale',
  synced: 'Vehicles synced successfully',
  syncFailed: 'Failed to sync vehicles from Google Sheet',
  buyCodesTitle: 'Buy Code Management',
  buyCodesText: 'Create and manage dealer buy codes',
  noOffers: 'No offers yet',
  noOffersText: 'Offers from dealers will appear here for you to review.',
  awaitingDealer: 'Awaiting Dealer Response',
  counterAmount: 'Counter Amount ($)',
  counterMessage: 'Message (Optional)',
  sendCounter: 'Send Counter Offer',
  certificationRequired: 'Certification type is required',
  invalidYear: 'Invalid year',
  invalidMileage: 'Invalid mileage',
  priceRequired: 'Price is required',
  mileageRequired: 'Mileage is required',
} as const;

export const ADMIN_TABS = [
  'complete',
  'listings',
  'dealers',
  'transactions',
  'offers',
  'buy-codes',
  'activity',
  'notifications',
  'demand',
  'recon',
  'transport',
  'floor-plan',
  'insights',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
/** The tab /admin opens without a `?tab=` (or with one it does not know). */
export const DEFAULT_ADMIN_TAB: AdminTab = 'complete';
/** The tab a search (`tab=offers`) names, or the default tab. */
export const adminTabOf = (search: string): AdminTab => {
  const value = new URLSearchParams(search).get('tab');
  return ADMIN_TABS.includes(value as AdminTab) ? (value as AdminTab) : DEFAULT_ADMIN_TAB;
};
