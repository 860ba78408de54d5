import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/client';
import { addressKey } from '../../lib/client-address';
import { resolveViewer } from '../../lib/sessions';
import { presentedTokens } from '../../plugins/auth';
import { findSessionKey } from './find-live-events';
import { audienceOf, sameAudience } from './live-audience';
import { LiveHub } from './live-hub';
import { LiveStream } from './live-stream';

/**
 * GET /api/events: live updates as Server-Sent Events (docs/design.md §6, ADR 0008). One LISTEN on
 * `live_events` per instance feeds every open stream; each stream carries only what its session
 * may see. Streams end before the server closes, so they never hold up a graceful shutdown.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { database, heartbeatMs }: { database: DbHandle; heartbeatMs: number },
) {
  const { db } = database;
  const hub = new LiveHub();
  const unlisten = await database.listen('live_events', hub.notify);
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    hub.closeAll();
    await unlisten();
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('liveEvents'),
    // Compression would hold events back in the compressor's buffer.
    compress: false,
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      // access 'session' admitted the request, so it has a session of some role.
      const audience = audienceOf(viewer)!;
      const session =
        audience.role === 'admin'
          ? viewer.admin!
          : audience.role === 'dealer'
            ? viewer.dealer!
            : viewer.staff!;
      const tokens = presentedTokens(request);
      const sessionKey = (await findSessionKey(db, audience.role, tokens)) ?? tokens.join(' ');
      const stream = new LiveStream({
        db,
        audience,
        heartbeatMs,
        sessionExpiresAt: session.sessionExpiresAt,
        isSessionValid: async () => sameAudience(audienceOf(await resolveViewer(db, tokens)), audience),
        onError: (error) => request.log.warn({ err: error }, 'live stream failed'),
      });
      hub.add(
        {
          session: sessionKey,
          dealerId: audience.role === 'dealer' ? viewer.dealer!.id : null,
          address: addressKey(request.ip),
        },
        stream,
      );
      // The browser sends Last-Event-ID when it reconnects; ?lastEventId= is for other clients.
      const header = request.headers['last-event-id'];
      // ?since= is where a page's first stream starts (its HTML's `live-since`, ADR 0008).
      void stream.open(
        (typeof header === 'string' && header.trim()) || request.query.lastEventId?.trim(),
        request.query.since?.trim(),
      );
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // The connection ends with the stream: one that stayed open for keep-alive after the
          // stream ended at shutdown would hold the server's close up until its keep-alive timeout.
          .header('connection', 'close')
          // A stream skips the serializer; the contract's string schema only documents it.
          .send(stream.body as unknown as string)
      );
    },
  });
}
