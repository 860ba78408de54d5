import { formatDateTime } from '@contracts/dates';
import { dealerItemPath } from '@contracts/dealer-dashboard';
import { formatAmount } from '@contracts/money';
import { adminTabPath, PAGE_PATHS, vehiclePath } from '@contracts/routes';
import { formatTimeLeft } from '@contracts/time-left';
import type { Config } from '../../config';
import type { NotificationAlert, NotificationMessage } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import type { MessagePayload } from './enqueue-notifications';

/**
 * What every message needs besides its facts: the brand it speaks for and where links point. The
 * app binds it once, in registerNotifications: the sender and the notification log render with it.
 */
export interface MessageContext {
  brandName: string;
  /** PUBLIC_ORIGIN, or http://HOST:PORT when it is unset; no trailing slash. */
  origin: string;
}

/** What tells the port a server listens on: Node's http.Server (its `address()` once listening). */
export interface Listening {
  address(): string | { port: number } | null;
}

/**
 * Where a message's links point: PUBLIC_ORIGIN, or http://HOST:PORT when it is unset — the port
 * the server actually listens on once it does (PORT=0 asks the system for a free one); no trailing
 * slash.
 */
export function publicOriginOf(config: Config, server?: Listening) {
  const address = server?.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  return (config.publicOrigin ?? `http://${config.host}:${port}`).replace(/\/+$/, '');
}

/** The brand and origin, read when a message is rendered (the origin knows the listening port by then). */
export const messageContextOf = (config: Config, server?: Listening): MessageContext => ({
  brandName: config.brand.productName,
  get origin() {
    return publicOriginOf(config, server);
  },
});

/** The facts of a vehicle a message names. */
export interface VehicleFacts {
  id: number;
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string;
  price: string | null;
}

/** The vehicle columns a raw SQL row selects beside its own (`v.id as vehicle_id`, year, make, model, vin, price). */
export interface VehicleFactsRow {
  vehicle_id: number;
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string;
  price: string | null;
}

/** A raw row's vehicle columns as a message's facts (the driver may hand numbers back as strings). */
export const vehicleFactsOfRow = (row: VehicleFactsRow): VehicleFacts => ({
  id: Number(row.vehicle_id),
  year: row.year === null ? null : Number(row.year),
  make: row.make,
  model: row.model,
  vin: row.vin,
  price: row.price,
});

/**
 * When a running clock stops, read against the database's clock so the message agrees with the row.
 * Dates when enqueued; their ISO strings once read back from the outbox.
 */
export interface Deadline {
  expiresAt: Date | string;
  now: Date | string;
}

/** An SMS is at most two segments' worth of text, link included (docs/design.md §6). */
export const MAX_SMS_LENGTH = 320;

export const vehicleName = (v: Pick<VehicleFacts, 'year' | 'make' | 'model'>) =>
  [v.year, v.make, v.model].filter(Boolean).join(' ') || 'Vehicle';
/** "47h 59m left (until Nov 25, 2026, 2:03 PM UTC)": the spec's hours and minutes, and the moment. */
export const deadlineText = (d: Deadline) =>
  `${formatTimeLeft(d.expiresAt, new Date(d.now))} (until ${formatDateTime(d.expiresAt, 'UTC')})`;
/** "1h 59m": the time left without the word. */
export const timeLeftShort = (d: Deadline) =>
  formatTimeLeft(d.expiresAt, new Date(d.now)).replace(/ left$/, '');

/**
 * Where a message's one link points: the place the recipient acts. A dealer's lands on the item
 * itself in its dashboard section (contracts/dealer-dashboard.ts DEALER_DASHBOARD_SECTIONS): the offer, the
 * sale, its delivery or its documents.
 */
export const LINKS = {
  adminOffers: adminTabPath('offers'),
  adminTransactions: adminTabPath('transactions'),
  dealerOffer: (offerId: number | undefined) => dealerItemPath('offer', offerId),
  dealerSale: (transactionId: number) => dealerItemPath('sale', transactionId),
  dealerDelivery: (transactionId: number) => dealerItemPath('delivery', transactionId),
  dealerDocuments: (transactionId: number) => dealerItemPath('saleDocuments', transactionId),
  vehicle: (v: VehicleFacts) => vehiclePath(v.id),
  inventory: PAGE_PATHS.inventory,
  home: '/',
} as const;

export interface MessageInput {
  /** Without the brand; compose prefixes it. */
  subject: string;
  lines: string[];
  vehicle?: VehicleFacts;
  /** The link's label, e.g. "Answer the counter offer". */
  action: string;
  /** Path on PUBLIC_ORIGIN, or an absolute URL. */
  path: string;
  /** The SMS text without brand and link (compose adds both and keeps it within 320 characters). */
  sms: string;
}

const vehicleLines = (v: VehicleFacts) => [
  vehicleName(v),
  `VIN ${v.vin}`,
  ...(v.price ? [`Price ${formatAmount(v.price)}`] : []),
];

/** One layout for every message: a heading, a few lines, the vehicle, and one link to act on. */
/** A composed message's subject (with the brand) and link: what the admin's notification log shows. */
export function composeHeadline(ctx: MessageContext, input: MessageInput): MessageHeadline {
  const link = /^https?:\/\//.test(input.path) ? input.path : `${ctx.origin}${input.path}`;
  return { subject: `${ctx.brandName}: ${input.subject}`, link };
}

export function compose(ctx: MessageContext, input: MessageInput): MessagePayload {
  const { subject, link } = composeHeadline(ctx, input);
  const vehicle = input.vehicle ? vehicleLines(input.vehicle) : [];
  const text = [
    ...input.lines,
    ...(vehicle.length ? ['', ...vehicle] : []),
    '',
    `${input.action}: ${link}`,
    '',
    `— ${ctx.brandName}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(input.subject)}</h1>`,
    ...input.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(vehicle.length
      ? [
          `<p><strong>${escapeHtml(vehicle[0]!)}</strong><br>${vehicle.slice(1).map(escapeHtml).join('<br>')}</p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(input.action)}</a></p>`,
    `<p style="color:#666">${escapeHtml(ctx.brandName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html, link, sms: smsText(ctx, input.sms, link) };
}

/** "Brand: text link", the text shortened (never the link) to fit MAX_SMS_LENGTH. */
function smsText(ctx: MessageContext, body: string, link: string) {
  const prefix = `${ctx.brandName}: `;
  const room = MAX_SMS_LENGTH - prefix.length - link.length - 1;
  const fitted = body.length <= room ? body : `${body.slice(0, Math.max(0, room - 1)).trimEnd()}…`;
  return `${prefix}${fitted} ${link}`.slice(0, MAX_SMS_LENGTH);
}

/**
 * A kind of message: called with its facts, it gives what the outbox keeps (the template's name
 * and the facts); `render` turns those facts into the message with the app's brand and origin, when
 * the sender sends it and when the log shows it. The name is stored: renaming a template strands
 * the queued rows that name it.
 */
/** The subject and link of a rendered message, without its bodies. */
export type MessageHeadline = Pick<MessagePayload, 'subject' | 'link'>;

export interface MessageTemplate<F> {
  (facts: F): NotificationMessage;
  readonly template: string;
  readonly render: (ctx: MessageContext, facts: F) => MessagePayload;
  /**
   * The subject and link `render` gives, without the text, HTML and SMS bodies: a page of the
   * notification log renders 25 of them per request (bench:admin, docs/benchmarks.md).
   */
  readonly headline: (ctx: MessageContext, facts: F) => MessageHeadline;
}

const vehicleFactsOf = (v: VehicleFacts): VehicleFacts => ({
  id: v.id,
  year: v.year,
  make: v.make,
  model: v.model,
  vin: v.vin,
  price: v.price,
});

/**
 * Declares a template; a vehicle in its facts is kept as the facts a message names, not the whole
 * row. `alertOf` names the buy order or saved search an alert is about: its e-mail's one-click
 * unsubscribe then switches off that one's alerts instead of the whole event.
 */
export function defineMessage<F extends object>(
  template: string,
  render: (ctx: MessageContext, facts: F) => MessagePayload,
  alertOf?: (facts: F) => NotificationAlert,
  headline: (ctx: MessageContext, facts: F) => MessageHeadline = (ctx, facts) => {
    const { subject, link } = render(ctx, facts);
    return { subject, link };
  },
): MessageTemplate<F> {
  const message = (facts: F): NotificationMessage => {
    const kept = { ...facts } as Record<string, unknown>;
    if (kept.vehicle) kept.vehicle = vehicleFactsOf(kept.vehicle as VehicleFacts);
    return alertOf ? { template, facts: kept, alert: alertOf(facts) } : { template, facts: kept };
  };
  return Object.assign(message, { template, render, headline });
}

/**
 * Declares a template laid out by compose: `input` says, from the facts (and the brand and origin
 * when the text names them), what the message holds.
 */
export const composedMessage = <F extends object>(
  template: string,
  input: (facts: F, ctx: MessageContext) => MessageInput,
  alertOf?: (facts: F) => NotificationAlert,
): MessageTemplate<F> =>
  defineMessage(
    template,
    (ctx, facts: F) => compose(ctx, input(facts, ctx)),
    alertOf,
    (ctx, facts: F) => composeHeadline(ctx, input(facts, ctx)),
  );
