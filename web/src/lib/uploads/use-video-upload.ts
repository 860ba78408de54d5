import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  UploadCallbacks,
  UploadedVideo,
  UploadHandle,
  VideoUploadError,
  VideoUploadResume,
} from '@/lib/uploads/video-upload';

export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'failed';

export interface UploadView {
  phase: UploadPhase;
  file: { name: string; size: number } | null;
  /** null until the first progress event: the bar is indeterminate while the upload starts or resumes. */
  sent: number | null;
  /** An earlier upload of this file was found and continues where it stopped. */
  resuming: boolean;
  total: number;
  error: VideoUploadError | null;
}

const IDLE: UploadView = { phase: 'idle', file: null, sent: null, resuming: false, total: 0, error: null };

/** Starts one upload on a backend: local tus (lib/uploads/tus-video-upload.ts) or the wizard's Cloudinary. */
export type StartVideoUpload = (
  file: File,
  callbacks: UploadCallbacks,
  resume?: VideoUploadResume,
) => UploadHandle;

interface Options {
  /** undefined while the backend is not known yet (the wizard's media config): nothing starts. */
  backend: StartVideoUpload | undefined;
  onUploaded: (video: UploadedVideo, file: { name: string; size: number }) => void;
  onFailed: (error: VideoUploadError) => void;
}

/**
 * One video upload at a time through the given backend. Leaving the step stops the upload
 * without deleting it, so it can resume; Cancel deletes it. A dropped connection is retried by
 * tus itself; if that gives up while offline, coming back online retries once more.
 */
export function useVideoUpload({ backend, onUploaded, onFailed }: Options) {
  const [view, setView] = useState<UploadView>(IDLE);
  const handle = useRef<UploadHandle | null>(null);
  const callbacks = useRef({ onUploaded, onFailed, backend });
  callbacks.current = { onUploaded, onFailed, backend };

  const start = useCallback((file: File, resume?: VideoUploadResume) => {
    const begin = callbacks.current.backend;
    if (!begin) return;
    void handle.current?.stop(false);
    const meta = { name: file.name, size: file.size };
    setView({ ...IDLE, phase: 'uploading', file: meta, total: file.size });
    let current: UploadHandle | null = null;
    // Events of a stopped or replaced upload are ignored.
    const live = () => handle.current !== null && handle.current === current;
    const events = {
      onProgress: (sent: number, total: number) => {
        if (live()) setView((v) => ({ ...v, phase: 'uploading', sent, total, error: null }));
      },
      onResuming: () => {
        if (live()) setView((v) => ({ ...v, resuming: true }));
      },
      onProcessing: () => {
        if (live()) setView((v) => ({ ...v, phase: 'processing', sent: v.total }));
      },
      onSuccess: (video: UploadedVideo) => {
        if (!live()) return;
        handle.current = null;
        setView(IDLE);
        callbacks.current.onUploaded(video, meta);
      },
      onError: (error: VideoUploadError) => {
        if (!live()) return;
        setView((v) => ({ ...v, phase: 'failed', error }));
        callbacks.current.onFailed(error);
      },
    };
    current = begin(file, events, resume);
    handle.current = current;
  }, []);

  const retry = useCallback(() => {
    if (!handle.current) return;
    setView((v) => ({ ...v, phase: 'uploading', error: null }));
    handle.current.retry();
  }, []);

  const cancel = useCallback(async () => {
    const current = handle.current;
    handle.current = null;
    setView(IDLE);
    await current?.stop(true);
  }, []);

  useEffect(() => {
    const onOnline = () => {
      if (view.phase === 'failed' && view.error?.kind === 'network') retry();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [view.phase, view.error, retry]);

  // Leaving the step (or the page) pauses: the partial upload stays on the server to resume.
  useEffect(
    () => () => {
      void handle.current?.stop(false);
      handle.current = null;
    },
    [],
  );

  return { view, start, retry, cancel };
}
