/*
 * One file on its way to the server, as plain data: the one status vocabulary and the transitions
 * of the wizard's and a claim's photo queue (use-photo-uploads.ts), a video upload
 * (use-video-upload.ts) and the sync queue's files (sync-queue.ts). Pure, so every transition, and
 * every refused one, is tested without a browser (file-state.test.ts).
 *
 *   preparing ─prepared→ queued ─start→ uploading ─progress→ uploading
 *                          │                │ ─sent→ processing ─processed→ ready
 *                          │                └───────processed──────────────→ ready
 *                          └─confirm→ processing        (the bytes were already up)
 *   uploading | processing ─failed→ failed ─retry→ queued   (only when trying again can work)
 */

export type FileStatus = 'preparing' | 'queued' | 'uploading' | 'processing' | 'ready' | 'failed';

export interface FileState {
  status: FileStatus;
  /** Bytes the server has (of `total`). */
  sent: number;
  total: number;
  /** Why it failed (the server's or the connection's message); null unless failed. */
  error: string | null;
  /** Whether trying again can work (a dropped connection), or the file must be replaced. */
  retryable: boolean;
}

export type FileEvent =
  /** Downscaled (a photo) or kept on the phone: it waits for its turn. */
  | { type: 'prepared'; total: number }
  /** Its upload begins (or continues from its kept URL). */
  | { type: 'start' }
  | { type: 'progress'; sent: number; total: number }
  /** Every byte is up; the server is processing it. */
  | { type: 'sent' }
  /** The bytes were already up (only the confirmation was lost): ask the server again. */
  | { type: 'confirm' }
  /** The server's result (a processed photo, an accepted video) is known. */
  | { type: 'processed' }
  | { type: 'failed'; message: string; retryable: boolean }
  /** Try a failed file again, when trying again can work. */
  | { type: 'retry' };

/** The statuses each event may leave; any other is refused. */
const FROM: { readonly [E in FileEvent['type']]: readonly FileStatus[] } = {
  prepared: ['preparing'],
  start: ['queued'],
  progress: ['uploading'],
  sent: ['uploading'],
  confirm: ['queued'],
  processed: ['uploading', 'processing'],
  failed: ['uploading', 'processing'],
  retry: ['failed'],
};

/** Whether `event` is a transition of `state` (a retry only of a failure trying again can mend). */
export function allows(state: FileState, event: FileEvent): boolean {
  if (!FROM[event.type].includes(state.status)) return false;
  return event.type !== 'retry' || state.retryable;
}

/**
 * The state after `event`. A refused event (a late progress report of a failed upload, a retry of
 * a refused file) changes nothing: the same object comes back. Other fields of `state` (a photo's
 * key, kind, thumbnail) are kept.
 */
export function next<S extends FileState>(state: S, event: FileEvent): S {
  if (!allows(state, event)) return state;
  switch (event.type) {
    case 'prepared':
      return { ...state, status: 'queued', sent: 0, total: event.total };
    case 'start':
      return { ...state, status: 'uploading', error: null };
    case 'progress':
      return { ...state, sent: event.sent, total: event.total, error: null };
    case 'sent':
    case 'confirm':
      return { ...state, status: 'processing', sent: state.total, error: null };
    case 'processed':
      return { ...state, status: 'ready', sent: state.total, error: null };
    case 'failed':
      return { ...state, status: 'failed', error: event.message, retryable: event.retryable };
    case 'retry':
      return { ...state, status: 'queued', error: null };
  }
}

/**
 * A file as it starts, or as it comes back from where it was kept (a reload, the phone's store):
 * nothing sent yet, or (ready) every byte.
 */
export function fileState(
  status: Extract<FileStatus, 'preparing' | 'queued' | 'uploading' | 'ready'>,
  total: number,
): FileState {
  return { status, sent: status === 'ready' ? total : 0, total, error: null, retryable: true };
}

/** Still on its way: neither ready nor failed. */
export const isPending = (state: Pick<FileState, 'status'>) =>
  state.status !== 'ready' && state.status !== 'failed';

/**
 * Refused by the server (too large, not an image…): the file itself must be replaced. Any other
 * failure (the signal lost, a server error) leaves the file where it was, sent on the next try.
 */
export const isRefused = (state: Pick<FileState, 'status' | 'retryable'>) =>
  state.status === 'failed' && !state.retryable;

/** 0–100, floored; 0 when there is nothing to send. */
export const uploadPercent = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

export interface FileTotals {
  count: number;
  ready: number;
  failed: number;
  /** Still on their way (preparing, queued, uploading or processing). */
  pending: number;
  sent: number;
  total: number;
  /** 0–100 over the bytes of every file not failed; 100 when only ready files without bytes remain. */
  percent: number;
}

/** What a list of files adds up to: processing and ready files count in full, failed ones not at all. */
export function fileTotals(items: readonly FileState[]): FileTotals {
  let sent = 0;
  let total = 0;
  let ready = 0;
  let failed = 0;
  for (const f of items) {
    if (f.status === 'failed') {
      failed++;
      continue;
    }
    if (f.status === 'ready') ready++;
    const done = f.status === 'ready' || f.status === 'processing';
    total += f.total;
    sent += done ? f.total : Math.min(f.sent, f.total);
  }
  const percent = total > 0 ? uploadPercent(sent, total) : ready > 0 ? 100 : 0;
  return { count: items.length, ready, failed, pending: items.length - ready - failed, sent, total, percent };
}
