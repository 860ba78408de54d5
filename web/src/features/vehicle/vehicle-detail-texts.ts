import { DEFAULT_RECON_TEXT } from '@contracts/limits';

/** Texts of the vehicle detail page (spec §2, §8). The quoted ones are the spec's, verbatim. */
export const DETAIL_TEXTS = {
  notFound: 'Vehicle Not Found',
  notFoundText: 'This vehicle does not exist, or the link to it is incomplete.',
  backToListings: 'Back to Listings',
  noLongerAvailable: 'Vehicle No Longer Available',
  noLongerAvailableText: 'This vehicle has been sold or taken off the marketplace.',
  browseVehicles: 'Browse available vehicles',
  loadError: 'We could not load this vehicle',
  retry: 'Retry',
  details: 'Vehicle Details',
  description: 'Description',
  noDescription: 'No description yet.',
  inspection: 'Inspection Report',
  exterior: 'Exterior',
  mechanical: 'Mechanical',
  interior: 'Interior',
  noneFound: DEFAULT_RECON_TEXT,
  favorite: 'Favorite',
  watch: 'Watch',
  share: 'Share',
  linkCopied: 'Link copied',
  linkCopiedText: 'The link to this vehicle is on your clipboard.',
  linkCopyFailed: 'Failed to copy link',
} as const;
