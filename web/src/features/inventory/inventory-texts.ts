import { AUCTION_CERTIFIED } from '@contracts/limits';
import { premiumLabel } from '@/lib/brand';

/** Texts of the Vehicle Listings page (docs/product.md §2). The quoted ones are the spec's, verbatim. */
export const INVENTORY_TEXTS = {
  title: 'Vehicle Listings',
  subtitle:
    'Certified wholesale vehicles from trusted dealers, each with a walkaround video and an inspection report.',
  certificationTitle: 'Certification levels',
  premium: {
    label: premiumLabel,
    level: 'Premium',
    text: 'Comprehensive inspection and reconditioning, backed by our quality guarantee.',
  },
  auction: {
    label: AUCTION_CERTIFIED,
    level: 'Standard',
    text: 'Basic inspection from auction sources, sold as inspected.',
  },
  certificationDocs: 'Certification documentation',
  searchLabel: 'Search vehicles',
  searchPlaceholder: 'Search by make, model, or year',
  filterLabel: 'Certification',
  allListings: 'All Listings',
  gradeLabel: 'Grade',
  gradeBadge: 'Condition grade',
  sortLabel: 'Sort by',
  gridView: 'Grid view',
  listView: 'List view',
  noResultsTitle: 'No vehicles found',
  noResultsText: 'Try adjusting your search criteria',
  emptyTitle: 'No vehicles available',
  emptyText: 'Check back soon for new inventory',
  loadErrorTitle: 'We could not load the vehicles',
  retry: 'Retry',
  showMore: 'Show more',
  clearFilters: 'Clear search and filters',
} as const;
