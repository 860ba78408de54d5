import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AlertSubscriptions } from './alert-subscriptions';
import { messageContextOf } from './notification-messages';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { notificationsRoutes } from './notifications.routes';
import { scheduleNotificationSender } from './schedule-notification-sender';
import { UnsubscribeLinks } from './unsubscribe-links';

/**
 * The notifications module (docs/design.md §6): the admin's notification log, each dealer's preferences,
 * one-click unsubscribe links, and the outbox's sender, which every instance runs (nothing is sent
 * from a request). The brand and PUBLIC_ORIGIN every message names are bound here, once: the
 * outbox keeps each message's template and facts, and the sender and the log render them.
 */
export async function registerNotifications(
  app: FastifyInstance,
  {
    db,
    config,
    alerts,
  }: {
    db: Database;
    config: Config;
    /** Buy orders' and saved searches' alerts (the buy-orders module): their e-mails' unsubscribe links. */
    alerts: AlertSubscriptions;
  },
) {
  const messages = messageContextOf(config, app.server);
  await app.register(notificationsRoutes, { db, messages });
  // One-click unsubscribe links are signed with NOTIFICATION_LINK_SECRET or a key kept in
  // app_settings, loaded (or generated once) at start-up so no request ever writes it.
  const unsubscribeLinks = new UnsubscribeLinks(db, config.notificationLinkSecret, () => messages.origin);
  app.addHook('onReady', async () => {
    await unsubscribeLinks.ready();
  });
  await app.register(notificationPreferencesRoutes, {
    db,
    links: unsubscribeLinks,
    smsAvailable: config.sms !== null,
    brandName: config.brand.productName,
    alerts,
  });
  scheduleNotificationSender(app, db, config.mail, config.notificationIntervalMs, {
    sms: config.sms,
    messages,
    unsubscribe: unsubscribeLinks,
    retryBaseMs: config.notificationRetryBaseMs,
  });
}
