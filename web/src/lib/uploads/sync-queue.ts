import { type FileState, fileState, fileTotals, next } from '@/lib/uploads/file-state';

/*
 * The sync queue as plain data (issue #34): what to send next for the vehicles waiting on the phone,
 * and what an answer changes. No I/O: the runner (features/upload/sync/use-sync-runner.ts) reads the
 * capture store, asks `nextSyncActions` for up to SYNC_PARALLEL requests, and writes each one's
 * outcome back as it comes (each file's own record), so an app killed at any point resumes from
 * what was written. Exactly once:
 * - a file is uploaded by tus; its upload URL is written as soon as the server made it, and a resumed
 *   upload continues that URL (the server's offset) instead of starting a new one; a finished
 *   upload's photo is read back by its upload id (the server keeps one photo per upload);
 * - the vehicle is created with its record's Idempotency-Key, after every file has its result;
 * - the recon notes are set (a set, so repeating it changes nothing);
 * - the record leaves the phone only after all of that was confirmed.
 */

/**
 * A kept file in the one file state machine (file-state.ts), with its resumable upload's URL:
 * queued (no upload on the server yet), uploading (its upload exists and continues from its URL),
 * ready (the server's result, a photo id or a video URL, is recorded). The vehicle's own steps
 * (create, recon, remove) are this queue's, on top of its files.
 */
export interface SyncFileState extends FileState {
  id: string;
  /** The tus upload's URL, once the server created it. */
  uploadUrl: string | null;
}

/**
 * A file as the capture store keeps it: its upload's URL, and whether its result is recorded. No
 * status is stored (it is read from these), so records written by earlier versions read the same.
 */
export function keptFile(
  id: string,
  { uploadUrl, done, size = 0 }: { uploadUrl: string | null; done: boolean; size?: number },
): SyncFileState {
  return { ...fileState(done ? 'ready' : uploadUrl ? 'uploading' : 'queued', size), id, uploadUrl };
}

export interface SyncVehicleState {
  id: string;
  status: 'draft' | 'waiting';
  /** Capture order: the oldest waiting vehicle is sent first. */
  createdAt: number;
  files: readonly SyncFileState[];
  vehicleId: number | null;
  /** Whether the recon notes still need their own call after the create. */
  reconSaved: boolean;
  blocked: string | null;
}

export type SyncAction =
  | { type: 'upload'; vehicle: string; file: string; resumeUrl: string | null }
  | { type: 'create'; vehicle: string }
  | { type: 'recon'; vehicle: string; vehicleId: number }
  | { type: 'remove'; vehicle: string };

export interface SyncConditions {
  online: boolean;
  /** The staff session ended (a 401): nothing is sent until the staff member signs in again. */
  signedOut: boolean;
}

/** How many requests the runner keeps on their way at once (files of the oldest cars first). */
export const SYNC_PARALLEL = 3;

/** An action's name among those on their way: a file by its id, a vehicle's own step by the vehicle. */
export function actionKey(action: SyncAction): string {
  return action.type === 'upload' ? `${action.vehicle}/${action.file}` : action.vehicle;
}

/** The one request to make now, or null (offline, signed out, or nothing waiting). */
export function nextSync(
  vehicles: readonly SyncVehicleState[],
  conditions: SyncConditions,
): SyncAction | null {
  return nextSyncActions(vehicles, conditions, { inFlight: new Set(), limit: 1 })[0] ?? null;
}

/**
 * The requests to start now, at most `limit`, besides those on their way (`inFlight`, by
 * `actionKey`): the files not yet sent of the oldest cars first, each car's files in their order; a
 * car's own steps (create, recon notes, removal) only when nothing of that car is on its way, so
 * the create still comes after every one of its files has its result, and the create, the recon
 * notes and the removal follow one another.
 */
export function nextSyncActions(
  vehicles: readonly SyncVehicleState[],
  conditions: SyncConditions,
  { inFlight, limit }: { inFlight: ReadonlySet<string>; limit: number },
): SyncAction[] {
  if (!conditions.online || conditions.signedOut) return [];
  const waiting = vehicles
    .filter((v) => v.status === 'waiting' && v.blocked === null)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const actions: SyncAction[] = [];
  for (const vehicle of waiting) {
    for (const action of actionsForVehicle(vehicle, inFlight)) {
      if (actions.length >= limit) return actions;
      actions.push(action);
    }
  }
  return actions;
}

function actionsForVehicle(vehicle: SyncVehicleState, inFlight: ReadonlySet<string>): SyncAction[] {
  const pending = vehicle.files.filter((f) => f.status !== 'ready');
  if (vehicle.vehicleId === null && pending.length > 0)
    return pending
      .map((f): SyncAction => ({ type: 'upload', vehicle: vehicle.id, file: f.id, resumeUrl: f.uploadUrl }))
      .filter((action) => !inFlight.has(actionKey(action)));
  // The car's own steps: one at a time, once none of its files is on its way.
  if ([...inFlight].some((key) => key === vehicle.id || key.startsWith(`${vehicle.id}/`))) return [];
  if (vehicle.vehicleId === null) return [{ type: 'create', vehicle: vehicle.id }];
  if (!vehicle.reconSaved) return [{ type: 'recon', vehicle: vehicle.id, vehicleId: vehicle.vehicleId }];
  return [{ type: 'remove', vehicle: vehicle.id }];
}

/** What came of a request, as the runner writes it to the store. */
export type SyncOutcome =
  | { type: 'upload-url'; vehicle: string; file: string; url: string }
  | { type: 'uploaded'; vehicle: string; file: string }
  | { type: 'created'; vehicle: string; vehicleId: number }
  | { type: 'recon-saved'; vehicle: string }
  | { type: 'removed'; vehicle: string }
  | { type: 'refused'; vehicle: string; message: string };

/** The vehicles after an outcome (the store does the same to its records). */
export function applyOutcome(
  vehicles: readonly SyncVehicleState[],
  outcome: SyncOutcome,
): SyncVehicleState[] {
  if (outcome.type === 'removed') return vehicles.filter((v) => v.id !== outcome.vehicle);
  return vehicles.map((v) => {
    if (v.id !== outcome.vehicle) return v;
    switch (outcome.type) {
      case 'upload-url':
        return {
          ...v,
          files: v.files.map((f) =>
            f.id === outcome.file ? { ...next(f, { type: 'start' }), uploadUrl: outcome.url } : f,
          ),
        };
      case 'uploaded':
        return {
          ...v,
          files: v.files.map((f) => (f.id === outcome.file ? next(f, { type: 'processed' }) : f)),
        };
      case 'created':
        return { ...v, vehicleId: outcome.vehicleId };
      case 'recon-saved':
        return { ...v, reconSaved: true };
      default:
        return { ...v, blocked: outcome.message };
    }
  });
}

/** A failed request: a dropped connection or server error (retried later), the session ended, or a refusal. */
export type SyncFailure = 'network' | 'server' | 'signed-out' | 'refused';

/** How a failed request's HTTP status is taken (null: no answer at all). */
export function failureOf(status: number | null): SyncFailure {
  if (status === null) return 'network';
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 409 || status === 423 || status === 429 || status >= 500) return 'server';
  return 'refused';
}

/** Backoff after consecutive failures: 2 s, 4 s, 8 s … at most 5 minutes. */
export function retryDelayMs(failures: number): number {
  return Math.min(5 * 60_000, 2000 * 2 ** Math.max(0, failures - 1));
}

export interface SyncTotals {
  vehicles: number;
  files: number;
  /** Files whose result is recorded (for the progress while sending). */
  filesDone: number;
  blocked: number;
}

export function syncTotals(vehicles: readonly SyncVehicleState[]): SyncTotals {
  const waiting = vehicles.filter((v) => v.status === 'waiting');
  const files = fileTotals(waiting.flatMap((v) => v.files));
  return {
    vehicles: waiting.length,
    files: files.count,
    filesDone: files.ready,
    blocked: waiting.filter((v) => v.blocked !== null).length,
  };
}
