/** One Server-Sent Event as a browser would dispatch it (or a comment line, e.g. a heartbeat). */
export interface SseMessage {
  /** The `id` field, if this message carried one. */
  id?: string;
  event: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** Every message received so far, in order (comments are in `comments`). */
  messages: SseMessage[];
  comments: string[];
  /** The next message (after those already taken) matching `accept`, within `timeoutMs`. */
  next(accept?: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Waits for a comment containing `text` that arrives after this call. */
  nextComment(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET `url` with fetch and parses the text/event-stream as the EventSource spec does
 * (fields, comments, blank line dispatches). A non-2xx answer is returned with its body in `error`.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader & { error?: string }> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let taken = 0;
  let isEnded = false;
  if (!res.ok || !res.body) {
    const error = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      messages,
      comments,
      error,
      next: () => Promise.reject(new Error(`stream refused: ${res.status} ${error}`)),
      nextComment: () => Promise.reject(new Error(`stream refused: ${res.status} ${error}`)),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    let fields: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (fields.data.length > 0 || fields.event || fields.id !== undefined) {
              messages.push({
                ...(fields.id !== undefined ? { id: fields.id } : {}),
                event: fields.event ?? 'message',
                data: fields.data.join('\n'),
              });
            }
            fields = { data: [] };
          } else if (line.startsWith(':')) {
            comments.push(line.slice(1).trim());
          } else {
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'data') fields.data.push(value);
            else if (name === 'event') fields.event = value;
            else if (name === 'id') fields.id = value;
          }
          newline = buffer.indexOf('\n');
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    } finally {
      isEnded = true;
      wake();
    }
  })();

  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found !== undefined) {
          cleanUp();
          resolve(found);
        } else if (isEnded) {
          cleanUp();
          reject(new Error(`stream ended before ${what}; got ${JSON.stringify(messages)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      const cleanUp = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: res.status,
    headers: res.headers,
    messages,
    comments,
    next: (accept = () => true, timeoutMs = 5000) =>
      waitFor(
        () => {
          while (taken < messages.length) {
            const message = messages[taken++]!;
            if (accept(message)) return message;
          }
          return undefined;
        },
        'matching event',
        timeoutMs,
      ),
    nextComment: (text, timeoutMs = 5000) => {
      const from = comments.length;
      return waitFor(
        () => comments.slice(from).find((c) => c.includes(text)),
        `comment "${text}"`,
        timeoutMs,
      );
    },
    ended,
    close: () => abort.abort(),
  };
}
