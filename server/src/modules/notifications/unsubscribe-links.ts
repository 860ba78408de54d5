import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { dealerPartPath } from '@contracts/dealer-dashboard';
import type { AlertKind } from '@contracts/notification-preferences';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, type NotificationAlert } from '../../db/schema';

/** app_settings key of the generated key when NOTIFICATION_LINK_SECRET is unset. */
export const LINK_SECRET_SETTING = 'notification_link_secret';

export type LinkChannel = 'email' | 'sms';

export interface UnsubscribeTarget {
  dealerId: number;
  event: string;
  channel: LinkChannel;
}

const TOKEN = /^(\d{1,10})\.([a-z][a-z_]{0,59})\.(email|sms)\.([A-Za-z0-9_-]{43})$/;
/** An alert's token: `o.ORDER.SIG` or `s.SEARCH.SIG` (a letter first, so never an event token). */
const ALERT_TOKEN = /^([os])\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/;
const ALERT_LETTER = { buy_order: 'o', saved_search: 's' } as const satisfies Record<AlertKind, string>;
const MAX_ID = 2_147_483_647;

/**
 * One-click unsubscribe links (RFC 8058): `…/api/notifications/unsubscribe?token=D.EVENT.CHANNEL.SIG`,
 * SIG = HMAC-SHA256 (base64url) of dealer id, event and channel; or, in a buy order's or saved
 * search's alert, `o.ORDER.SIG` / `s.SEARCH.SIG`, which switches off that one's alerts. The token
 * names what it switches off and proves we wrote it; it carries no expiry (an unsubscribe link
 * must keep working).
 *
 * The key is NOTIFICATION_LINK_SECRET, or else one generated once and kept in app_settings, so
 * links survive restarts and every instance signs and checks with the same key. `ready()` loads
 * it at start-up (app onReady), so a request never writes the setting.
 */
export class UnsubscribeLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Database,
    private readonly configuredSecret: string | undefined,
    /** PUBLIC_ORIGIN (or http://HOST:PORT, read once listening), no trailing slash. */
    private readonly originOf: string | (() => string),
  ) {}

  get origin() {
    return typeof this.originOf === 'string' ? this.originOf : this.originOf();
  }

  ready(): Promise<Buffer> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async loadKey(): Promise<Buffer> {
    if (this.configuredSecret) return Buffer.from(this.configuredSecret, 'utf8');
    // Two instances starting together: both insert-or-ignore, then both read the one that won.
    await this.db
      .insert(appSettings)
      .values({
        key: LINK_SECRET_SETTING,
        value: randomBytes(32).toString('base64url'),
        updatedAt: sql`now()`,
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, LINK_SECRET_SETTING));
    if (!row) throw new Error('The unsubscribe link key could not be stored in app_settings');
    return Buffer.from(row.value, 'utf8');
  }

  private static signature(key: Buffer, t: UnsubscribeTarget) {
    return createHmac('sha256', key).update(`unsubscribe:v1:${t.dealerId}:${t.event}:${t.channel}`).digest();
  }

  /** Its own prefix, so an event token's signature never checks as an alert's, nor the reverse. */
  private static alertSignature(key: Buffer, a: NotificationAlert) {
    return createHmac('sha256', key).update(`alert-unsubscribe:v1:${a.kind}:${a.id}`).digest();
  }

  /**
   * Compared as text, not as decoded bytes: base64url's last character carries two unused bits and
   * Node's decoder skips characters outside the alphabet, so several strings decode to one signature.
   * Only the one the link was made with passes.
   */
  private static matches(given: string, expected: Buffer) {
    const got = Buffer.from(given);
    const want = Buffer.from(expected.toString('base64url'));
    return got.length === want.length && timingSafeEqual(got, want);
  }

  async token(target: UnsubscribeTarget): Promise<string> {
    const sig = UnsubscribeLinks.signature(await this.ready(), target).toString('base64url');
    return `${target.dealerId}.${target.event}.${target.channel}.${sig}`;
  }

  /** The URL for List-Unsubscribe (POST, one click) and for the visible link (GET, a confirmation page). */
  async url(target: UnsubscribeTarget): Promise<string> {
    return `${this.origin}/api/notifications/unsubscribe?token=${await this.token(target)}`;
  }

  /**
   * One buy order's or saved search's alerts (docs/design.md §13: "one-click unsubscribe per order or
   * alert"): `o.ORDER.SIG` / `s.SEARCH.SIG`, signed with the same key as the event links.
   */
  async alertToken(alert: NotificationAlert): Promise<string> {
    const sig = UnsubscribeLinks.alertSignature(await this.ready(), alert).toString('base64url');
    return `${ALERT_LETTER[alert.kind]}.${alert.id}.${sig}`;
  }

  /** The same route as an event's link: the token says what it switches off. */
  async alertUrl(alert: NotificationAlert): Promise<string> {
    return `${this.origin}/api/notifications/unsubscribe?token=${await this.alertToken(alert)}`;
  }

  /** Where a dealer changes every choice: the dashboard's Notifications section. */
  get preferencesUrl() {
    return `${this.origin}${dealerPartPath('notifications')}`;
  }

  /** What a token switches off, or null when it is malformed or not signed with our key. */
  async verify(token: string | undefined): Promise<UnsubscribeTarget | null> {
    const match = token ? TOKEN.exec(token) : null;
    if (!match) return null;
    const target: UnsubscribeTarget = {
      dealerId: Number(match[1]),
      event: match[2]!,
      channel: match[3] as LinkChannel,
    };
    if (target.dealerId > MAX_ID) return null;
    const expected = UnsubscribeLinks.signature(await this.ready(), target);
    return UnsubscribeLinks.matches(match[4]!, expected) ? target : null;
  }

  /** The order or search an alert token names, or null when it is not one we signed. */
  async verifyAlert(token: string | undefined): Promise<NotificationAlert | null> {
    const match = token ? ALERT_TOKEN.exec(token) : null;
    if (!match) return null;
    const alert: NotificationAlert = {
      kind: match[1] === ALERT_LETTER.buy_order ? 'buy_order' : 'saved_search',
      id: Number(match[2]),
    };
    if (alert.id > MAX_ID) return null;
    const expected = UnsubscribeLinks.alertSignature(await this.ready(), alert);
    return UnsubscribeLinks.matches(match[3]!, expected) ? alert : null;
  }
}
