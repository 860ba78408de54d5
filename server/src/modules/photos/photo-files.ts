import type { MediaStorage } from '../../lib/uploads/media-storage';
import type { ProcessedPhoto } from './photo-pipeline';

export const VARIANT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
const STORAGE_KEY = /^[a-f0-9]{32}$/;

/**
 * Where a photo's files are, on disk or in the bucket (MediaStorage): the tus upload in
 * photo-uploads/<id> (its refusal note in `<id>.failed`), the public variants in
 * photos/<key>/<width>.<format>, the private original in photo-originals/<key>.jpeg.
 */
export class PhotoFiles {
  constructor(readonly storage: MediaStorage) {}

  async readUpload(key: string) {
    const bytes = await this.storage.read(key);
    if (!bytes) throw new Error(`photo upload ${key} is not stored`);
    return bytes;
  }

  /** Drops the uploaded bytes (the camera's EXIF, GPS) once processed; tus still sees the upload complete. */
  scrubUpload(key: string, length: number) {
    return this.storage.scrubUpload(key, length);
  }

  /** Deletes a refused upload's bytes and records why (read back by failedMessage). */
  async refuseUpload(key: string, message: string) {
    await this.storage.discardUpload(key, false);
    await this.storage.put(`${key}.failed`, message, 'text/plain; charset=utf-8');
  }

  failedMessage(uploadId: string) {
    return this.storage.text(`photo-uploads/${uploadId}.failed`);
  }

  /** Whether tus knows this upload (it may still be uploading or waiting in the queue). */
  async uploadExists(uploadId: string) {
    return (await this.storage.uploadRecord('photo-uploads', uploadId)) !== null;
  }

  /** The original (private) first, then the variants (public) as one set. */
  async writeFiles(key: string, processed: ProcessedPhoto) {
    await this.storage.put(`photo-originals/${key}.jpeg`, processed.original, 'image/jpeg');
    await this.storage.putSet(
      `photos/${key}`,
      processed.variants,
      (name) => VARIANT_TYPES[name.split('.')[1]!]!,
    );
  }

  async deleteFiles(key: string) {
    if (!STORAGE_KEY.test(key)) return;
    await this.storage.deleteSet(`photos/${key}`);
    await this.storage.delete([`photo-originals/${key}.jpeg`]);
  }

  /** Where the public variant `<width>.<format>` of `key` is kept, and its type. */
  variant(key: string, name: string) {
    return { key: `photos/${key}/${name}`, contentType: VARIANT_TYPES[name.split('.')[1]!]! };
  }
}
