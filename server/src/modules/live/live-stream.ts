import { PassThrough } from 'node:stream';
import type { LiveEventType } from '@contracts/live';
import type { Database } from '../../db/client';
import {
  findLatestLiveEventId,
  findLiveEventsAfter,
  findLiveEventsSince,
  isLiveEventKept,
} from './find-live-events';
import { type LiveAudience, type LiveEvent, maySee } from './live-audience';

/** More missed events than this on a resume: a refetch of everything is cheaper than replaying them. */
export const MAX_REPLAY = 500;
/** A client that reads nothing while this much waits for it is dropped (it resumes on reconnect). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 2000;
/** setTimeout's limit; a session expiring later is caught by a heartbeat check first anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LiveStreamOptions {
  db: Database;
  audience: LiveAudience;
  heartbeatMs: number;
  /** When the session ends by itself; the stream closes then. */
  sessionExpiresAt: Date;
  /** Whether the session still is what it was at the start (not revoked, dealer still active). */
  isSessionValid(): Promise<boolean>;
  onError(error: unknown): void;
}

const DECIMAL = /^[1-9][0-9]{0,15}$/;
const SINCE = /^([1-9][0-9]{0,15})\.([0-9]{1,20}):([0-9]{1,20}):((?:[0-9]{1,20},)*[0-9]{1,20})?$/;

/**
 * A page's `since` (`<id>.<xmin>:<xmax>:<xip,…>`, find-live-events.ts `findLiveSince`) read, or null
 * when it is not one: the snapshot's transactions in progress lie in [xmin, xmax), as PostgreSQL
 * makes them (checked here, so the database is never handed a snapshot it would refuse).
 */
export function parseLiveSince(text: string): { id: number; snapshot: string } | null {
  const match = SINCE.exec(text);
  if (!match) return null;
  const [, id, xmin, xmax, xip] = match as unknown as [string, string, string, string, string | undefined];
  const low = BigInt(xmin);
  const high = BigInt(xmax);
  if (low === 0n || low > high) return null;
  const inProgress = xip ? xip.split(',').map(BigInt) : [];
  if (inProgress.some((x) => x < low || x >= high)) return null;
  return { id: Number(id), snapshot: `${xmin}:${xmax}:${xip ?? ''}` };
}

/**
 * One open `text/event-stream`: resumes after the client's last event id (or says `reset`), then
 * writes each change its audience may see as it arrives, a heartbeat comment every `heartbeatMs`
 * (when the session is also re-checked), and ends when the session does, the client goes, the
 * server shuts down, or the client stops reading.
 */
export class LiveStream {
  readonly body = new PassThrough();
  /** Events that arrive while the resume is read from the table; sent after it, without repeats. */
  private pending: LiveEvent[] | null = [];
  private readonly closeHandlers: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private checking = false;
  private closed = false;

  constructor(private readonly options: LiveStreamOptions) {
    this.body.on('close', () => this.close());
  }

  onClose(handler: () => void) {
    this.closeHandlers.push(handler);
  }

  /**
   * Starts the stream; `lastEventId` is what the client says it saw last (header or query), `since`
   * where its page's HTML says its first stream starts (used without a `lastEventId` only).
   */
  async open(lastEventId: string | undefined, since?: string) {
    this.write(`: connected\nretry: ${RETRY_MS}\n\n`);
    const { db } = this.options;
    const sent = new Set<number>();
    try {
      if (!lastEventId && !since) {
        this.send('ready', await findLatestLiveEventId(db), {});
      } else {
        // The events after the client's last one, or else since its page's HTML was made.
        const replay = lastEventId ? await this.replayAfter(lastEventId) : await this.sinceReplay(since!);
        if (!replay || replay.length > MAX_REPLAY) {
          await this.reset();
        } else {
          for (const event of replay) {
            sent.add(event.id);
            this.send('change', event.id, { topic: event.topic });
          }
        }
      }
    } catch (error) {
      this.options.onError(error);
      this.close();
      return;
    }
    const arrived = this.pending ?? [];
    this.pending = null;
    for (const event of arrived) if (!sent.has(event.id)) this.deliver(event);
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    const untilExpiry = this.options.sessionExpiresAt.getTime() - Date.now();
    if (untilExpiry < MAX_TIMER_MS) this.expiry = setTimeout(() => this.close(), Math.max(0, untilExpiry));
  }

  /** The events after the client's last event id, or null when it is not one still kept. */
  private async replayAfter(lastEventId: string): Promise<LiveEvent[] | null> {
    const after = DECIMAL.test(lastEventId) ? Number(lastEventId) : null;
    const { db, audience } = this.options;
    return after !== null && (await isLiveEventKept(db, after))
      ? findLiveEventsAfter(db, audience, after, MAX_REPLAY + 1)
      : null;
  }

  /**
   * The events since a page's HTML was made (its `since`), or null when they cannot all be known:
   * not a `since`, its newest event no longer kept (older events may have been deleted since), or
   * a snapshot the database refuses.
   */
  private async sinceReplay(since: string): Promise<LiveEvent[] | null> {
    const start = parseLiveSince(since);
    if (!start) return null;
    const { db, audience } = this.options;
    if (!(await isLiveEventKept(db, start.id))) return null;
    return findLiveEventsSince(db, audience, start.snapshot, MAX_REPLAY + 1).catch(() => null);
  }

  /** A change from the instance's LISTEN connection. */
  receive(event: LiveEvent) {
    if (this.closed || !maySee(this.options.audience, event)) return;
    if (this.pending) this.pending.push(event);
    else this.deliver(event);
  }

  /**
   * The LISTEN connection was re-established: changes may have been missed, so the client
   * refetches everything (ids are not committed in order, so "after the last one" could skip one).
   */
  missed() {
    if (this.closed) return;
    this.reset().catch((error: unknown) => {
      this.options.onError(error);
      this.close();
    });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.expiry);
    if (!this.body.writableEnded) this.body.end();
    for (const handler of this.closeHandlers) handler();
  }

  private deliver(event: LiveEvent) {
    this.send('change', event.id, { topic: event.topic });
    // A dealer's own record changed (deactivated?): check the session now, not at the next beat.
    if (event.topic === 'dealers' && this.options.audience.role === 'dealer') void this.check();
  }

  private async reset() {
    const latest = await findLatestLiveEventId(this.options.db);
    // An empty id clears the browser's Last-Event-ID, so an empty table is no resume point either.
    this.send('reset', latest ?? '', {});
  }

  private async beat() {
    if (await this.check()) this.write(': heartbeat\n\n');
  }

  /** Re-checks the session (one check at a time); closes the stream if it ended. */
  private async check(): Promise<boolean> {
    if (this.closed) return false;
    if (this.checking) return true;
    this.checking = true;
    try {
      if (!(await this.options.isSessionValid())) this.close();
    } catch (error) {
      // The database is unreachable: keep the stream; the next beat checks again.
      this.options.onError(error);
    } finally {
      this.checking = false;
    }
    return !this.closed;
  }

  private send(type: LiveEventType, id: number | string | null, data: object) {
    const idLine = id === null ? '' : `id: ${id}\n`;
    this.write(`${idLine}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(text: string) {
    if (this.closed) return;
    this.body.write(text);
    if (this.body.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}
