import { type CloudinarySignature, cloudinarySignatureSchema, UPLOAD_TEXT } from '@contracts/upload';
import { ApiError, callApi } from '@/lib/api/api-client';
import type { UploadCallbacks, UploadedVideo, UploadHandle } from '@/lib/uploads/video-upload';
import { VideoUploadError } from '@/lib/uploads/video-upload';

/** The thumbnail when Cloudinary made no eager one: the video URL with a .jpg extension (docs/product.md §7). */
export function jpgOf(videoUrl: string): string {
  const url = new URL(videoUrl);
  url.pathname = /\.[A-Za-z0-9]+$/.test(url.pathname)
    ? url.pathname.replace(/\.[A-Za-z0-9]+$/, '.jpg')
    : `${url.pathname}.jpg`;
  return url.toString();
}

function readAnswer(xhr: XMLHttpRequest): UploadedVideo {
  let body: { secure_url?: unknown; eager?: { secure_url?: unknown }[]; error?: { message?: unknown } } = {};
  try {
    body = JSON.parse(xhr.responseText || '{}');
  } catch {
    // Not JSON: reported below with the status.
  }
  if (xhr.status < 200 || xhr.status >= 300 || typeof body.secure_url !== 'string') {
    const reason =
      typeof body.error?.message === 'string' ? body.error.message : `${xhr.status} ${xhr.statusText}`;
    // A stale or refused signature (401/403) or a host error: a retry signs again and starts over.
    const retryable = xhr.status === 401 || xhr.status === 403 || xhr.status >= 500;
    throw new VideoUploadError(
      `${UPLOAD_TEXT.cloudinaryFailedPrefix}${reason.trim()}`,
      'refused',
      xhr.status,
      retryable,
    );
  }
  const eager = body.eager?.[0]?.secure_url;
  return { url: body.secure_url, thumbnailUrl: typeof eager === 'string' ? eager : jpgOf(body.secure_url) };
}

/**
 * Cloudinary backend: our server signs (the secret never leaves it), the browser posts the file
 * straight to Cloudinary with progress. Not resumable: a retry starts over with a new signature.
 */
export function startCloudinaryUpload(file: File, callbacks: UploadCallbacks): UploadHandle {
  let xhr: XMLHttpRequest | null = null;
  let stopped = false;

  const send = (signature: CloudinarySignature) => {
    const form = new FormData();
    form.append('file', file);
    form.append('api_key', signature.api_key);
    form.append('timestamp', String(signature.timestamp));
    form.append('signature', signature.signature);
    form.append('folder', signature.folder);
    form.append('eager', signature.eager);
    const request = new XMLHttpRequest();
    xhr = request;
    request.open('POST', signature.upload_url);
    request.upload.onprogress = (event) =>
      callbacks.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.upload.onload = () => callbacks.onProcessing();
    request.onload = () => {
      try {
        callbacks.onSuccess(readAnswer(request));
      } catch (error) {
        callbacks.onError(error as VideoUploadError);
      }
    };
    request.onerror = () =>
      callbacks.onError(
        new VideoUploadError(`${UPLOAD_TEXT.cloudinaryFailedPrefix}Network error`, 'network'),
      );
    request.send(form);
  };

  const begin = () => {
    callApi('cloudinarySignature')
      .then((answer) => cloudinarySignatureSchema.parse(answer))
      .then(
        (signature) => {
          if (!stopped) send(signature);
        },
        (error: unknown) =>
          callbacks.onError(
            new VideoUploadError(
              error instanceof Error ? error.message : UPLOAD_TEXT.signatureFailed,
              'signature',
              error instanceof ApiError ? error.status : null,
            ),
          ),
      );
  };
  begin();

  return {
    retry: () => {
      stopped = false;
      begin();
    },
    stop: async () => {
      stopped = true;
      xhr?.abort();
    },
  };
}
