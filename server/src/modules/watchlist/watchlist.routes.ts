import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { watchlistPage } from './find-watchlist';
import { mergeWatchlist } from './merge-watchlist';
import { updateWatchlistEntry } from './update-watchlist-entry';

/**
 * The signed-in person's watchlist (issue #30): Favorite and Watch kept on the server once a dealer
 * signs in. The dealer and the person always come from the session.
 */
export async function watchlistRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('dealerWatchlistPage'),
    handler: async (request) => watchlistPage(db, await request.actor(), request.query),
  });
  routes.route({
    ...app.endpoint('updateWatchlistEntry'),
    handler: async (request) =>
      updateWatchlistEntry(db, request.params.id, request.body, await request.actor()),
  });
  routes.route({
    ...app.endpoint('mergeWatchlist'),
    handler: async (request) => mergeWatchlist(db, request.body, await request.actor()),
  });
}
