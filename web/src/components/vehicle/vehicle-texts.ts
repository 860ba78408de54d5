/** Texts of the public vehicle screens (docs/product.md §2, §8). The quoted ones are the spec's, verbatim. */
export const VEHICLE_TEXTS = {
  vinCopied: 'VIN Copied!',
  vinCopyFailed: 'Failed to copy VIN to clipboard',
  copyVin: 'Copy VIN',
  videoDialogTitle: 'Vehicle Video Walkthrough',
  videoAvailable: 'Video Available',
  watchVideo: 'Watch Video Walkthrough',
  buyNow: 'Buy Now',
  makeOffer: 'Make Offer',
  noImage: 'No photo yet',
} as const;
