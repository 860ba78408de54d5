import { ERROR_CODES } from '@contracts/errors';
import { AppError } from '../../lib/app-error';
import { parseLiveEvent } from './live-audience';
import type { LiveStream } from './live-stream';

/** Tabs of one session (each page holds one stream); a session past this is refused with 429. */
export const MAX_STREAMS_PER_SESSION = 12;
/** Open streams on one instance; past this new ones get 503 and the browser retries. */
export const MAX_STREAMS_PER_INSTANCE = 5000;
/**
 * Sessions are free to make (one buy code signs in any number of times), so streams are also
 * bounded per dealership and per client address: no one credential or client holds the instance.
 */
export const MAX_STREAMS_PER_DEALERSHIP = 40;
export const MAX_STREAMS_PER_ADDRESS = 100;

/** What a stream is counted against: its session, and its dealership and address when known. */
export interface StreamOwner {
  session: string;
  dealerId?: number | null;
  address?: string;
}

/**
 * The instance's open streams, fed by its one LISTEN on `live_events` (a NOTIFY payload per
 * change, `undefined` after the LISTEN connection was re-established), counted per session.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly counts = new Map<string, number>();

  get size() {
    return this.streams.size;
  }

  /** The NOTIFY handler: fans one change out to every open stream of this instance. */
  readonly notify = (payload?: string) => {
    if (payload === undefined) {
      for (const stream of this.streams) stream.missed();
      return;
    }
    const event = parseLiveEvent(payload);
    if (event) for (const stream of this.streams) stream.receive(event);
  };

  /** Admits a stream for its owner or throws 429/503; it leaves when it closes. */
  add(owner: string | StreamOwner, stream: LiveStream) {
    const { session, dealerId, address } = typeof owner === 'string' ? { session: owner } : owner;
    const buckets: [key: string, max: number, message: string][] = [
      [
        `session:${session}`,
        MAX_STREAMS_PER_SESSION,
        'Too many live connections for this session: close some tabs of this app',
      ],
    ];
    if (dealerId != null)
      buckets.push([
        `dealer:${dealerId}`,
        MAX_STREAMS_PER_DEALERSHIP,
        'Too many live connections for this dealership',
      ]);
    if (address)
      buckets.push([`ip:${address}`, MAX_STREAMS_PER_ADDRESS, 'Too many live connections from this address']);
    for (const [key, max, message] of buckets)
      if ((this.counts.get(key) ?? 0) >= max) throw new AppError(ERROR_CODES.tooManyRequests, message);
    if (this.streams.size >= MAX_STREAMS_PER_INSTANCE) {
      throw new AppError(ERROR_CODES.unavailable, 'The server is busy; live updates will retry', {
        'retry-after': '30',
      });
    }
    for (const [key] of buckets) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.streams.add(stream);
    stream.onClose(() => {
      this.streams.delete(stream);
      for (const [key] of buckets) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    });
  }

  /** Ends every stream (shutdown): browsers reconnect, to another instance if there is one. */
  closeAll() {
    for (const stream of [...this.streams]) stream.close();
  }
}
