import type { DataStore, Locker } from '@tus/server';
import type { OpenedMedia } from '../object-storage';

/** The tus server's storage options: a datastore, how upload ids map to its keys, its locker. */
export interface TusStorageOptions {
  datastore: DataStore;
  locker?: Locker;
  namingFunction?: (req: Request) => string;
  generateUrl?: (req: Request, options: { path: string; id: string }) => string;
  getFileIdFromRequest?: (req: Request, lastPath?: string) => string | undefined;
}

/** What tus keeps of an upload: `<id>.json` on disk, `<id>.info` in a bucket. */
export interface UploadRecord {
  size?: number;
  metadata?: Record<string, string | null>;
}

/** The areas media are kept in, the same on disk (DATA_DIR) and in a bucket (ADR 0014, 0022). */
export type MediaArea = 'video-uploads' | 'photo-uploads' | 'photos' | 'photo-originals';

/**
 * Where uploads and the media made from them are kept: this instance's disk (LocalMediaStorage)
 * or an S3-compatible bucket (S3MediaStorage). Keys are `<area>/<name>`; a tus upload's bytes are
 * at `<area>/<upload id>`. It stores and reads bytes and never answers HTTP: the routes do
 * (`send-media.ts`).
 */
export interface MediaStorage {
  /** The tus options for uploads into `area`; upload URLs carry the bare 32-hex id. */
  tusOptions(area: MediaArea): TusStorageOptions;
  /** The directory of an area on this disk; null in a bucket (housekeeping sweeps it otherwise). */
  directoryOf(area: MediaArea): string | null;
  /** Creates what must exist before the first upload (directories); nothing for a bucket. */
  prepare(): Promise<void>;
  /** An object's bytes (a `bytes=a-b` range of them), or null when it is not there. */
  read(key: string, range?: string): Promise<Buffer | null>;
  text(key: string): Promise<string | null>;
  exists(key: string): Promise<boolean>;
  put(key: string, body: Buffer | string, contentType: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  /** Writes a set of objects under `prefix/`, so a reader sees all of them or none (variants). */
  putSet(prefix: string, files: Map<string, Buffer>, contentTypeOf: (name: string) => string): Promise<void>;
  deleteSet(prefix: string): Promise<void>;
  /** tus's record of an upload (it may still be uploading), with its metadata; null when unknown. */
  uploadRecord(area: MediaArea, id: string): Promise<UploadRecord | null>;
  /** Drops a finished upload's bytes (a photo's camera EXIF); tus still sees it complete. */
  scrubUpload(key: string, length: number): Promise<void>;
  /** Deletes an upload's bytes, and with `record` its tus record too (a refused video). */
  discardUpload(key: string, record: boolean): Promise<void>;
  /** Runs `use` on a file holding the object's bytes (a bucket's are fetched to a temporary file). */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** The object for an answer (one range, or only its size for HEAD), or null when missing. */
  open(key: string, rangeHeader: string | undefined, head: boolean): Promise<OpenedMedia | null>;
}

/** A tus record's JSON; one being written right now (or missing) reads as null. */
export function parseRecord(text: string | null): UploadRecord | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as UploadRecord) : null;
  } catch {
    return null;
  }
}
