import type { Locker } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectStorage } from '../../lib/object-storage';
import { type PhotoFiles, VARIANT_TYPES } from './photo-files';
import type { ProcessedPhoto } from './photo-pipeline';

const UPLOADS = 'photo-uploads';
const PUBLIC = 'photos';
const ORIGINALS = 'photo-originals';

/**
 * Photos in an S3-compatible bucket (ADR 0014), the same layout as on disk: tus uploads under
 * photo-uploads/ (@tus/s3-store, their record in `<id>.info`), variants under photos/<key>/,
 * originals under photo-originals/<key>.jpeg. Variants are streamed through the app, so URLs,
 * CSP and caching are those of the local backend.
 */
export class S3PhotoFiles implements PhotoFiles {
  readonly tus;

  constructor(
    private readonly storage: ObjectStorage,
    locker: Locker | undefined,
  ) {
    this.tus = storage.tusOptions(UPLOADS, locker);
  }

  uploadIdOf(tusId: string) {
    return tusId.slice(UPLOADS.length + 1);
  }

  async prepare() {}

  async readUpload(tusId: string) {
    const bytes = await this.storage.bytes(tusId);
    if (!bytes) throw new Error(`photo upload ${tusId} is not in the bucket`);
    return bytes;
  }

  async scrubUpload(tusId: string) {
    // The upload's `.info` record stays: tus answers HEAD from it (the multipart upload is complete).
    await this.storage.delete([tusId, `${tusId}.part`]);
  }

  async refuseUpload(tusId: string, message: string) {
    await this.storage.delete([tusId, `${tusId}.part`]);
    await this.storage.put(`${tusId}.failed`, message, 'text/plain; charset=utf-8');
  }

  failedMessage(uploadId: string) {
    return this.storage.text(`${UPLOADS}/${uploadId}.failed`);
  }

  uploadExists(uploadId: string) {
    return this.storage.exists(`${UPLOADS}/${uploadId}.info`);
  }

  async writeFiles(key: string, processed: ProcessedPhoto) {
    // The original first: the variants are what a page links to, and they appear with the row.
    await this.storage.put(`${ORIGINALS}/${key}.jpeg`, processed.original, 'image/jpeg');
    await Promise.all(
      [...processed.variants].map(([name, bytes]) =>
        this.storage.put(`${PUBLIC}/${key}/${name}`, bytes, VARIANT_TYPES[name.split('.')[1]!]!),
      ),
    );
  }

  async deleteFiles(key: string) {
    if (!/^[a-f0-9]{32}$/.test(key)) return;
    const variants = await this.storage.keysUnder(`${PUBLIC}/${key}/`);
    await this.storage.delete([...variants, `${ORIGINALS}/${key}.jpeg`]);
  }

  sendVariant(request: FastifyRequest, reply: FastifyReply, key: string, name: string) {
    const type = VARIANT_TYPES[name.split('.')[1]!]!;
    return this.storage.send(request, reply, `${PUBLIC}/${key}/${name}`, type);
  }
}
