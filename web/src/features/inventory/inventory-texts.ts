import { AUCTION_CERTIFIED } from '@contracts/limits';
import { formatCount } from '@contracts/number-format';
import { premiumLabel } from '@/lib/brand';

/** Texts of the Vehicle Listings page (docs/product.md §2). The quoted ones are the spec's, verbatim. */
export const INVENTORY_TEXTS = {
  title: 'Vehicle Listings',
  subtitle:
    'Certified wholesale vehicles from trusted dealers, each with a walkaround video and an inspection report.',
  certificationTitle: 'Certification levels',
  /** The phone's button for them, beside the title (its name is still "Certification levels"). */
  certificationShort: 'Levels',
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
  filtersTitle: 'Filters',
  filtersHint: 'Make, model, year, price, mileage, distance',
  makeLabel: 'Make',
  anyMake: 'Any make',
  modelLabel: 'Model',
  anyModel: 'Any model',
  maxMilesLabel: 'Max mileage',
  withinLabel: 'Distance',
  zipLabel: 'From ZIP',
  zipHint: 'Enter a 5-digit ZIP code',
  zipBlank: 'Blank: your delivery ZIP',
  zipNeeded: 'Type a ZIP code to search by distance',
  yourZip: 'your delivery ZIP',
  showResults: 'Show vehicles',
  clearFiltersOnly: 'Clear filters',
} as const;

/** "1 vehicle", "1,234 vehicles". */
export const vehicleCount = (n: number) => (n === 1 ? '1 vehicle' : `${formatCount(n)} vehicles`);
