import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locker } from '@tus/utils';
import type { ObjectStorage } from '../object-storage';
import { type MediaArea, type MediaStorage, parseRecord } from './media-storage';

/**
 * Media in an S3-compatible bucket (ADR 0014), the same layout as on disk: tus uploads under
 * video-uploads/ and photo-uploads/ (@tus/s3-store; a chunk under 5 MB waits as `<id>.part`, the
 * tus record is `<id>.info`), variants under photos/<key>/, originals under photo-originals/.
 */
export class S3MediaStorage implements MediaStorage {
  constructor(
    private readonly bucket: ObjectStorage,
    private readonly locker: Locker | undefined,
  ) {}

  tusOptions(area: MediaArea) {
    return this.bucket.tusOptions(area, this.locker);
  }

  directoryOf() {
    return null;
  }

  async prepare() {}

  read(key: string, range?: string) {
    return this.bucket.bytes(key, range);
  }

  text(key: string) {
    return this.bucket.text(key);
  }

  exists(key: string) {
    return this.bucket.exists(key);
  }

  put(key: string, body: Buffer | string, contentType: string) {
    return this.bucket.put(key, body, contentType);
  }

  delete(keys: string[]) {
    return this.bucket.delete(keys);
  }

  async putSet(prefix: string, files: Map<string, Buffer>, contentTypeOf: (name: string) => string) {
    // A page links to the set only once its row exists, which is written after this.
    await Promise.all(
      [...files].map(([name, bytes]) => this.bucket.put(`${prefix}/${name}`, bytes, contentTypeOf(name))),
    );
  }

  async deleteSet(prefix: string) {
    await this.bucket.delete(await this.bucket.keysUnder(`${prefix}/`));
  }

  async uploadRecord(area: MediaArea, id: string) {
    return parseRecord(await this.bucket.text(`${area}/${id}.info`));
  }

  async scrubUpload(key: string) {
    // The `.info` record stays: tus answers HEAD from it (the multipart upload is complete).
    await this.bucket.delete([key, `${key}.part`]);
  }

  async discardUpload(key: string, record: boolean) {
    await this.bucket.delete(record ? [key, `${key}.part`, `${key}.info`] : [key, `${key}.part`]);
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>) {
    const directory = await mkdtemp(join(tmpdir(), 'media-'));
    try {
      await this.bucket.download(key, join(directory, 'object'));
      return await use(join(directory, 'object'));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  open(key: string, rangeHeader: string | undefined, head: boolean) {
    return this.bucket.open(key, rangeHeader, head);
  }
}
