import type { InjectOptions } from 'fastify';
import type { App } from '../src/app';

export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * app.inject for tests that call every route: an answer is read whole, except an event stream
 * (GET /api/events never ends by itself), of which the first chunk is read before the connection
 * is dropped, as a browser tab that closes.
 */
export async function injectAny(app: App, options: InjectOptions): Promise<InjectedAnswer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const isEventStream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from ${options.url} in 10 s`)), 10_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isEventStream) done();
    });
    stream.on('end', done);
    stream.on('error', done);
  });
  if (isEventStream) (res.raw.res as unknown as { destroy(): void }).destroy();
  return { statusCode: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() };
}
