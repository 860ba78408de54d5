/** The Google Sheet import (POST /api/sync-vehicles) and what it reports. */
import { z } from './zod';

export const syncResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({ row: z.number().int(), vin: z.string(), reason: z.string() })),
  /** The `images` column imported as photos: failures per row and URL; `pending` waits for the next sync. */
  images: z.object({
    imported: z.number().int(),
    pending: z.number().int(),
    failed: z.array(
      z.object({ row: z.number().int(), vin: z.string(), url: z.string(), reason: z.string() }),
    ),
  }),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
export type SyncImages = SyncResult['images'];
export type SyncImageFailure = SyncImages['failed'][number];
