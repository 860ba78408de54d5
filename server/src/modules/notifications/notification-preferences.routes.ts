import { dealerItemPath, dealerPartPath } from '@contracts/dealer-dashboard';
import { ERROR_CODES } from '@contracts/errors';
import { ALERT_UNSUBSCRIBE_TEXT } from '@contracts/notification-preferences';
import { TEAM_TEXT } from '@contracts/teams';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { NotificationAlert } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { escapeHtml } from '../../lib/escape-html';
import type { AlertSubscriptions } from './alert-subscriptions';
import { eventLabel, findDealerPreferences } from './find-dealer-preferences';
import type { UnsubscribeLinks } from './unsubscribe-links';
import { unsubscribeFromEvent, updateDealerPreferences } from './update-dealer-preferences';

const ONE_CLICK = 'One-Click';
const BAD_LINK =
  'This unsubscribe link is not valid (it is incomplete or was changed). Use the link in a recent e-mail, ' +
  'or change your notifications in your dealer dashboard.';

/** The small pages a person sees: no script, inline styles only, forms only to this site. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(reply: FastifyReply, status: number, brand: string, title: string, body: string | string[]) {
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="robots" content="noindex">',
        `<title>${escapeHtml(title)} · ${escapeHtml(brand)}</title></head>`,
        '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a">',
        `<p style="color:#1d4ed8;font-weight:600">${escapeHtml(brand)}</p>`,
        `<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>`,
        ...(Array.isArray(body) ? body : [body]),
        '</body></html>',
      ].join('\n'),
    );
}

/** RFC 8058 receivers POST `List-Unsubscribe=One-Click` form-encoded or as multipart/form-data. */
async function oneClickValue(request: FastifyRequest): Promise<string | undefined> {
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { fields: 5, fieldSize: 100, files: 0 } })) {
      if (part.type === 'field' && part.fieldname === 'List-Unsubscribe') return String(part.value);
    }
    return undefined;
  }
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' ? body['List-Unsubscribe'] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The dealer's notification preferences (dealer session; the dealer id always comes from the
 * session) and the public one-click unsubscribe the e-mails link to (the signed token is the
 * authority: no session, no cookie, per RFC 8058).
 */
export async function notificationPreferencesRoutes(
  app: FastifyInstance,
  {
    db,
    links,
    smsAvailable,
    brandName,
    alerts,
  }: {
    db: Database;
    links: UnsubscribeLinks;
    smsAvailable: boolean;
    brandName: string;
    /** Buy orders' and saved searches' alerts, for the links in their alert e-mails. */
    alerts: AlertSubscriptions;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // access: 'dealer' admits only a dealer session, so the actor is that dealer.
  const dealerId = async (request: FastifyRequest) => (await request.actor()).id!;

  routes.route({
    ...app.endpoint('dealerNotificationPreferences'),
    handler: async (request) => findDealerPreferences(db, await dealerId(request), smsAvailable),
  });
  routes.route({
    ...app.endpoint('updateDealerNotificationPreferences'),
    handler: async (request) => {
      // Where the dealership's mail goes is the owner's call (a buy-code session speaks for the dealer).
      const actor = await request.actor();
      if (actor.member && actor.member.role !== 'owner')
        throw new AppError(ERROR_CODES.forbidden, TEAM_TEXT.ownerSettings);
      return updateDealerPreferences(db, actor.id!, request.body, smsAvailable);
    },
  });

  // Only in this plugin (Fastify encapsulation): the one-click body is an HTML form's encoding.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // A GET never unsubscribes: mail scanners and link previews follow links. It shows what the
  // link would switch off and a button that POSTs the one-click body.
  routes.route({
    ...app.endpoint('unsubscribePage'),
    handler: async (request, reply) => {
      const token = request.query.token;
      const alert = await links.verifyAlert(token);
      const target = alert ? null : await links.verify(token);
      if (!alert && !target)
        return page(reply, 400, brandName, 'This link does not work', `<p>${escapeHtml(BAD_LINK)}</p>`);
      const form = [
        `<form method="post" action="${escapeHtml(`/api/notifications/unsubscribe?token=${encodeURIComponent(token!)}`)}">`,
        `<input type="hidden" name="List-Unsubscribe" value="${ONE_CLICK}">`,
        `<button type="submit" style="font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer">${alert ? ALERT_UNSUBSCRIBE_TEXT.button : 'Unsubscribe'}</button>`,
        '</form>',
      ];
      if (alert) {
        const title = await alerts.titleOf(alert);
        if (title === null) return goneAlertPage(reply, 410, alert);
        const what = ALERT_UNSUBSCRIBE_TEXT.what(alert.kind, alert.id, title);
        return page(reply, 200, brandName, ALERT_UNSUBSCRIBE_TEXT.confirmTitle(what), [
          `<p>${escapeHtml(ALERT_UNSUBSCRIBE_TEXT.confirmBody)}</p>`,
          ...form,
          settingsLink(),
        ]);
      }
      return page(reply, 200, brandName, 'Stop these e-mails?', [
        `<p>You will no longer get <strong>${escapeHtml(eventLabel(target!.event))}</strong> e-mails. Your other notifications stay as they are.</p>`,
        ...form,
        settingsLink(),
      ]);
    },
  });

  routes.route({
    // Cross-site allowed for this route only (plugins/security.ts): an RFC 8058 POST is made by the
    // mail provider (or a webmail page), never from our origin and without cookies. It cannot be
    // forged into anything worse than what the link's holder may do anyway: the signed token
    // decides, no session is read, and all it can do is switch one e-mail off.
    ...app.endpoint('unsubscribe', { crossSiteAllowed: true }),
    handler: async (request, reply) => {
      const alert = await links.verifyAlert(request.query.token);
      const target = alert ? null : await links.verify(request.query.token);
      if (!alert && !target) throw badRequest(BAD_LINK);
      const value = await oneClickValue(request);
      if (value !== ONE_CLICK) {
        throw badRequest('A one-click unsubscribe sends List-Unsubscribe=One-Click as its body (RFC 8058)');
      }
      // The confirmation page's form (a person) gets a page; a mail provider gets JSON.
      const wantsPage = request.headers.accept?.includes('text/html');
      if (alert) {
        // An order or search deleted meanwhile sends nothing anyway: the unsubscribe holds (200).
        const title = await alerts.switchOff(alert);
        if (!wantsPage)
          return {
            ok: true as const,
            alert: alert.kind,
            id: alert.id,
            alerts: false as const,
            exists: title !== null,
          };
        if (title === null) return goneAlertPage(reply, 200, alert);
        const what = ALERT_UNSUBSCRIBE_TEXT.what(alert.kind, alert.id, title);
        return page(reply, 200, brandName, ALERT_UNSUBSCRIBE_TEXT.doneTitle, [
          `<p>${escapeHtml(ALERT_UNSUBSCRIBE_TEXT.done(what))}</p>`,
          `<p>${escapeHtml(ALERT_UNSUBSCRIBE_TEXT.turnBackOn)} <a href="${escapeHtml(dashboardSection(alert))}">${escapeHtml(ALERT_UNSUBSCRIBE_TEXT.dashboard)}</a>.</p>`,
        ]);
      }
      await unsubscribeFromEvent(db, target!);
      if (wantsPage) {
        return page(reply, 200, brandName, 'You are unsubscribed', [
          `<p>You will no longer get <strong>${escapeHtml(eventLabel(target!.event))}</strong> e-mails.</p>`,
          `<p>Changed your mind? Turn them back on in your <a href="${escapeHtml(dealerPartPath('notifications'))}">dealer dashboard</a>.</p>`,
        ]);
      }
      return { ok: true as const, event: target!.event, channel: target!.channel };
    },
  });

  function goneAlertPage(reply: FastifyReply, status: number, alert: NotificationAlert) {
    return page(reply, status, brandName, ALERT_UNSUBSCRIBE_TEXT.goneTitle[alert.kind], [
      `<p>${escapeHtml(ALERT_UNSUBSCRIBE_TEXT.gone)}</p>`,
      settingsLink(),
    ]);
  }
}

/** The order or search itself on the dashboard, with its own alerts switch. */
const dashboardSection = (alert: NotificationAlert) =>
  dealerItemPath(alert.kind === 'buy_order' ? 'buyOrder' : 'savedSearch', alert.id);

const settingsLink = () =>
  `<p style="margin-top:2rem;color:#475569">Or choose per event, e-mail or text, in your <a href="${escapeHtml(dealerPartPath('notifications'))}">dealer dashboard</a>.</p>`;
