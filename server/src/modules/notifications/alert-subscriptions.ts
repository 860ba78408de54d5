import type { NotificationAlert } from '../../db/schema';

/**
 * What an alert's unsubscribe link needs from the module that owns buy orders and saved searches.
 * app.ts hands it in: the outbox imports no domain module (module graph, ADR 0004).
 */
export interface AlertSubscriptions {
  /** The order's title ("2018–2021 Toyota RAV4") or the search's name; null when it no longer exists. */
  titleOf(alert: NotificationAlert): Promise<string | null>;
  /** Switches its alerts off (idempotent; audited when it changes); its title, or null when it no longer exists. */
  switchOff(alert: NotificationAlert): Promise<string | null>;
}
