import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '@contracts/errors';
import { UPLOAD_TEXT, VIDEO_UPLOAD_PATH } from '@contracts/upload';
import { MAX_VIDEO_BYTES } from '@contracts/upload-limits';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/uploads/media-storage';
import type { FinishedUpload, UploadKind } from '../../lib/uploads/upload-server';
import { isUploadedBy, parseUploader } from '../../lib/uploads/uploader';
import { sniffVideoType } from './sniff-video';
import { checkVideoContainer, windowedReader } from './video-container';
import { hasFfmpeg, makePoster } from './video-poster';

const AREA = 'video-uploads';
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
const CONTENT_TYPES = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));
export const LOCAL_MEDIA_URL = /^\/media\/uploads\/([a-f0-9]{32})\.(mp4|webm|mov|m4v|3gp|3g2|jpg)$/;
const thumbnailUrl = (id: string) => `/media/uploads/${id}.jpg`;
/** A refused container, in plain words: what is wrong and what to do. */
export const damagedVideoText = (problem: string) =>
  `This video file is damaged or incomplete and was not kept: the file ${problem}. Export or record the video again and upload the new file.`;

/**
 * Walkaround and claim videos (the video kind of the upload foundation, ADR 0022): once an upload
 * is complete its first bytes are sniffed (a renamed file is deleted and refused), its container is
 * walked to the last byte (video-container.ts: a damaged or padded file is deleted and refused), a poster frame
 * is made when ffmpeg is installed, and a `<id>.type` marker accepts it. The video is the tus
 * upload's own bytes (`video-uploads/<id>`), served as `/media/uploads/<id>.<ext>` with ranges.
 */
export class VideoUploads {
  readonly kind: UploadKind;

  constructor(
    readonly storage: MediaStorage,
    private readonly log: (message: string) => void,
  ) {
    this.kind = {
      path: VIDEO_UPLOAD_PATH,
      area: AREA,
      maxSize: MAX_VIDEO_BYTES - 1,
      finish: (u) => this.accept(u),
    };
  }

  private async accept(upload: FinishedUpload) {
    // A retried finish (the last, empty PATCH sent again by a phone that lost the answer) changes
    // nothing: the video was accepted once, under its upload id.
    if (await this.result(upload.id)) return null;
    const head = await this.storage.read(upload.key, 'bytes=0-63');
    const type = head ? sniffVideoType(head) : null;
    if (!type) {
      await this.storage.discardUpload(upload.key, true);
      throw new AppError(ERROR_CODES.unsupportedMediaType, UPLOAD_TEXT.invalidVideoType);
    }
    // Its first bytes name a video; its structure must hold to the last byte (ADR 0032).
    const read = windowedReader(async (start, end) => {
      const bytes = await this.storage.read(upload.key, `bytes=${start}-${end}`);
      if (!bytes) throw new Error(`${upload.key} is gone`);
      return bytes;
    }, upload.size);
    const problem = await checkVideoContainer(type, upload.size, read);
    if (problem) {
      await this.storage.discardUpload(upload.key, true);
      throw new AppError(ERROR_CODES.unprocessable, damagedVideoText(problem));
    }
    await this.makePoster(upload.key).catch((error: unknown) =>
      this.log(`no poster for ${upload.id}: ${String(error)}`),
    );
    await this.storage.put(`${upload.key}.type`, EXTENSIONS[type]!, 'text/plain');
    return null;
  }

  private async makePoster(key: string) {
    if (!(await hasFfmpeg())) throw new Error('ffmpeg is not installed');
    const directory = await mkdtemp(join(tmpdir(), 'video-poster-'));
    try {
      await this.storage.withLocalFile(key, (video) => makePoster(video, join(directory, 'poster.jpg')));
      await this.storage.put(`${key}.jpg`, await readFile(join(directory, 'poster.jpg')), 'image/jpeg');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** The accepted video's URL and poster URL, or null while missing or refused. */
  async result(id: string) {
    if (!UPLOAD_ID.test(id)) return null;
    const extension = await this.storage.text(`${AREA}/${id}.type`);
    if (!extension) return null;
    return {
      url: `/media/uploads/${id}.${extension}`,
      thumbnailUrl: (await this.storage.exists(`${AREA}/${id}.jpg`)) ? thumbnailUrl(id) : null,
    };
  }

  /** Whether a URL names an accepted video (or its poster) of ours. */
  async isAccepted(url: string) {
    const id = LOCAL_MEDIA_URL.exec(url)?.[1];
    const result = id ? await this.result(id) : null;
    return !!result && (url === result.url || url === result.thumbnailUrl);
  }

  /** Whether a URL names an accepted video `actor` uploaded (a claim attaches only its own, issue #28). */
  async isAcceptedFrom(url: string, actor: Actor) {
    if (!(await this.isAccepted(url))) return false;
    const record = await this.storage.uploadRecord(AREA, LOCAL_MEDIA_URL.exec(url)![1]!);
    return isUploadedBy(parseUploader(record?.metadata?.uploader), actor);
  }

  /** Where `/media/uploads/<name>` is kept and its type, once the URL is checked as accepted. */
  async stored(name: string): Promise<{ key: string; contentType: string } | null> {
    const url = `/media/uploads/${name}`;
    const [, id, extension] = LOCAL_MEDIA_URL.exec(url) ?? [];
    if (!id || !extension || !(await this.isAccepted(url))) return null;
    if (extension === 'jpg') return { key: `${AREA}/${id}.jpg`, contentType: 'image/jpeg' };
    return { key: `${AREA}/${id}`, contentType: CONTENT_TYPES[extension] ?? 'video/mp4' };
  }
}
