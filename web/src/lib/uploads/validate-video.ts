import { UPLOAD_TEXT } from '@contracts/upload';
import { MAX_VIDEO_BYTES, MAX_VIDEOS_PER_VEHICLE, VIDEO_MIME_TYPES } from '@contracts/upload-limits';

type VideoMimeType = (typeof VIDEO_MIME_TYPES)[number];

/** Some pickers hand over a file without a type; its extension then says what it is. */
const TYPE_BY_EXTENSION: Record<string, VideoMimeType> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  m4v: 'video/x-m4v',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
};

export function videoTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

const isVideoType = (type: string): type is VideoMimeType =>
  (VIDEO_MIME_TYPES as readonly string[]).includes(type);

/**
 * The spec's client-side checks (docs/product.md §5) on what was picked or dropped: one file, an allowed type,
 * under 200 MB. Returns the message to show, or null when the file may be uploaded. The server
 * checks the content again after the upload.
 */
export function validateVideoFiles(
  files: readonly Pick<File, 'name' | 'type' | 'size'>[],
  maxBytes: number = MAX_VIDEO_BYTES,
): string | null {
  if (files.length === 0) return UPLOAD_TEXT.videoRequired;
  if (files.length > MAX_VIDEOS_PER_VEHICLE) return UPLOAD_TEXT.maxOneFile;
  const [file] = files;
  if (!file || !isVideoType(videoTypeOf(file))) return UPLOAD_TEXT.invalidVideoType;
  if (file.size >= maxBytes) return UPLOAD_TEXT.videoTooLarge;
  return null;
}
