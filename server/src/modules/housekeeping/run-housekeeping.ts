import { type SQL, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client';
import { withTryAdvisoryLock } from '../../lib/advisory-lock';
import type { ObjectStorage } from '../../lib/object-storage';
import { deleteAbandonedUploads } from './delete-abandoned-uploads';
import { expireOpenUploads } from './expire-open-uploads';
import { sweepBucketUploads } from './sweep-bucket-uploads';

/** pg_try_advisory_lock key: one housekeeping pass at a time across every instance. */
export const HOUSEKEEPING_LOCK_KEY = 727_003;
/**
 * Idempotency keys are kept this long: a retry a day later still works. So are the files of uploads
 * no quota row accounts for (made before issue #43), and finished photo uploads' tus records.
 */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** UPLOAD_EXPIRY_MINUTES' default: an unfinished upload that receives nothing for an hour expires. */
export const DEFAULT_UPLOAD_EXPIRY_MS = 60 * 60 * 1000;
/** Delivered (sent) and suppressed notifications stay in the admin's log this long. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** Live events are only read to resume a dropped stream (Last-Event-ID): a day is plenty. */
export const LIVE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingCounts {
  sessions: number;
  rateLimits: number;
  idempotencyKeys: number;
  /** Unfinished uploads that expired (nothing received for the upload expiry), video or photo. */
  expiredUploads: number;
  uploads: number;
  notifications: number;
  liveEvents: number;
  /** Photos uploaded but never attached to a vehicle nor named by a claim or a work order's task (an abandoned wizard). */
  photos: number;
  /** Photo uploads (tus) older than a day, finished or not: a finished one's photo row has it all. */
  photoUploads: number;
  /** The search groups' rows after folding them into one per group (migration 0010). */
  searchGroups: number;
}

/** Where the photo backend keeps its files (photos/photo-store.ts), without importing it. */
export interface PhotoHousekeeping {
  /** null: the uploads are in a bucket (swept through `bucket`). */
  uploadsDir: string | null;
  deleteFiles: (storageKey: string) => Promise<void>;
}

/** Where uploads are kept: the video uploads' directory and the photo backend's, or a bucket. */
export interface HousekeepingPlaces {
  uploadsDir: string | null;
  /** UPLOAD_EXPIRY_MINUTES in ms; DEFAULT_UPLOAD_EXPIRY_MS when not given. */
  uploadExpiryMs?: number;
  photos: PhotoHousekeeping;
  /** With media in a bucket: its abandoned uploads are swept instead of local directories (ADR 0014). */
  bucket?: ObjectStorage | null;
}

async function deleteRows(db: Executor, statement: SQL) {
  const result = (await db.execute(sql`${statement} returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * Like deleteRows, but runs the delete only when a row matches: the notifications table has a
 * statement trigger (migration 0005) that records a live event for every statement, even one that
 * deletes nothing, and a pass that found nothing to delete is no news for the admin's live log.
 */
async function deleteRowsIfAny(db: Executor, fromWhere: SQL) {
  const found = (await db.execute(sql`select 1 from ${fromWhere} limit 1`)) as unknown as { rows: unknown[] };
  return found.rows.length === 0 ? 0 : deleteRows(db, sql`delete from ${fromWhere}`);
}

/**
 * One pass over what piles up: expired sessions (revoked or not: an expired token is refused
 * either way), rate-limit windows that ended over an hour ago, idempotency keys older than a day,
 * unfinished uploads that expired (their quota rows and files, issue #43) and unfinished uploads
 * without a quota row older than a day, sent or suppressed notifications older than 90 days (queued, failed and
 * dead ones stay until an admin deals with them), live events older than a day, photos never
 * attached to a vehicle and photo uploads older than a day; and folds the search groups' rows. Returns what was deleted, or null when
 * another instance's pass holds the lock and this one skipped.
 */
export async function runHousekeeping(
  database: DbHandle,
  options: HousekeepingPlaces,
): Promise<HousekeepingCounts | null> {
  const { bucket } = options;
  const cutoff = new Date(Date.now() - RETENTION_MS);
  let unattached: string[] = [];
  const counts = await withTryAdvisoryLock(database, HOUSEKEEPING_LOCK_KEY, async (db) => ({
    sessions: await deleteRows(db, sql`delete from sessions where expires_at <= now()`),
    // Trusted-address rows (plugins/rate-limit.ts) run 30 days, so they stay until they end.
    rateLimits: await deleteRows(
      db,
      sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`,
    ),
    idempotencyKeys: await deleteRows(
      db,
      sql`delete from idempotency_keys where created_at < now() - ${RETENTION_MS} * interval '1 millisecond'`,
    ),
    expiredUploads: await expireOpenUploads(
      db,
      {
        directories: { 'video-uploads': options.uploadsDir, 'photo-uploads': options.photos.uploadsDir },
        bucket: bucket ?? null,
      },
      options.uploadExpiryMs ?? DEFAULT_UPLOAD_EXPIRY_MS,
    ),
    uploads: bucket
      ? await sweepBucketUploads(bucket, 'video-uploads', cutoff)
      : options.uploadsDir
        ? await deleteAbandonedUploads(options.uploadsDir, cutoff)
        : 0,
    notifications: await deleteRowsIfAny(
      db,
      sql`notifications where status in ('sent', 'suppressed')
        and created_at < now() - ${NOTIFICATION_RETENTION_DAYS} * interval '1 day'`,
    ),
    liveEvents: await deleteRows(
      db,
      sql`delete from live_events where created_at < now() - ${LIVE_EVENT_RETENTION_MS} * interval '1 millisecond'`,
    ),
    // A photo being attached right now holds its row lock; the delete waits, re-reads the row and
    // leaves it (vehicle_id is set by then).
    photos: await deleteUnattachedPhotos(db).then((keys) => {
      unattached = keys;
      return keys.length;
    }),
    photoUploads: bucket
      ? await sweepBucketUploads(bucket, 'photo-uploads', cutoff, { finishedToo: true })
      : options.photos.uploadsDir
        ? await deleteAbandonedUploads(options.photos.uploadsDir, cutoff, { finishedToo: true })
        : 0,
    searchGroups: await foldSearchGroups(db),
  }));
  // The files go once the rows are gone for good (on PostgreSQL the pass is one transaction).
  for (const key of unattached) await options.photos.deleteFiles(key);
  return counts;
}

async function deleteUnattachedPhotos(db: Executor) {
  const result = (await db.execute(
    sql`delete from vehicle_photos where vehicle_id is null
      and created_at < now() - ${RETENTION_MS} * interval '1 millisecond'
      and not exists (select 1 from transaction_events e
        where e.data -> 'photoIds' @> to_jsonb(vehicle_photos.id))
      and not exists (select 1 from work_order_photos w where w.photo_id = vehicle_photos.id)
      returning storage_key`,
  )) as unknown as { rows: { storage_key: string }[] };
  return result.rows.map((row) => row.storage_key);
}

/**
 * Folds the groups' rows into one per group with vehicles (the vehicle search's counts, migrations 0010, 0036 and 0039), each table in one statement: rows
 * appended meanwhile were not seen by the delete and stay, so no change is lost or counted twice.
 */
export async function foldSearchGroups(db: Executor): Promise<number> {
  const result = (await db.execute(sql`
    with folded as (delete from vehicle_search_groups returning *)
    insert into vehicle_search_groups (search_text, condition, make, model, grade, year, location_zip, count)
      select search_text, condition, make, model, grade, year, location_zip, sum(count)::integer from folded
      group by 1, 2, 3, 4, 5, 6, 7 having sum(count) <> 0
    returning 1`)) as unknown as { rows: unknown[] };
  // The same groups by mileage band (migration 0039), folded the same way.
  await db.execute(sql`
    with folded as (delete from vehicle_mileage_groups returning *)
    insert into vehicle_mileage_groups (mileage_band, search_text, condition, make, model, grade, year, location_zip, count)
      select mileage_band, search_text, condition, make, model, grade, year, location_zip, sum(count)::integer
      from folded group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(count) <> 0`);
  return result.rows.length;
}
