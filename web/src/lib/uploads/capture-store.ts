import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/*
 * The capture store (docs/design.md §17, issue #34): the upload wizard's draft and every photo and video
 * it captured, kept in IndexedDB as they are taken, so nothing is lost when the app is killed,
 * reloaded or the phone restarts; several finished vehicles can wait here for a signal. A vehicle's
 * record is keyed by its create call's Idempotency-Key (one per vehicle attempt), so it is sent once
 * however often its sending is retried. Files are stored as Blobs; where a browser refuses a Blob put
 * (older iOS Safari), as an ArrayBuffer and its type.
 */

export type CapturedVehicleStatus = 'draft' | 'waiting';

export interface CapturedVehicle {
  /** The vehicle's Idempotency-Key: one record per vehicle attempt. */
  id: string;
  status: CapturedVehicleStatus;
  createdAt: number;
  updatedAt: number;
  /** The wizard's draft as it was saved (read back by the wizard's own schema). */
  wizard: unknown;
  /** The vehicle the server created (null until it confirmed). */
  vehicleId: number | null;
  /** Whether the recon notes are on the server (they go in a call after the create). */
  reconSaved: boolean;
  /** Why the server refused this vehicle (a retry cannot help); null while it can still be sent. */
  blocked: string | null;
}

export type CapturedFileRole = 'photo' | 'video';

export interface CapturedFileResult {
  /** A photo: the server's photo id and its smallest variant. */
  photo: { id: number; thumbnail: string | null } | null;
  /** A video: the accepted video's URL and poster. */
  video: { url: string; thumbnailUrl: string | null } | null;
}

export interface CapturedFile extends CapturedFileResult {
  /** The wizard's local key of the photo (the damage map names it), or a video's own id. */
  id: string;
  vehicle: string;
  role: CapturedFileRole;
  /** A photo's kind (a guided shot, extra, damage); null for the video. */
  kind: string | null;
  name: string;
  type: string;
  size: number;
  /** Capture order (the order the photos go to the vehicle, after the shot list's). */
  order: number;
  blob: Blob | null;
  buffer: ArrayBuffer | null;
  /** The tus upload's URL once created: a resumed upload continues it instead of starting anew. */
  uploadUrl: string | null;
}

interface CaptureSchema extends DBSchema {
  vehicles: { key: string; value: CapturedVehicle };
  files: { key: string; value: CapturedFile; indexes: { 'by-vehicle': string } };
}

export const CAPTURE_DB_NAME = 'capture';
const VERSION = 1;

/** A file that would not fit in what the browser lets this site keep. */
export class StorageFullError extends Error {
  constructor() {
    super('This phone has no room left to save this file. Send the saved cars before taking more.');
    this.name = 'StorageFullError';
  }
}

/** What the browser says about the site's storage (navigator.storage), injectable for tests. */
export interface StorageManagerLike {
  estimate?: () => Promise<{ quota?: number; usage?: number }>;
}

/** Kept free beyond the file itself: IndexedDB's own bookkeeping, the draft, the app's other data. */
const MARGIN_BYTES = 2 * 1024 * 1024;

/** Whether `bytes` more fit in the site's quota (true when the browser does not say). */
export async function hasRoomFor(bytes: number, storage: StorageManagerLike | undefined): Promise<boolean> {
  if (!storage?.estimate) return true;
  try {
    const { quota, usage } = await storage.estimate();
    if (quota === undefined || usage === undefined) return true;
    return quota - usage >= bytes + MARGIN_BYTES;
  } catch {
    return true;
  }
}

type Listener = () => void;

export class CaptureStore {
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly db: IDBPDatabase<CaptureSchema>,
    private readonly storage: StorageManagerLike | undefined,
  ) {}

  static async open(name = CAPTURE_DB_NAME, storage?: StorageManagerLike) {
    const db = await openDB<CaptureSchema>(name, VERSION, {
      upgrade(database) {
        database.createObjectStore('vehicles', { keyPath: 'id' });
        database.createObjectStore('files', { keyPath: 'id' }).createIndex('by-vehicle', 'vehicle');
      },
    });
    return new CaptureStore(db, storage);
  }

  close() {
    this.db.close();
  }

  /** Called after every change (the pending-sync bar and the runner re-read). */
  subscribe(listener: Listener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  vehicles(): Promise<CapturedVehicle[]> {
    return this.db.getAll('vehicles').then((all) => all.sort((a, b) => a.createdAt - b.createdAt));
  }

  vehicle(id: string) {
    return this.db.get('vehicles', id);
  }

  /** The draft the wizard was working on (the newest, should there be more than one). */
  async currentDraft(): Promise<CapturedVehicle | undefined> {
    return (await this.vehicles()).filter((v) => v.status === 'draft').at(-1);
  }

  /**
   * Writes the wizard's draft. A record already finished (waiting to sync) is never turned back
   * into a draft: a late save of the wizard's last state must not resurrect it.
   */
  async saveDraft(id: string, wizard: unknown): Promise<void> {
    await this.putVehicle(id, (existing) =>
      existing && existing.status !== 'draft'
        ? null
        : { status: 'draft', wizard, vehicleId: existing?.vehicleId ?? null, reconSaved: false },
    );
  }

  /** The draft is done: it waits to be sent (with what the wizard already sent, if anything). */
  async finish(id: string, wizard: unknown, sent: { vehicleId: number | null; reconSaved: boolean }) {
    await this.putVehicle(id, (existing) => ({
      status: 'waiting',
      wizard,
      vehicleId: sent.vehicleId ?? existing?.vehicleId ?? null,
      reconSaved: sent.reconSaved,
    }));
  }

  /**
   * Writes a vehicle's record as `next` says from the one stored (null: leave it), keeping its
   * capture time and clearing a refusal, in one transaction.
   */
  private async putVehicle(
    id: string,
    next: (
      existing: CapturedVehicle | undefined,
    ) => Pick<CapturedVehicle, 'status' | 'wizard' | 'vehicleId' | 'reconSaved'> | null,
  ) {
    const tx = this.db.transaction('vehicles', 'readwrite');
    const existing = await tx.store.get(id);
    const fields = next(existing);
    const now = Date.now();
    if (fields)
      await tx.store.put({
        id,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
        blocked: null,
        ...fields,
      });
    await tx.done;
    if (fields) this.changed();
  }

  /** Changes the sync fields of a record (the runner: created, recon saved, refused). */
  async updateVehicle(
    id: string,
    change: Partial<Pick<CapturedVehicle, 'vehicleId' | 'reconSaved' | 'blocked'>>,
  ) {
    const tx = this.db.transaction('vehicles', 'readwrite');
    const existing = await tx.store.get(id);
    if (existing) await tx.store.put({ ...existing, ...change, updatedAt: Date.now() });
    await tx.done;
    this.changed();
  }

  /** Removes a vehicle and its files (after the server confirmed it, or a draft thrown away). */
  async removeVehicle(id: string): Promise<void> {
    const tx = this.db.transaction(['vehicles', 'files'], 'readwrite');
    const files = tx.objectStore('files');
    for (const key of await files.index('by-vehicle').getAllKeys(id)) await files.delete(key);
    await tx.objectStore('vehicles').delete(id);
    await tx.done;
    this.changed();
  }

  /** Throws a draft away (a fresh start); a record waiting to sync is kept. */
  async discardDraft(id: string): Promise<void> {
    const existing = await this.vehicle(id);
    if (existing && existing.status !== 'draft') return;
    await this.removeVehicle(id);
  }

  async files(vehicle: string): Promise<CapturedFile[]> {
    const all = await this.db.getAllFromIndex('files', 'by-vehicle', vehicle);
    return all.sort((a, b) => a.order - b.order);
  }

  /** Every file's size and role without reading the blobs' bytes (the bar's counts). */
  async allFiles(): Promise<CapturedFile[]> {
    return this.db.getAll('files');
  }

  file(id: string) {
    return this.db.get('files', id);
  }

  /**
   * Keeps a captured file. Refused with StorageFullError (nothing written) when the browser's
   * estimate says it would not fit. A Blob is kept as such; should the browser refuse to store a
   * Blob, its bytes are kept as an ArrayBuffer with its type.
   */
  async addFile(
    file: Omit<CapturedFile, 'blob' | 'buffer' | 'photo' | 'video' | 'uploadUrl' | 'size' | 'type'> & {
      data: Blob;
    },
  ): Promise<void> {
    const { data, ...fields } = file;
    if (!(await hasRoomFor(data.size, this.storage))) throw new StorageFullError();
    const record: CapturedFile = {
      ...fields,
      type: data.type,
      size: data.size,
      blob: data,
      buffer: null,
      uploadUrl: null,
      photo: null,
      video: null,
    };
    try {
      await this.db.put('files', record);
    } catch (error) {
      if (isQuotaError(error)) throw new StorageFullError();
      try {
        await this.db.put('files', { ...record, blob: null, buffer: await data.arrayBuffer() });
      } catch (second) {
        throw isQuotaError(second) ? new StorageFullError() : second;
      }
    }
    this.changed();
  }

  /** Changes a file's upload state (its tus URL, what the server made of it, its kind). */
  async updateFile(
    id: string,
    change: Partial<Pick<CapturedFile, 'uploadUrl' | 'photo' | 'video' | 'kind'>>,
  ): Promise<void> {
    const tx = this.db.transaction('files', 'readwrite');
    const existing = await tx.store.get(id);
    if (existing) await tx.store.put({ ...existing, ...change });
    await tx.done;
    this.changed();
  }

  async removeFile(id: string): Promise<void> {
    await this.db.delete('files', id);
    this.changed();
  }
}

function isQuotaError(error: unknown) {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/** A stored file's bytes as a File (a Blob kept as such, or rebuilt from its ArrayBuffer). */
export function fileOf(record: CapturedFile): File {
  const data = record.blob ?? new Blob(record.buffer ? [record.buffer] : [], { type: record.type });
  if (data instanceof File && data.name === record.name) return data;
  return new File([data], record.name, { type: record.type });
}

let shared: Promise<CaptureStore | null> | null = null;

/** The page's one capture store; null where IndexedDB is missing (the server's render, a locked-down browser). */
export function captureStore(): Promise<CaptureStore | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  shared ??= CaptureStore.open(CAPTURE_DB_NAME, navigator.storage).catch(() => null);
  return shared;
}

export type PersistenceAnswer = 'persisted' | 'refused' | 'unsupported';
let persistence: Promise<PersistenceAnswer> | null = null;

/**
 * Asks once per app start that the browser keep this site's storage under pressure
 * (navigator.storage.persist()); already persisted storage is not asked again.
 */
export function requestPersistentStorage(): Promise<PersistenceAnswer> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return Promise.resolve('unsupported');
  persistence ??= (async () => {
    try {
      if (await navigator.storage.persisted?.()) return 'persisted';
      return (await navigator.storage.persist()) ? 'persisted' : 'refused';
    } catch {
      return 'refused';
    }
  })();
  return persistence;
}
