import type { DataStore, Locker } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProcessedPhoto } from './photo-pipeline';

/** The tus server's storage options (a datastore, how upload ids map to its keys, its locker). */
export interface TusStorageOptions {
  datastore: DataStore;
  locker?: Locker;
  namingFunction?: (req: Request) => string;
  generateUrl?: (req: Request, options: { path: string; id: string }) => string;
  getFileIdFromRequest?: (req: Request, lastPath?: string) => string | undefined;
}

/**
 * Where photo uploads and processed photos are kept: this instance's disk (LocalPhotoFiles) or an
 * S3-compatible bucket (S3PhotoFiles, ADR 0014). `tusId` is the id tus gives the datastore; the
 * upload id is the 32-hex id in the upload URL and in the photo row.
 */
export interface PhotoFiles {
  readonly tus: TusStorageOptions;
  uploadIdOf(tusId: string): string;
  /** Creates what must exist before the first upload (directories); nothing for a bucket. */
  prepare(): Promise<void>;
  readUpload(tusId: string): Promise<Buffer>;
  /** Drops the uploaded bytes (the camera's EXIF, GPS) once processed; tus still sees the upload complete. */
  scrubUpload(tusId: string, length: number): Promise<void>;
  /** Deletes a refused upload's bytes and records why (read back by failedMessage). */
  refuseUpload(tusId: string, message: string): Promise<void>;
  failedMessage(uploadId: string): Promise<string | null>;
  /** Whether tus knows this upload (it may still be uploading or waiting in the queue). */
  uploadExists(uploadId: string): Promise<boolean>;
  /** Writes the variants (public) and the original (private) of a photo, variants last. */
  writeFiles(key: string, processed: ProcessedPhoto): Promise<void>;
  deleteFiles(key: string): Promise<void>;
  /** Sends the public variant `<width>.<format>` of `key`, cached for a year. */
  sendVariant(request: FastifyRequest, reply: FastifyReply, key: string, name: string): Promise<FastifyReply>;
}

export const VARIANT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
