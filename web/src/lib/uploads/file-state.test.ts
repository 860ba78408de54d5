import { describe, expect, it } from 'vitest';
import {
  allows,
  type FileEvent,
  type FileState,
  type FileStatus,
  fileState,
  fileTotals,
  isPending,
  isRefused,
  next,
  uploadPercent,
} from './file-state';

/** The file state machine alone: every transition it makes, and every one it refuses. */

const at = (status: FileStatus, patch: Partial<FileState> = {}): FileState => ({
  status,
  sent: 0,
  total: 1000,
  error: null,
  retryable: true,
  ...patch,
});

const EVENTS: FileEvent[] = [
  { type: 'prepared', total: 800 },
  { type: 'start' },
  { type: 'progress', sent: 400, total: 1000 },
  { type: 'sent' },
  { type: 'confirm' },
  { type: 'processed' },
  { type: 'failed', message: 'The connection was lost.', retryable: true },
  { type: 'retry' },
];
const STATUSES: FileStatus[] = ['preparing', 'queued', 'uploading', 'processing', 'ready', 'failed'];

/** What each status may become, by event (a retry only when retryable). */
const ALLOWED: Record<FileStatus, FileEvent['type'][]> = {
  preparing: ['prepared'],
  queued: ['start', 'confirm'],
  uploading: ['progress', 'sent', 'processed', 'failed'],
  processing: ['processed', 'failed'],
  ready: [],
  failed: ['retry'],
};

describe('file state machine', () => {
  it('walks a photo from taken to ready: prepared, started, progress, sent, processed', () => {
    let file = fileState('preparing', 3_000_000);
    file = next(file, { type: 'prepared', total: 900_000 });
    expect(file).toEqual({ status: 'queued', sent: 0, total: 900_000, error: null, retryable: true });
    file = next(file, { type: 'start' });
    expect(file.status).toBe('uploading');
    file = next(file, { type: 'progress', sent: 300_000, total: 900_000 });
    expect(file).toMatchObject({ status: 'uploading', sent: 300_000 });
    file = next(file, { type: 'sent' });
    expect(file).toMatchObject({ status: 'processing', sent: 900_000 });
    file = next(file, { type: 'processed' });
    expect(file).toEqual({ status: 'ready', sent: 900_000, total: 900_000, error: null, retryable: true });
  });

  it('goes straight to ready when the completing answer carried the result', () => {
    expect(next(at('uploading', { sent: 10 }), { type: 'processed' })).toMatchObject({
      status: 'ready',
      sent: 1000,
    });
  });

  it('fails with the message and whether a retry can help; a retry queues it again, clean', () => {
    const dropped = next(at('uploading', { sent: 500 }), {
      type: 'failed',
      message: 'The connection was lost.',
      retryable: true,
    });
    expect(dropped).toEqual(at('failed', { sent: 500, error: 'The connection was lost.' }));
    expect(next(dropped, { type: 'retry' })).toEqual(at('queued', { sent: 500 }));

    const refused = next(at('processing'), { type: 'failed', message: 'Not a photo.', retryable: false });
    expect(refused).toMatchObject({ status: 'failed', error: 'Not a photo.', retryable: false });
    expect(allows(refused, { type: 'retry' })).toBe(false);
    expect(next(refused, { type: 'retry' })).toBe(refused);
  });

  it('asks the server again for a file whose bytes were already up (confirm)', () => {
    expect(next(at('queued'), { type: 'confirm' })).toMatchObject({ status: 'processing', sent: 1000 });
  });

  it('makes exactly the allowed transitions and refuses every other one, returning the same state', () => {
    for (const status of STATUSES) {
      for (const event of EVENTS) {
        const state = at(status);
        const allowed = ALLOWED[status].includes(event.type);
        expect(allows(state, event), `${status} + ${event.type}`).toBe(allowed);
        const after = next(state, event);
        if (allowed) expect(after, `${status} + ${event.type}`).not.toBe(state);
        else expect(after, `${status} + ${event.type}`).toBe(state);
      }
    }
  });

  it('refuses what a late event of a stopped upload would do', () => {
    const failed = at('failed', { sent: 500, error: 'lost' });
    expect(next(failed, { type: 'progress', sent: 900, total: 1000 })).toBe(failed);
    expect(next(failed, { type: 'processed' })).toBe(failed);
    const ready = at('ready', { sent: 1000 });
    expect(next(ready, { type: 'failed', message: 'late', retryable: true })).toBe(ready);
    expect(next(ready, { type: 'start' })).toBe(ready);
    const queued = at('queued');
    expect(next(queued, { type: 'processed' })).toBe(queued);
    expect(next(queued, { type: 'failed', message: 'x', retryable: true })).toBe(queued);
  });

  it('keeps the fields of what it moves (a photo’s key and kind)', () => {
    const photo = { ...at('queued'), key: 'p1', kind: 'front' };
    expect(next(photo, { type: 'start' })).toEqual({ ...photo, status: 'uploading' });
  });

  it('starts a file, or brings one back from where it was kept', () => {
    expect(fileState('preparing', 10)).toEqual(at('preparing', { total: 10 }));
    expect(fileState('ready', 10)).toEqual(at('ready', { sent: 10, total: 10 }));
    expect(STATUSES.filter((status) => isPending(at(status)))).toEqual([
      'preparing',
      'queued',
      'uploading',
      'processing',
    ]);
  });

  it('says a file is refused only when the server refused it (not when the signal dropped it)', () => {
    expect(isRefused(at('failed', { retryable: false }))).toBe(true);
    expect(isRefused(at('failed', { retryable: true }))).toBe(false);
    expect(STATUSES.filter((status) => isRefused(at(status, { retryable: false })))).toEqual(['failed']);
  });
});

describe('fileTotals and uploadPercent', () => {
  it('counts processing and ready files in full and failed ones not at all', () => {
    expect(
      fileTotals([
        at('ready'),
        at('processing', { sent: 10 }),
        at('uploading', { sent: 1500 }),
        at('preparing'),
        at('failed', { sent: 900 }),
      ]),
    ).toEqual({ count: 5, ready: 1, failed: 1, pending: 3, sent: 3000, total: 4000, percent: 75 });
  });
  it('is 100% for ready files without bytes (restored after a reload), 0% for none', () => {
    expect(fileTotals([fileState('ready', 0)]).percent).toBe(100);
    expect(fileTotals([]).percent).toBe(0);
  });
  it('floors the percent and never passes 100', () => {
    expect([uploadPercent(999, 1000), uploadPercent(2000, 1000), uploadPercent(1, 0)]).toEqual([99, 100, 0]);
  });
});
