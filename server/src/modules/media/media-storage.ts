import type { Locker } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { ObjectStorage } from '../../lib/object-storage';
import { PgUploadLocker } from '../../lib/pg-upload-locker';

/**
 * Where media go (ADR 0014): null storage keeps them on this instance's disk (the default); with
 * S3_BUCKET, in the bucket, checked before the app is built so bad credentials stop the start
 * with what to fix. On PostgreSQL, tus locks are advisory locks, shared by every instance; on
 * PGlite (one process) tus keeps its in-process locker.
 */
export async function openMediaStorage(
  app: FastifyInstance,
  config: Config,
  database: DbHandle,
): Promise<{ storage: ObjectStorage | null; locker: Locker | undefined }> {
  if (!config.objectStorage) return { storage: null, locker: undefined };
  const storage = await ObjectStorage.create(config.objectStorage);
  await storage.checkAccess();
  if (!database.databaseUrl) return { storage, locker: undefined };
  const locker = await PgUploadLocker.create({ databaseUrl: database.databaseUrl, listen: database.listen });
  app.addHook('onClose', async () => locker.close());
  return { storage, locker };
}
