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
  demand: 'Demand',
  recon: 'Reconditioning',
  transport: 'Transport',
  'floor-plan': 'Floor plan',
  insights: 'Insights',
};

export const ADMIN_LABELS = {
  title: 'Admin Dashboard',
  /** While Edit condition's dialog loads the vehicle's report (or the editor's code). */
  conditionLoading: 'Loading the condition report…',
  /** Before the server's message when a tab's list did not load. */
  listFailed: 'Could not load this list:',
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

/**
 * A tab's heading and description that the page draws before the tab's code and first answers have
 * come (the server's frame, the loading placeholder; admin-panels.tsx), the same the tab's panel
 * shows: on a phone the description is the page's largest paint, painted with the HTML.
 */
export const PANEL_HEADS = {
  transactions: {
    title: ADMIN_LABELS.manageTransactions,
    description: 'Sales past their payment due date are highlighted.',
  },
} as const satisfies Partial<Record<AdminTab, PanelHead>>;
type PanelHead = { title: string; description: string };
export const panelHeadOf = (tab: AdminTab): PanelHead | undefined =>
  (PANEL_HEADS as Partial<Record<AdminTab, PanelHead>>)[tab];

/** After the sale (issue #18): the details dialog's steps, buttons and fields. */
export const SALE_STEP_LABELS = {
  details: 'Details',
  dialogTitle: 'Sale details',
  downloadBill: 'Download bill of sale',
  generatedBill: 'Generated',
  recordPayment: 'Record payment',
  amount: 'Amount ($)',
  method: 'Method',
  reference: 'Reference (optional)',
  receivedOn: 'Received on',
  titleReceived: 'Title received',
  withDeal: 'Came with the deal',
  markTitleReceived: 'Mark title received',
  titleSent: 'Title sent',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  markTitleSent: 'Mark title sent',
  pickupReady: 'Ready for pickup',
  address: 'Pickup address',
  hours: 'Pickup hours',
  markPickupReady: 'Mark ready for pickup',
  pickupAgain: 'Marking it ready again replaces the address, hours and gate pass code.',
  pickedUp: 'Picked up',
  pickedUpOn: 'Picked up on',
  pickedUpBy: 'Picked up by',
  markPickedUp: 'Mark picked up',
  delivered: 'Delivered',
  deliveredOn: 'Delivered on',
  deliveredBy: 'Delivery carrier',
  markDelivered: 'Mark delivered',
  declineUnwind: 'Decline unwind',
  declineReason: 'Reason for declining',
  answerClaim: 'Answer claim',
  decision: 'Decision',
  adjustment: 'Price adjustment ($)',
  answer: 'Answer to the dealer',
  sendAnswer: 'Send answer',
  unwindHint: 'Unwinding cancels the sale: the vehicle is listed for sale again.',
  buybackDestination: 'Where the car goes',
  reconditionHint:
    'Unwinding cancels the sale: the vehicle goes to reconditioning for the claimed item and waits in the completion queue.',
  notCovered: (words: string) => `Not covered by the sale's guarantee: ${words}`,
  claims: 'Claims',
  paidInFullReason: 'Paid in full: nothing is left to pay.',
  markPaid: 'Mark paid',
  recordBalance: 'Record the remaining balance',
  confirmBalance: (amount: string) => `Record payment of ${amount}`,
  recordRefund: 'Record refund',
  paidOn: 'Paid on',
  noRefundOwedReason: 'Nothing is owed to the dealer.',
  releaseBlocked: (owed: string) =>
    `Not released while ${owed} is owed: record the payment or lender approval first.`,
  titleAlreadySent: 'The title was already sent to the dealer.',
  odometer: 'Odometer statement',
  odometerStatement: 'Odometer certification',
  saveOdometer: 'Save odometer statement',
  exportCsv: 'Export CSV',
  aging: 'Unpaid by age',
} as const;

/** Admin → Reconditioning (issue #31): packages and the work order board. */
export const RECON_ADMIN_LABELS = {
  packagesTitle: 'Packages',
  packagesText:
    'What dealers can choose at Buy Now, with an offer or a buy order. Retired packages are not offered.',
  loadingPackages: 'Loading packages...',
  noPackages: 'No packages yet',
  noPackagesText: 'Add the first package: dealers then choose it when they buy.',
  addPackage: 'Add package',
  editPackage: 'Edit package',
  savePackage: 'Save package',
  saving: 'Saving…',
  name: 'Name',
  description: 'What it covers',
  price: 'Price',
  promisedDays: 'Promised business days',
  promisedDaysHint: 'Business days from the sale to front-line ready; 0 promises nothing.',
  checklist: 'Checklist',
  checklistHint: 'One item per line, up to 30. Each becomes a task on the work order.',
  offered: 'Offered',
  retired: 'Retired',
  retire: 'Retire',
  offerAgain: 'Offer again',
  retireTitle: (name: string) => `Retire ${name}?`,
  retireText:
    'Dealers can no longer choose it. Sales, offers and buy orders that already have it keep it, and their work orders go on.',
  offerAgainTitle: (name: string) => `Offer ${name} again?`,
  offerAgainText: 'Dealers can choose it again at Buy Now, with an offer or a buy order.',
  keep: 'Keep as is',
  boardTitle: 'Work orders',
  boardText: 'Each sale with a package, as the shop works it. Open one for its tasks and photos.',
  loadingBoard: 'Loading work orders...',
  noWorkOrders: 'No work orders here',
  noWorkOrdersText: 'A car sold with a package gets a work order; it shows here.',
  show: 'Show',
  overdue: 'Overdue',
  overPrice: 'Over the package price',
  notYet: 'Not yet',
} as const;

/**
 * Certified delivery and floor plan for the admin (issue #32, docs/design.md §15): the transport board,
 * the floor-plan requests, what a sale's details show of them, and a listing's location fields.
 * The statuses and refusals themselves are the contract's (contracts/delivery-texts.ts).
 */
export const DELIVERY_ADMIN_LABELS = {
  locationZip: 'Location ZIP',
  locationZipHint: 'Where the car stands, for transport quotes. Leave blank when it is on our lot.',
  inoperable: 'Inoperable (does not run or drive)',
  inoperableHint: 'The carrier brings a winch: transport quotes add the inoperable surcharge.',
  transportTitle: 'Transport orders',
  transportText:
    'Certified delivery of each sale, late pickups first. Move the ones our team arranges; carriers report their own.',
  loadingTransport: 'Loading transport orders...',
  noTransport: 'No transport orders here',
  noTransportText: 'A sale with certified delivery shows here as soon as the dealer orders it.',
  show: 'Show',
  pickupLate: 'Pickup late',
  pickup: 'Pickup',
  delivery: 'Delivery',
  eta: 'ETA',
  carrier: 'Carrier',
  noCarrier: 'No carrier yet',
  waitingFor: 'Waiting for',
  byCarrier: 'Reported by the carrier',
  carrierName: 'Carrier name (optional)',
  etaField: 'Estimated arrival (optional)',
  note: 'Note (optional)',
  saving: 'Saving…',
  cancelTransport: 'Cancel transport',
  cancelTitle: (vehicle: string) => `Cancel the transport of ${vehicle}?`,
  cancelText: (price: string) =>
    `The carrier is not sent and the ${price} delivery charge comes off the sale. This cannot be undone.`,
  cancelConfirm: 'Cancel transport',
  cancelled: 'Transport cancelled',
  statusSaved: 'Transport updated',
  addBol: 'Add bill of lading photos',
  bolUploading: (done: number, total: number) => `Uploading photo ${done + 1} of ${total}…`,
  bolAdded: 'Bill of lading added',
  bolFailed: 'Bill of lading not added',
  floorPlanTitle: 'Floor plan requests',
  floorPlanText:
    'Sales paid with a floor-plan line, waiting for the lender first. Record what the lender answered our team.',
  loadingFloorPlan: 'Loading floor plan requests...',
  noFloorPlan: 'No floor plan requests here',
  noFloorPlanText: 'A sale a dealer pays with a floor-plan line shows here until the lender funds it.',
  line: 'Line',
  amount: 'Amount',
  requested: 'Requested',
  decided: 'Answered',
  reference: 'Reference',
  lenderReference: 'Lender’s reference',
  approvedAmount: 'Approved amount (optional)',
  approvedAmountHint: 'Leave blank when the lender approved the whole amount.',
  declineReason: 'Why the lender declined',
  approve: 'Approve',
  decline: 'Decline',
  fund: 'Fund',
  approveTitle: 'Lender approved',
  declineTitle: 'Lender declined',
  fundTitle: 'Lender funded',
  recordApproval: 'Record approval',
  recordDecline: 'Record decline',
  recordFunding: 'Record funding',
  approved: 'Floor plan approved',
  declined: 'Floor plan declined',
  funded: 'Floor plan funded',
  byLender: 'Answered by the lender’s system',
  transportHeading: 'Certified delivery',
  acceptDelivery: 'Accept delivery',
  acceptDeliveryTitle: (vehicle: string) => `Accept the delivery of the ${vehicle}?`,
  acceptDeliveryText: (on: string) =>
    `The delivery counts from the day the dealer confirmed it (${on}): the guarantee runs from then and the transport reads delivered everywhere.`,
  floorPlanHeading: 'Floor plan',
  bolPhotos: 'Bill of lading',
  titleToLender: (label: string) => `Title goes to ${label} (floor plan)`,
} as const;

/** Admin → Insights (issue #33, docs/design.md §16). */
export const INSIGHTS_ADMIN_LABELS = {
  title: 'Insights',
  text: 'Conversion, days to sell, upload to listed, time to line, inventory aging and price against the guide, by dealer and by uploader. Every chart has its table and a CSV file.',
  dealer: 'Dealer',
  allDealers: 'All dealers',
  uploader: 'Uploader',
  allUploaders: 'All uploaders',
  figures: 'Figures of the period',
  loading: 'Loading insights…',
  failed: 'Could not load the insights:',
  updating: 'Updating…',
  signedOut: 'Your session has ended: sign in again to see the insights.',
  refreshed: 'Figures as of',
} as const;
