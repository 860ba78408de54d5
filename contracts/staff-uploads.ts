import { z } from './zod';

/**
 * "My uploads" (issue #34): the vehicles the signed-in staff identity uploaded, newest first, with
 * where each stands. The lot's staff share one sign-in (docs/design.md §2), so "mine" is that sign-in's
 * uploads (`vehicles.uploaded_by = 'staff'`); an admin using the wizard sees their own.
 */
export const STAFF_UPLOAD_STATES = ['queued', 'first-look', 'listed', 'sold', 'removed'] as const;
export type StaffUploadState = (typeof STAFF_UPLOAD_STATES)[number];

/** Each state in the admin screens' words (Complete Vehicle queue, Manage Listings' sections). */
export const STAFF_UPLOAD_STATE_TEXT: Record<StaffUploadState, string> = {
  queued: 'Waiting for the admin',
  'first-look': 'First look',
  listed: 'Active listing',
  sold: 'Sold',
  removed: 'Removed',
};

export const MY_UPLOADS_TEXT = {
  title: 'My uploads',
  description: 'Vehicles you uploaded, newest first, and where each one stands.',
  empty: 'No uploads yet. Vehicles you upload appear here.',
  offline: 'No signal: your uploads show here once the phone is back online.',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  /** The slot for captures still on this phone (offline capture fills it). */
  pendingTitle: 'Waiting on this phone',
  uploadedTitle: 'Uploaded',
  back: 'Upload a vehicle',
  link: 'My uploads',
} as const;

export const MY_UPLOADS_DEFAULT_LIMIT = 50;

export const staffUploadsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(MY_UPLOADS_DEFAULT_LIMIT),
});
export type StaffUploadsQuery = z.input<typeof staffUploadsQuerySchema>;

export const staffUploadSchema = z.object({
  id: z.number().int(),
  vin: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  mileage: z.number().int().nullable(),
  state: z.enum(STAFF_UPLOAD_STATES),
  /** When it was uploaded (ISO 8601). */
  uploadedAt: z.string(),
});
export type StaffUpload = z.infer<typeof staffUploadSchema>;

export const staffUploadsResponseSchema = z.object({
  uploads: z.array(staffUploadSchema),
  /** How many there are in all (the page shows at most `limit`). */
  total: z.number().int(),
});
export type StaffUploadsResponse = z.infer<typeof staffUploadsResponseSchema>;
