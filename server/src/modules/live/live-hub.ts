import { ERROR_CODES } from '@contracts/errors';
import { AppError } from '../../lib/app-error';
import { parseLiveEvent } from './live-audience';
import type { LiveStream } from './live-stream';

/** Tabs of one session (each page holds one stream); a session past this is refused with 429. */
export const MAX_STREAMS_PER_SESSION = 12;
/** Open streams on one instance; past this new ones get 503 and the browser retries. */
export const MAX_STREAMS_PER_INSTANCE = 5000;

/**
 * The instance's open streams, fed by its one LISTEN on `live_events` (a NOTIFY payload per
 * change, `undefined` after the LISTEN connection was re-established), counted per session.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly perSession = new Map<string, number>();

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

  /** Admits a stream for a session (by its key) or throws 429/503; it leaves when it closes. */
  add(sessionKey: string, stream: LiveStream) {
    const count = this.perSession.get(sessionKey) ?? 0;
    if (count >= MAX_STREAMS_PER_SESSION) {
      throw new AppError(
        ERROR_CODES.tooManyRequests,
        'Too many live connections for this session: close some tabs of this app',
      );
    }
    if (this.streams.size >= MAX_STREAMS_PER_INSTANCE) {
      throw new AppError(ERROR_CODES.unavailable, 'The server is busy; live updates will retry', {
        'retry-after': '30',
      });
    }
    this.perSession.set(sessionKey, count + 1);
    this.streams.add(stream);
    stream.onClose(() => {
      this.streams.delete(stream);
      const left = (this.perSession.get(sessionKey) ?? 1) - 1;
      if (left > 0) this.perSession.set(sessionKey, left);
      else this.perSession.delete(sessionKey);
    });
  }

  /** Ends every stream (shutdown): browsers reconnect, to another instance if there is one. */
  closeAll() {
    for (const stream of [...this.streams]) stream.close();
  }
}
