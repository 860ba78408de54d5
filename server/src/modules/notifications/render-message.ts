import type { NotificationPayload } from '../../db/schema';
import * as buyOrderMessages from './buy-order-messages';
import * as deliveryMessages from './delivery-messages';
import type { MessagePayload } from './enqueue-notifications';
import * as guaranteeMessages from './guarantee-messages';
import type { MessageContext, MessageHeadline, MessageTemplate } from './notification-messages';
import * as offerMessages from './offer-messages';
import * as saleMessages from './sale-messages';
import * as teamMessages from './team-messages';
import * as watchlistMessages from './watchlist-messages';
import * as workOrderMessages from './work-order-messages';

/** Every template by its stored name: the notifications module holds every message's text. */
const TEMPLATES = new Map<string, MessageTemplate<never>>();
for (const value of [
  ...Object.values(buyOrderMessages),
  ...Object.values(deliveryMessages),
  ...Object.values(guaranteeMessages),
  ...Object.values(offerMessages),
  ...Object.values(saleMessages),
  ...Object.values(teamMessages),
  ...Object.values(watchlistMessages),
  ...Object.values(workOrderMessages),
]) {
  if (typeof value !== 'function' || !('template' in value)) continue;
  const template = value as MessageTemplate<never>;
  if (TEMPLATES.has(template.template)) throw new Error(`Two message templates named ${template.template}`);
  TEMPLATES.set(template.template, template);
}

/**
 * A row's message with the app's brand and origin: its template rendered with the facts it keeps,
 * or, for a row written before templates, the texts it holds. A template this version does not know
 * (a row from a newer one) throws: the sender retries it, as it would a refused send.
 */
export function renderPayload(ctx: MessageContext, payload: NotificationPayload): MessagePayload {
  if (!('template' in payload)) {
    const { subject, text, html, link, sms } = payload;
    return { subject, text, html, link, sms };
  }
  return templateOf(payload.template).render(ctx, payload.facts as never);
}

/** The subject and link renderPayload gives, without rendering the bodies (the admin's notification log). */
export function renderHeadline(ctx: MessageContext, payload: NotificationPayload): MessageHeadline {
  if (!('template' in payload)) return { subject: payload.subject, link: payload.link };
  return templateOf(payload.template).headline(ctx, payload.facts as never);
}

function templateOf(name: string) {
  const template = TEMPLATES.get(name);
  if (!template) throw new Error(`No message template named ${name}`);
  return template;
}
