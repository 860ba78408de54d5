import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_VIDEO_BYTES } from '@contracts/limits';
import { UPLOAD_TEXT, VIDEO_UPLOAD_PATH } from '@contracts/upload';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from '../../lib/object-storage';
import { sniffVideoType } from './sniff-video';

export const UPLOAD_ID = /^[a-f0-9]{32}$/;
/** File extension per sniffed type: the served name carries it, so players and the UI know the format. */
export const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-m4v': 'm4v',
  'video/3gpp': '3gp',
  'video/3gpp2': '3g2',
};
export const LOCAL_MEDIA_URL = /^\/media\/uploads\/([a-f0-9]{32})\.(mp4|webm|mov|m4v|3gp|3g2|jpg)$/;
export const localThumbnailUrl = (id: string) => `/media/uploads/${id}.jpg`;

/** Where accepted videos are kept: this instance's disk (LocalUploads) or the bucket (S3Uploads). */
export interface VideoUploads {
  readonly tus: TusServer;
  /** The local directory housekeeping sweeps for abandoned uploads; null when they are in a bucket. */
  readonly directory: string | null;
  /** The accepted video's URL and poster URL, or null while missing or refused. */
  result(id: string): Promise<{ url: string; thumbnailUrl: string | null } | null>;
  /** Sends `<id>.<ext>` (the video) or `<id>.jpg` (its poster), with range requests. */
  send(request: FastifyRequest, reply: FastifyReply, name: string): Promise<FastifyReply>;
}

/**
 * The local media backend: resumable tus uploads into DATA_DIR/uploads under random names, the
 * content checked by its magic bytes once complete (a renamed file is deleted and refused), and a
 * poster frame made with ffmpeg when it is installed. A `<id>.type` file marks an accepted video.
 */
/**
 * @tus/file-store's constructor starts an un-awaited mkdir whose error is thrown from a callback
 * (an uncaught exception; the library marks it TODO). LocalUploads.create awaits the directory
 * before making the store, so that check is skipped here (pinned @tus/file-store 2.1.1).
 */
class PreparedFileStore extends FileStore {}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

export class LocalUploads implements VideoUploads {
  readonly tus: TusServer;

  constructor(
    readonly directory: string,
    options: { log: (message: string) => void },
  ) {
    const datastore = new PreparedFileStore({ directory });
    this.tus = new TusServer({
      path: VIDEO_UPLOAD_PATH,
      datastore,
      relativeLocation: true,
      // "under 200 MB" (spec §5)
      maxSize: MAX_VIDEO_BYTES - 1,
      disableTerminationForFinishedUploads: true,
      onUploadFinish: async (_req, upload) => {
        const file = join(directory, upload.id);
        const type = await readHead(file).then(sniffVideoType);
        if (!type) {
          await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
          throw { status_code: 415, body: JSON.stringify({ message: UPLOAD_TEXT.invalidVideoType }) };
        }
        const extension = EXTENSIONS[type]!;
        // Served under a name with the right extension; the tus file stays for resumption bookkeeping.
        await link(file, `${file}.${extension}`);
        await writeFile(`${file}.type`, extension);
        await makePoster(file, `${file}.jpg`).catch((error: unknown) =>
          options.log(`no poster for ${upload.id}: ${String(error)}`),
        );
        return {};
      },
    });
  }

  static async create(directory: string, options: { log: (message: string) => void }) {
    await mkdir(directory, { recursive: true });
    return new LocalUploads(directory, options);
  }

  async result(id: string) {
    if (!UPLOAD_ID.test(id)) return null;
    const file = join(this.directory, id);
    const extension = await readFile(`${file}.type`, 'utf8').catch(() => null);
    if (!extension) return null;
    return {
      url: `/media/uploads/${id}.${extension}`,
      thumbnailUrl: existsSync(`${file}.jpg`) ? localThumbnailUrl(id) : null,
    };
  }

  /** @fastify/static's sendFile (registered by media.routes.ts for this directory). */
  async send(_request: FastifyRequest, reply: FastifyReply, name: string) {
    return reply.header('cache-control', IMMUTABLE).sendFile(name, this.directory);
  }
}

export async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

let ffmpegProbe: Promise<boolean> | null = null;
/** Whether `ffmpeg` runs here (asked once): without it, no poster is attempted. */
export const hasFfmpeg = () =>
  (ffmpegProbe ??= new Promise<boolean>((resolve) => {
    const child = spawn('ffmpeg', ['-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  }));

/** One frame at 1 s, 640 px wide; a missing ffmpeg or an unreadable video just means no poster. */
export function makePoster(video: string, poster: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      ['-v', 'error', '-y', '-ss', '1', '-i', video, '-frames:v', '1', '-vf', 'scale=640:-2', poster],
      {
        stdio: 'ignore',
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}
