import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { allows, type FileEvent, type FileState, fileState, next } from '@/lib/uploads/file-state';
import type {
  UploadCallbacks,
  UploadedVideo,
  UploadHandle,
  VideoUploadError,
  VideoUploadResume,
} from '@/lib/uploads/video-upload';

/** What the step shows: nothing, or the video's file state (file-state.ts) while it is in this hook's hands. */
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

/** The video on its way: its file state, and what the bar shows beside it. */
export interface VideoUploadState {
  file: { name: string; size: number };
  state: FileState;
  /** A progress report came (or every byte is up): until then the bar is indeterminate. */
  measured: boolean;
  resuming: boolean;
  error: VideoUploadError | null;
}

/** The view of a video upload (none: idle). A started upload is never only queued. */
export function videoViewOf(upload: VideoUploadState | null): UploadView {
  if (!upload) return IDLE;
  const { status, sent, total } = upload.state;
  return {
    phase: status === 'processing' || status === 'failed' ? status : 'uploading',
    file: upload.file,
    sent: upload.measured ? sent : null,
    resuming: upload.resuming,
    total,
    error: upload.error,
  };
}

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
  const [upload, setUpload] = useState<VideoUploadState | null>(null);
  const current = useRef<VideoUploadState | null>(null);
  current.current = upload;
  const view = useMemo(() => videoViewOf(upload), [upload]);
  const handle = useRef<UploadHandle | null>(null);
  const callbacks = useRef({ onUploaded, onFailed, backend });
  callbacks.current = { onUploaded, onFailed, backend };

  /** Moves the video by the file state machine; `change` only when the machine allows the move. */
  const move = useCallback((event: FileEvent, change: Partial<VideoUploadState> = {}) => {
    setUpload((u) => {
      if (!u) return u;
      const state = next(u.state, event);
      return state === u.state ? u : { ...u, ...change, state };
    });
  }, []);

  const start = useCallback(
    (file: File, resume?: VideoUploadResume) => {
      const begin = callbacks.current.backend;
      if (!begin) return;
      void handle.current?.stop(false);
      const meta = { name: file.name, size: file.size };
      setUpload({
        file: meta,
        state: next(fileState('queued', file.size), { type: 'start' }),
        measured: false,
        resuming: false,
        error: null,
      });
      let started: UploadHandle | null = null;
      // Events of a stopped or replaced upload are ignored.
      const live = () => handle.current !== null && handle.current === started;
      const events = {
        onProgress: (sent: number, total: number) => {
          if (live()) move({ type: 'progress', sent, total }, { measured: true, error: null });
        },
        onResuming: () => {
          if (live()) setUpload((u) => (u ? { ...u, resuming: true } : u));
        },
        onProcessing: () => {
          if (live()) move({ type: 'sent' }, { measured: true });
        },
        onSuccess: (video: UploadedVideo) => {
          if (!live()) return;
          handle.current = null;
          // Processed: the owner keeps the video, and this hook is idle again.
          setUpload(null);
          callbacks.current.onUploaded(video, meta);
        },
        onError: (error: VideoUploadError) => {
          if (!live()) return;
          move({ type: 'failed', message: error.message, retryable: error.retryable }, { error });
          callbacks.current.onFailed(error);
        },
      };
      started = begin(file, events, resume);
      handle.current = started;
    },
    [move],
  );

  /** Tries a failed upload again (a resumable one continues where it stopped), if that can work. */
  const retry = useCallback(() => {
    const u = current.current;
    if (!handle.current || !u || !allows(u.state, { type: 'retry' })) return;
    const state = next(next(u.state, { type: 'retry' }), { type: 'start' });
    current.current = { ...u, state, error: null };
    setUpload(current.current);
    handle.current.retry();
  }, []);

  const cancel = useCallback(async () => {
    const stopping = handle.current;
    handle.current = null;
    setUpload(null);
    await stopping?.stop(true);
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
