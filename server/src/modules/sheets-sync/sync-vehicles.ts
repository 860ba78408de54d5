import type { BlockList } from 'node:net';
import { ERROR_CODES } from '@contracts/errors';
import type { SyncResult } from '@contracts/sheets-sync';
import { inArray, sql } from 'drizzle-orm';
import type { SheetSource } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import type { PhotoStore } from '../photos/photo-store';
import { insertVehicleRows, updateVehicleRow } from '../vehicle-rows/vehicle-rows';
import { fetchSheetRows } from './fetch-sheet';
import { type ImageTarget, importSheetImages } from './import-sheet-images';
import { parseSheetRows, SHEET_COLUMNS, type SheetVehicle } from './parse-sheet-rows';

/** pg_advisory_xact_lock key: one sync at a time across every instance. */
const SYNC_LOCK_KEY = 727_002;
const CHUNK = 500;
const alreadyRunning = () =>
  new AppError(ERROR_CODES.conflict, 'A sync is already running. Try again in a moment.');

export const NOT_CONFIGURED =
  'Spreadsheet sync is not configured: set GOOGLE_SHEET_ID and GOOGLE_API_KEY (Google Sheets API), or SHEET_CSV_URL (a CSV export)';

/** What a sync reads of a VIN already listed: its id and status, and every column of the sheet. */
const EXISTING_FIELDS = ['id', 'status', ...SHEET_COLUMNS] as const;
type ExistingField = (typeof EXISTING_FIELDS)[number];
type Existing = Pick<typeof vehicles.$inferSelect, ExistingField>;
const existingColumns = Object.fromEntries(EXISTING_FIELDS.map((field) => [field, vehicles[field]])) as {
  [F in ExistingField]: (typeof vehicles)[F];
};

/** The fields a sheet row may change. Empty sheet cells never erase what a listing already has. */
function changesFor(row: SheetVehicle, current: Existing) {
  const next = {
    year: row.year,
    make: row.make,
    model: row.model,
    mileage: row.mileage,
    price: row.price,
    description: row.description ?? current.description,
    condition: row.condition ?? current.condition,
    images: row.images.length > 0 ? row.images : current.images,
    videos: row.videos.length > 0 ? row.videos : current.videos,
  };
  const same = (Object.keys(next) as (keyof typeof next)[]).every(
    (key) => JSON.stringify(next[key]) === JSON.stringify(current[key]),
  );
  return same ? null : next;
}

/**
 * Imports vehicles from the configured sheet (docs/design.md §4): rows are upserted by VIN in one DB
 * transaction; new VINs enter the queue; sold or removed vehicles and recon notes are never
 * touched; bad rows are reported and skipped. Twice-safe: a second run changes nothing.
 */
export class SheetSync {
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly options: {
      source: SheetSource | null;
      limits: { timeoutMs: number; maxBytes: number };
      premiumLabel: string;
      /** The `images` column becomes photos through this store (none: the column is only kept). */
      images: {
        store: PhotoStore;
        budgetMs: number;
        extraCa: string | null;
        allowedNetworks: BlockList;
      } | null;
    },
  ) {}

  async run(actor: Actor): Promise<SyncResult> {
    const { source } = this.options;
    if (!source) throw new AppError(ERROR_CODES.badRequest, NOT_CONFIGURED);
    // This instance (PGlite has one session, where advisory locks are re-entrant) …
    if (this.running) throw alreadyRunning();
    this.running = true;
    try {
      const sheet = await fetchSheetRows(source, this.options.limits);
      const { vehicles: rows, skipped } = parseSheetRows(sheet, this.options.premiumLabel);
      const synced = await this.db.transaction(async (tx) => {
        // … and every other instance.
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${SYNC_LOCK_KEY}) as locked`,
        )) as unknown as {
          rows: { locked: boolean }[];
        };
        if (!locked.rows[0]?.locked) throw alreadyRunning();
        const result = await upsert(tx, rows);
        await writeAudit(tx, actor, {
          entity: 'vehicle',
          entityId: 0,
          action: 'sheet_sync',
          after: {
            ...result.counts,
            skipped: skipped.length,
            createdVins: result.createdVins,
            updatedVins: result.updatedVins,
          },
        });
        return { ...result.counts, skipped, imageTargets: result.imageTargets };
      });
      const { imageTargets, ...counts } = synced;
      const { images } = this.options;
      // After the commit: downloads hold no lock, and the vehicles exist for the photos' use case.
      const imported = images
        ? await importSheetImages(this.db, actor, imageTargets, {
            store: images.store,
            timeoutMs: this.options.limits.timeoutMs,
            extraCa: images.extraCa,
            allowedNetworks: images.allowedNetworks,
            budgetMs: images.budgetMs,
          })
        : { imported: 0, pending: 0, failed: [] };
      return { ...counts, images: imported };
    } finally {
      this.running = false;
    }
  }
}

async function upsert(tx: Transaction, rows: SheetVehicle[]) {
  const existing = new Map<string, Existing>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const found = await tx
      .select(existingColumns)
      .from(vehicles)
      .where(
        inArray(
          vehicles.vin,
          rows.slice(i, i + CHUNK).map((r) => r.vin),
        ),
      );
    for (const v of found) existing.set(v.vin, v);
  }

  const toCreate = rows.filter((r) => !existing.has(r.vin));
  const createdIds = new Map<string, number>();
  for (let i = 0; i < toCreate.length; i += CHUNK) {
    const created = await insertVehicleRows(
      tx,
      toCreate.slice(i, i + CHUNK).map(({ row: _row, ...v }) => ({
        ...v,
        status: 'pending',
        inQueue: true,
        uploadedBy: 'sync',
      })),
    );
    for (const v of created) createdIds.set(v.vin, v.id);
  }
  // Every listed vehicle whose row names images, except sold and removed ones (never touched).
  const imageTargets: ImageTarget[] = [];
  for (const row of rows) {
    if (row.images.length === 0) continue;
    const current = existing.get(row.vin);
    if (current && (current.status === 'sold' || current.status === 'removed')) continue;
    const vehicleId = current?.id ?? createdIds.get(row.vin);
    if (vehicleId !== undefined)
      imageTargets.push({ vehicleId, vin: row.vin, row: row.row, urls: row.images });
  }

  let unchanged = 0;
  const updatedVins: string[] = [];
  for (const row of rows) {
    const current = existing.get(row.vin);
    if (!current) continue;
    const changes =
      current.status === 'sold' || current.status === 'removed' ? null : changesFor(row, current);
    if (!changes) {
      unchanged++;
      continue;
    }
    await updateVehicleRow(tx, current.id, changes);
    updatedVins.push(row.vin);
  }
  return {
    counts: { created: toCreate.length, updated: updatedVins.length, unchanged },
    createdVins: toCreate.map((r) => r.vin),
    updatedVins,
    imageTargets,
  };
}
