import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GetObjectCommandOutput, S3 } from '@aws-sdk/client-s3';
import type { S3Store } from '@tus/s3-store';
import type { Locker } from '@tus/utils';
import type { ObjectStorageConfig } from '../config';

/** One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`); several ranges are answered whole (RFC 9110 allows it). */
export const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * A stored medium opened for an answer: its bytes (null for HEAD), their length, and the
 * Content-Range of a partial answer; or a range outside the object (416 with its size).
 */
export type OpenedMedia =
  | {
      body: Readable | null;
      length: number;
      contentRange: string | null;
      etag: string | null;
      lastModified: Date | null;
    }
  | { unsatisfiable: true; size: number };

/** The HTTP status of an S3 error (the SDK's S3ServiceException carries it in $metadata). */
const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) => statusOf(error) === 404;

/** The SDK is loaded only when a bucket is configured: local-disk instances never pay for it. */
const loadSdk = async () => ({
  S3: (await import('@aws-sdk/client-s3')).S3,
  S3Store: (await import('@tus/s3-store')).S3Store,
});

/**
 * The S3-compatible bucket that holds media when several instances serve the app (ADR 0014): one
 * client for our own reads and writes, the tus datastore for resumable uploads, and the one way a
 * stored object is sent to a browser (streamed through the app with range requests, so the page's
 * CSP, cookies and caching stay as they are for local files).
 */
export class ObjectStorage {
  readonly client: S3;

  private constructor(
    readonly config: ObjectStorageConfig,
    private readonly sdk: Awaited<ReturnType<typeof loadSdk>>,
  ) {
    this.client = new sdk.S3(this.clientConfig());
  }

  static async create(config: ObjectStorageConfig) {
    return new ObjectStorage(config, await loadSdk());
  }

  private clientConfig() {
    const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.config;
    return {
      ...(endpoint ? { endpoint } : {}),
      region,
      forcePathStyle,
      credentials: { accessKeyId, secretAccessKey },
      // Checksums only where S3 requires them: not every S3-compatible server (s3rver, older Ceph
      // and Garage releases) reads the SDK's newer trailing-checksum uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
  }

  /** The bucket answers with these credentials, or start-up stops here with what to fix. */
  async checkAccess(): Promise<void> {
    const { bucket, endpoint, region } = this.config;
    // The origin only: whatever else an endpoint URL carries (user info) is not printed.
    const where = `bucket "${bucket}" at ${endpoint ? new URL(endpoint).origin : `AWS S3 (${region})`}`;
    try {
      await this.client.headBucket({ Bucket: bucket });
    } catch (error) {
      const status = statusOf(error);
      const why =
        status === 403 || status === 401
          ? 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
          : status === 404
            ? 'no such bucket: create it or fix S3_BUCKET'
            : status === 301 || status === 400
              ? `answered ${status}: check S3_REGION and S3_FORCE_PATH_STYLE`
              : status
                ? `answered ${status}`
                : `unreachable (${(error as Error).message}): check S3_ENDPOINT`;
      throw new Error(`Media storage: ${where} ${why}`);
    }
  }

  /**
   * The tus server's storage options for uploads kept under `prefix/` in the bucket: @tus/s3-store
   * writes each upload as a multipart upload (parts of ≥ 5 MB; a smaller chunk waits as
   * `<key>.part` for the next one) with its tus record in `<key>.info`. Upload URLs keep the bare
   * 32-hex id (`/api/uploads/<id>`); the store sees `prefix/<id>`. `locker` serialises the
   * requests of one upload across instances (PgUploadLocker); without it, tus's in-process one.
   */
  tusOptions(
    prefix: string,
    locker: Locker | undefined,
  ): {
    datastore: S3Store;
    namingFunction: () => string;
    generateUrl: (req: Request, options: { path: string; id: string }) => string;
    getFileIdFromRequest: (req: Request, lastPath?: string) => string | undefined;
    locker?: Locker;
  } {
    const UPLOAD_ID = /^[a-f0-9]{32}$/;
    return {
      datastore: new this.sdk.S3Store({
        partSize: 8 * 1024 * 1024,
        // The upload's record is read from the bucket on every request: a copy kept by one instance
        // would go stale when another completes, resumes or the housekeeping sweep removes it.
        cache: { get: async () => undefined, set: async () => {}, delete: async () => {} },
        s3ClientConfig: { bucket: this.config.bucket, ...this.clientConfig() },
      }),
      namingFunction: () => `${prefix}/${randomBytes(16).toString('hex')}`,
      generateUrl: (_req: Request, { path, id }: { path: string; id: string }) =>
        `${path}/${id.slice(prefix.length + 1)}`,
      getFileIdFromRequest: (_req: Request, lastPath?: string) =>
        lastPath && UPLOAD_ID.test(lastPath) ? `${prefix}/${lastPath}` : undefined,
      ...(locker ? { locker } : {}),
    };
  }

  async put(key: string, body: Buffer | string, contentType: string) {
    await this.client.putObject({
      Bucket: this.config.bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
    });
  }

  /** A small object's text (a marker, a note), or null when it is not there. */
  async text(key: string): Promise<string | null> {
    try {
      const object = await this.client.getObject({ Bucket: this.config.bucket, Key: key });
      return (await object.Body?.transformToString()) ?? '';
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async bytes(key: string, range?: string): Promise<Buffer | null> {
    try {
      const object = await this.client.getObject({ Bucket: this.config.bucket, Key: key, Range: range });
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.headObject({ Bucket: this.config.bucket, Key: key });
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(keys: string[]) {
    if (keys.length === 0) return;
    await this.client.deleteObjects({
      Bucket: this.config.bucket,
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    });
  }

  async objectsUnder(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    const objects: { key: string; lastModified: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.config.bucket,
        Prefix: prefix,
        ContinuationToken: token,
      });
      for (const object of page.Contents ?? [])
        if (object.Key) objects.push({ key: object.Key, lastModified: object.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  async keysUnder(prefix: string): Promise<string[]> {
    return (await this.objectsUnder(prefix)).map((object) => object.key);
  }

  /**
   * The multipart upload @tus/s3-store keeps open for a tus upload at `key` (its id is in the
   * `<key>.info` object's metadata), with the time of its newest part; null once it is complete,
   * aborted or unknown.
   */
  async openMultipartUpload(key: string): Promise<{ uploadId: string; lastPartAt: number } | null> {
    const { bucket } = this.config;
    try {
      const info = await this.client.headObject({ Bucket: bucket, Key: `${key}.info` });
      const uploadId = info.Metadata?.['upload-id'];
      if (!uploadId) return null;
      const parts = await this.client.listParts({ Bucket: bucket, Key: key, UploadId: uploadId });
      const times = (parts.Parts ?? []).map((part) => part.LastModified?.getTime() ?? 0);
      return { uploadId, lastPartAt: Math.max(0, ...times) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async abortMultipartUpload(key: string, uploadId: string) {
    await this.client
      .abortMultipartUpload({ Bucket: this.config.bucket, Key: key, UploadId: uploadId })
      .catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
  }

  async download(key: string, file: string) {
    const object = await this.client.getObject({ Bucket: this.config.bucket, Key: key });
    await pipeline(object.Body as Readable, createWriteStream(file));
  }

  /**
   * An object's bytes for a media request (`uploads/send-media.ts` answers the browser): one byte
   * range as S3 serves it, the suffix form made absolute first; `head` asks only its size. Null
   * when the object is not there; `unsatisfiable` with the size for a range outside it.
   */
  async open(key: string, rangeHeader: string | undefined, head = false): Promise<OpenedMedia | null> {
    const { bucket } = this.config;
    try {
      if (head) {
        const object = await this.client.headObject({ Bucket: bucket, Key: key });
        return { ...describe(object), body: null, contentRange: null };
      }
      const range = await this.absoluteRange(key, rangeHeader);
      if (range === null) return null;
      let object: GetObjectCommandOutput;
      try {
        object = await this.client.getObject({ Bucket: bucket, Key: key, Range: range });
      } catch (error) {
        if (statusOf(error) !== 416) throw error;
        const whole = await this.client.headObject({ Bucket: bucket, Key: key });
        return { unsatisfiable: true, size: whole.ContentLength ?? 0 };
      }
      return {
        ...describe(object),
        body: object.Body as Readable,
        contentRange: object.ContentRange ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * The request's single range, a suffix (`bytes=-n`, the last n bytes) made absolute: not every
   * S3-compatible server reads suffix ranges. Several ranges, or none: the whole object (undefined);
   * null when the object is missing.
   */
  private async absoluteRange(key: string, header: string | undefined) {
    const [, first, last] = SINGLE_RANGE.exec(header ?? '') ?? [];
    if (first === undefined || last === undefined || (first === '' && last === '')) return undefined;
    if (first !== '') return `bytes=${first}-${last}`;
    const size = await this.client
      .headObject({ Bucket: this.config.bucket, Key: key })
      .then((head) => head.ContentLength ?? 0)
      .catch((error) => {
        if (isMissing(error)) return null;
        throw error;
      });
    if (size === null) return null;
    // `bytes=-0` can be satisfied by nothing: S3 answers 416 for a start past the end.
    return `bytes=${Math.max(0, size - Number(last))}-${Number(last) === 0 ? size : ''}`;
  }
}

const describe = (object: { ContentLength?: number; ETag?: string; LastModified?: Date }) => ({
  length: object.ContentLength ?? 0,
  etag: object.ETag ?? null,
  lastModified: object.LastModified ?? null,
});
