import { type DetailedError, Upload } from 'tus-js-client';

/*
 * The one tus client of the app (ADR 0022): a walkaround or claim video, a photo of the wizard,
 * a claim or the admin's condition editor. What differs by kind is only the options below; what
 * the server made of the upload comes back in the answer to the request that completed it.
 */

/** A failed upload: the server's `{message}` when it answered, and whether trying again can work. */
export interface TusFailure {
  message: string;
  /** The HTTP status; null when the connection dropped. */
  status: number | null;
  /** A dropped connection or a server hiccup: trying again resumes. A refusal (415, 413) does not. */
  retryable: boolean;
}

export interface TusUploadOptions {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  metadata: Record<string, string>;
  /**
   * Remember the upload URL across reloads (keyed by the file's name, type, size and date), so
   * choosing the same file again resumes it. Off for photos: camera files often share a name.
   */
  resumeAcrossReloads: boolean;
  /** Continue this upload (its URL kept on the phone) instead of creating one. */
  uploadUrl?: string | null;
  /**
   * Keep the upload's URL (the capture store): called once the server created the upload and
   * awaited before any byte is sent, so an app killed mid-upload continues the same upload.
   */
  keepUploadUrl?: (url: string) => Promise<void>;
  onProgress: (sent: number, total: number) => void;
  /** A previous upload of the same file was found: it continues from the server's offset. */
  onResuming?: () => void;
  /**
   * Every byte is up. `answer` is the JSON the completing request carried (the processed photo),
   * or null when there was none: a kind without one, or an upload found complete on resuming,
   * whose answer was lost with the connection (the kind's status endpoint tells then).
   */
  onFinished: (uploadId: string, answer: unknown) => void;
  onError: (failure: TusFailure) => void;
}

export interface TusUploadHandle {
  /** After a failure: continue from the server's offset. */
  resume: () => void;
  /** Stop sending; `discard` deletes the partial upload on the server (unless it refused it). */
  stop: (discard: boolean) => Promise<void>;
}

function failureOf(error: Error | DetailedError): TusFailure {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { message: '', status: null, retryable: true };
  const status = response.getStatus();
  const body = response.getBody() ?? '';
  let message = body.trim() || `${status}`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // A plain-text answer is the message itself.
  }
  return { message, status, retryable: status >= 500 || status === 401 || status === 429 };
}

function answerOf(body: string | undefined): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

export function startTusUpload(file: File, options: TusUploadOptions): TusUploadHandle {
  let stopped = false;
  // A refused upload was already discarded by the server: nothing to terminate.
  let refused = false;
  const keep = options.keepUploadUrl;
  const upload = new Upload(file, {
    endpoint: options.endpoint,
    uploadUrl: options.uploadUrl ?? null,
    chunkSize: options.chunkSize,
    retryDelays: options.retryDelays,
    metadata: options.metadata,
    storeFingerprintForResuming: options.resumeAcrossReloads || keep !== undefined,
    removeFingerprintOnSuccess: true,
    // tus-js-client writes a new upload's URL to its URL storage before sending the first byte:
    // that storage is the capture store's record of this file.
    ...(keep && !options.resumeAcrossReloads
      ? {
          fingerprint: async () => 'capture-store',
          urlStorage: {
            findAllUploads: async () => [],
            findUploadsByFingerprint: async () => [],
            removeUpload: async () => undefined,
            addUpload: async (_fingerprint: string, stored: { uploadUrl: string | null }) => {
              if (stored.uploadUrl)
                await keep(new URL(stored.uploadUrl, window.location.href).pathname).catch(() => undefined);
              return 'capture-store';
            },
          },
        }
      : {}),
    // A kind that keeps its fingerprints (a video) keeps the URL too, as soon as it is known.
    onUploadUrlAvailable: () => {
      if (keep && options.resumeAcrossReloads && upload.url)
        void keep(new URL(upload.url, window.location.href).pathname).catch(() => undefined);
    },
    onProgress: options.onProgress,
    onError: (error) => {
      const failure = failureOf(error);
      refused = !failure.retryable;
      options.onError(failure);
    },
    onSuccess: ({ lastResponse }) => {
      const id = new URL(upload.url ?? '', window.location.href).pathname.split('/').pop() ?? '';
      options.onFinished(id, answerOf(lastResponse.getBody()));
    },
  });

  if (options.resumeAcrossReloads && !options.uploadUrl)
    void upload
      .findPreviousUploads()
      .catch(() => [])
      .then((previous) => {
        if (stopped) return;
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) {
          upload.resumeFromPreviousUpload(latest);
          options.onResuming?.();
        }
        upload.start();
      });
  else upload.start();

  return {
    resume: () => {
      stopped = false;
      upload.start();
    },
    stop: async (discard) => {
      stopped = true;
      await upload.abort(discard && !refused).catch(() => undefined);
    },
  };
}
