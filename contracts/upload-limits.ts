/** What an upload may be (docs/product.md §9): the walkaround video and a sale's bill of sale. */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_VIDEOS_PER_VEHICLE = 1;
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-m4v',
  'video/3gpp',
  'video/3gpp2',
] as const;
export const MAX_BILL_OF_SALE_BYTES = 20 * 1024 * 1024;
export const BILL_OF_SALE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
