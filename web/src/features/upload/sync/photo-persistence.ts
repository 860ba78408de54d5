import type { PhotoKind } from '@contracts/condition-report';
import { type CaptureStore, fileOf } from '@/lib/uploads/capture-store';
import type { PhotoPersistence } from '@/lib/uploads/use-photo-uploads';

let sequence = 0;

/**
 * The wizard's photo queue kept in the capture store under its vehicle's record: every photo is
 * written (as a Blob) once it is prepared, its upload URL as soon as the server made it, its photo
 * id once processed, so a reload or a killed app gets every photo back and resumes its upload.
 */
export function capturePhotoPersistence(store: CaptureStore, vehicle: string): PhotoPersistence {
  return {
    restore: async () =>
      (await store.files(vehicle))
        .filter((f) => f.role === 'photo')
        .map((f) => ({
          key: f.id,
          kind: (f.kind ?? 'extra') as PhotoKind,
          file: fileOf(f),
          uploadUrl: f.uploadUrl,
          photo: f.photo,
        })),
    keep: (key, file, kind) =>
      store.addFile({
        id: key,
        vehicle,
        role: 'photo',
        kind,
        name: file.name,
        order: Date.now() * 1000 + (sequence++ % 1000),
        data: file,
      }),
    keepUploadUrl: (key, url) => store.updateFile(key, { uploadUrl: url }),
    uploaded: (key, photo) => void store.updateFile(key, { photo }).catch(() => undefined),
    kindChanged: (key, kind) => void store.updateFile(key, { kind }).catch(() => undefined),
    forget: (key) => void store.removeFile(key).catch(() => undefined),
  };
}
