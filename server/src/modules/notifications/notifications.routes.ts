import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findNotifications } from './find-notifications';
import type { MessageContext } from './notification-messages';
import { resendNotification } from './resend-notification';

/** The admin's notification log and resend (no UI yet; docs/design.md §6). */
export async function notificationsRoutes(
  app: FastifyInstance,
  { db, messages }: { db: Database; messages: MessageContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('listNotifications'),
    handler: (request) => findNotifications(db, messages, request.query),
  });
  routes.route({
    ...app.endpoint('resendNotification'),
    handler: (request) => resendNotification(db, messages, request.params.id),
  });
}
