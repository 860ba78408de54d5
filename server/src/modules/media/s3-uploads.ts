import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_VIDEO_BYTES } from '@contracts/limits';
import { UPLOAD_TEXT, VIDEO_UPLOAD_PATH } from '@contracts/upload';
import { Server as TusServer } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error';
import type { ObjectStorage } from '../../lib/object-storage';
import {
  EXTENSIONS,
  hasFfmpeg,
  LOCAL_MEDIA_URL,
  localThumbnailUrl,
  makePoster,
  UPLOAD_ID,
  type VideoUploads,
} from './local-uploads';
import { sniffVideoType } from './sniff-video';

/** Keys in the bucket: `video-uploads/<id>` (the tus upload, then the video), `.type`, `.jpg`. */
const PREFIX = 'video-uploads';
const CONTENT_TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

/**
 * The video backend when media live in a bucket (ADR 0014): the same tus protocol, checks and URLs
 * as LocalUploads, with the upload written by @tus/s3-store. Once complete, the first bytes are
 * read back to sniff the type (a renamed file is deleted and refused), a `<id>.type` object marks
 * the video accepted, and a poster frame is made with ffmpeg when it is installed (the video is
 * fetched to a temporary file for it, then removed). Nothing is kept on this instance's disk.
 */
export class S3Uploads implements VideoUploads {
  readonly tus: TusServer;
  readonly directory = null;

  constructor(
    private readonly storage: ObjectStorage,
    options: { locker: Locker | undefined; log: (message: string) => void },
  ) {
    this.tus = new TusServer({
      path: VIDEO_UPLOAD_PATH,
      ...storage.tusOptions(PREFIX, options.locker),
      // "under 200 MB" (spec §5)
      maxSize: MAX_VIDEO_BYTES - 1,
      disableTerminationForFinishedUploads: true,
      onUploadFinish: async (_req, upload) => {
        const head = await storage.bytes(upload.id, 'bytes=0-63');
        const type = head ? sniffVideoType(head) : null;
        if (!type) {
          await storage.delete([upload.id, `${upload.id}.info`]);
          throw { status_code: 415, body: JSON.stringify({ message: UPLOAD_TEXT.invalidVideoType }) };
        }
        await this.makePoster(upload.id).catch((error: unknown) =>
          options.log(`no poster for ${upload.id}: ${String(error)}`),
        );
        await storage.put(`${upload.id}.type`, EXTENSIONS[type]!, 'text/plain');
        return {};
      },
    });
  }

  private async makePoster(key: string) {
    if (!(await hasFfmpeg())) throw new Error('ffmpeg is not installed');
    const directory = await mkdtemp(join(tmpdir(), 'video-poster-'));
    try {
      await this.storage.download(key, join(directory, 'video'));
      await makePoster(join(directory, 'video'), join(directory, 'poster.jpg'));
      await this.storage.put(`${key}.jpg`, await readFile(join(directory, 'poster.jpg')), 'image/jpeg');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  async result(id: string) {
    if (!UPLOAD_ID.test(id)) return null;
    const extension = await this.storage.text(`${PREFIX}/${id}.type`);
    if (!extension) return null;
    return {
      url: `/media/uploads/${id}.${extension}`,
      thumbnailUrl: (await this.storage.exists(`${PREFIX}/${id}.jpg`)) ? localThumbnailUrl(id) : null,
    };
  }

  async send(request: FastifyRequest, reply: FastifyReply, name: string) {
    const [, id, extension] = LOCAL_MEDIA_URL.exec(`/media/uploads/${name}`) ?? [];
    if (!id || !extension) throw notFound('Not found');
    if (extension === 'jpg') return this.storage.send(request, reply, `${PREFIX}/${id}.jpg`, 'image/jpeg');
    return this.storage.send(request, reply, `${PREFIX}/${id}`, CONTENT_TYPES[extension] ?? 'video/mp4');
  }
}
