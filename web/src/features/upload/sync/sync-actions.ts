import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import type { PhotoKind } from '@contracts/condition-report';
import { UPLOAD_TEXT } from '@contracts/upload';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api/api-client';
import {
  type CapturedFile,
  type CapturedVehicle,
  type CaptureStore,
  fileOf,
} from '@/lib/uploads/capture-store';
import { fileState } from '@/lib/uploads/file-state';
import type { QueuedPhoto } from '@/lib/uploads/photo-queue';
import { PhotoUploadError, smallestOfPhoto, uploadPhoto } from '@/lib/uploads/photo-upload';
import { keptFile, type SyncAction, type SyncVehicleState } from '@/lib/uploads/sync-queue';
import { type UploadedVideo, VideoUploadError } from '@/lib/uploads/video-upload';
import { mediaConfigQuery, videoBackendOf } from '../api/media-config';
import { vehicleBody } from '../condition/create-body';
import { vehiclePhotos } from '../photos/shot-list';
import { parseWizardState } from '../wizard-state';

/** A request of the sync that failed: its HTTP status (null: no answer) and the server's message. */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

function syncErrorOf(error: unknown): SyncError {
  if (error instanceof SyncError) return error;
  if (error instanceof ApiError) return new SyncError(error.message, error.status);
  if (error instanceof PhotoUploadError || error instanceof VideoUploadError)
    return new SyncError(error.message, error.status);
  // fetch's TypeError: no answer at all.
  return new SyncError('The connection was lost.', null);
}

/** The queue's view of the store: each record with its files' upload state. */
export async function readSyncStates(store: CaptureStore): Promise<{
  records: CapturedVehicle[];
  files: CapturedFile[];
  states: SyncVehicleState[];
}> {
  const [records, files] = await Promise.all([store.vehicles(), store.allFiles()]);
  const states = records.map(
    (r): SyncVehicleState => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt,
      vehicleId: r.vehicleId,
      reconSaved: r.reconSaved,
      blocked: r.blocked,
      files: files
        .filter((f) => f.vehicle === r.id && isSent(r, f) !== 'unused')
        .sort((a, b) => a.order - b.order)
        .map((f) => keptFile(f.id, { uploadUrl: f.uploadUrl, done: isSent(r, f) === 'done', size: f.size })),
    }),
  );
  return { records, files, states };
}

/**
 * Whether a file still has to go up: a photo until its id is known; the video until its URL is
 * known, unless the wizard already sent it (its URL is in the draft) — then it is not needed.
 */
function isSent(record: CapturedVehicle, file: CapturedFile): 'done' | 'todo' | 'unused' {
  if (file.role === 'photo') return file.photo ? 'done' : 'todo';
  const wizard = parseWizardState(record.wizard);
  if (wizard.savedVideo?.fileId !== file.id) return 'unused';
  if (file.video || wizard.video) return 'done';
  return 'todo';
}

export interface SyncProgress {
  vehicle: string;
  file: string | null;
  sent: number;
  total: number;
}

/** Does one action of the queue and writes its outcome to the store; throws a SyncError. */
export async function performSync(
  store: CaptureStore,
  action: SyncAction,
  queryClient: QueryClient,
  onProgress: (progress: SyncProgress) => void,
): Promise<void> {
  try {
    switch (action.type) {
      case 'upload':
        return await sendFile(store, action.file, queryClient, (sent, total) =>
          onProgress({ vehicle: action.vehicle, file: action.file, sent, total }),
        );
      case 'create':
        return await createVehicle(store, action.vehicle);
      case 'recon':
        return await saveRecon(store, action.vehicle, action.vehicleId);
      case 'remove':
        return await store.removeVehicle(action.vehicle);
    }
  } catch (error) {
    throw syncErrorOf(error);
  }
}

async function sendFile(
  store: CaptureStore,
  id: string,
  queryClient: QueryClient,
  onProgress: (sent: number, total: number) => void,
) {
  const record = await store.file(id);
  if (!record) throw new SyncError('A saved file is missing.', 0);
  const keepUploadUrl = (url: string) => store.updateFile(id, { uploadUrl: url });
  if (record.role === 'photo') {
    const photo = await uploadPhoto(fileOf(record), {
      onProgress,
      uploadUrl: record.uploadUrl,
      keepUploadUrl,
    });
    await store.updateFile(id, { photo: { id: photo.id, thumbnail: smallestOfPhoto(photo) } });
    return;
  }
  const config = await queryClient.fetchQuery(mediaConfigQuery());
  const begin = videoBackendOf(config);
  if (!begin) throw new SyncError('The video settings could not be read.', null);
  const video = await new Promise<UploadedVideo>((resolve, reject) => {
    const handle = begin(
      fileOf(record),
      {
        onProgress,
        onResuming: () => undefined,
        onProcessing: () => undefined,
        onSuccess: resolve,
        onError: (error) => {
          void handle.stop(false);
          reject(error);
        },
      },
      { uploadUrl: record.uploadUrl, keepUploadUrl },
    );
  });
  await store.updateFile(id, { video });
}

async function createVehicle(store: CaptureStore, id: string) {
  const record = await store.vehicle(id);
  if (!record) return;
  const wizard = parseWizardState(record.wizard);
  const files = await store.files(id);
  const photoFiles = files.filter((f) => f.role === 'photo' && f.photo);
  const items = photoFiles.map(
    (f): QueuedPhoto => ({
      ...fileState('ready', f.size),
      key: f.id,
      kind: (f.kind ?? 'extra') as PhotoKind,
      name: f.name,
      photoId: f.photo?.id ?? null,
      thumbnail: null,
      serverThumbnail: null,
    }),
  );
  const idOf = (key: string) => photoFiles.find((f) => f.id === key)?.photo?.id ?? null;
  const videoFile = files.find((f) => f.id === wizard.savedVideo?.fileId);
  const video =
    wizard.video ??
    (videoFile?.video ? { ...videoFile.video, name: videoFile.name, size: videoFile.size } : null);
  const body = vehicleBody({ ...wizard, video }, vehiclePhotos(items), idOf);
  if (!body) throw new SyncError(UPLOAD_TEXT.videoRequired, 400);
  const vehicle = await callApi('createVehicle', { body, headers: { [IDEMPOTENCY_HEADER]: record.id } });
  await store.updateVehicle(id, { vehicleId: vehicle.id });
}

async function saveRecon(store: CaptureStore, id: string, vehicleId: number) {
  const record = await store.vehicle(id);
  if (!record) return;
  const { recon } = parseWizardState(record.wizard);
  await callApi('updateVehicle', {
    params: { id: vehicleId },
    body: {
      reconExterior: recon.exterior.trim(),
      reconMechanical: recon.mechanical.trim(),
      reconInterior: recon.interior.trim(),
    },
  });
  await store.updateVehicle(id, { reconSaved: true });
}
