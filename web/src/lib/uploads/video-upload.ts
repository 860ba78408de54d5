/** What a video upload reports (local tus, or Cloudinary in the upload wizard) while it goes up. */
export interface UploadedVideo {
  url: string;
  thumbnailUrl: string | null;
}

export type UploadFailureKind = 'network' | 'refused' | 'signature';

export class VideoUploadError extends Error {
  constructor(
    message: string,
    /** network: the connection dropped (retry resumes); refused: the server or host said no. */
    readonly kind: UploadFailureKind,
    readonly status: number | null = null,
    /** Whether trying the same file again can work (a dropped connection, a stale signature). */
    readonly retryable: boolean = kind !== 'refused',
  ) {
    super(message);
    this.name = 'VideoUploadError';
  }
}

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  /** A previous upload of the same file was found: it continues from the server's offset. */
  onResuming: () => void;
  /** The upload went up completely; the server is now checking the content. */
  onProcessing: () => void;
  onSuccess: (video: UploadedVideo) => void;
  onError: (error: VideoUploadError) => void;
}

export interface UploadHandle {
  /** Try again after a failure; a resumable upload continues where it stopped. */
  retry: () => void;
  /** Stop sending; `discard` also deletes the partial upload on the server. */
  stop: (discard: boolean) => Promise<void>;
}

/**
 * A video kept on the phone (the upload wizard's capture store, issue #34): the upload's URL is
 * kept as soon as the server made it, and a later attempt continues that upload.
 */
export interface VideoUploadResume {
  uploadUrl?: string | null;
  keepUploadUrl?: (url: string) => Promise<void>;
}
