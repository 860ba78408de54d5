import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { ObjectStorage } from '../object-storage';
import { PgUploadLocker } from '../pg-upload-locker';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage';
import { S3MediaStorage } from './s3-media-storage';

/**
 * Where media go (ADR 0014): this instance's disk under DATA_DIR (the default); with S3_BUCKET,
 * the bucket, checked before the app is built so bad credentials stop the start with what to fix.
 * On PostgreSQL, tus locks are advisory locks shared by every instance; on PGlite (one process)
 * tus keeps its in-process locker.
 */
export async function openMediaStorage(
  app: FastifyInstance,
  config: Config,
  database: DbHandle,
): Promise<{ storage: MediaStorage; bucket: ObjectStorage | null }> {
  if (!config.objectStorage) {
    const storage = new LocalMediaStorage(resolve(config.dataDir));
    await storage.prepare();
    return { storage, bucket: null };
  }
  const bucket = await ObjectStorage.create(config.objectStorage);
  await bucket.checkAccess();
  if (!database.databaseUrl) return { storage: new S3MediaStorage(bucket, undefined), bucket };
  const locker = await PgUploadLocker.create({ databaseUrl: database.databaseUrl, listen: database.listen });
  app.addHook('onClose', async () => locker.close());
  return { storage: new S3MediaStorage(bucket, locker), bucket };
}
