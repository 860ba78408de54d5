import { formatUsd } from '@contracts/money';
import { PAGE_PATHS } from '@contracts/routes';
import type { Config } from '../../config';
import type { NotificationPayload } from '../../db/schema';

/** What every message needs besides its facts: the brand it speaks for and where links point. */
export interface MessageContext {
  brandName: string;
  /** PUBLIC_ORIGIN, or http://HOST:PORT when it is unset; no trailing slash. */
  origin: string;
}

export const messageContextOf = (config: Config): MessageContext => ({
  brandName: config.brand.productName,
  origin: (config.publicOrigin ?? `http://${config.host}:${config.port}`).replace(/\/+$/, ''),
});

/** The facts of a vehicle a message names. */
export interface VehicleFacts {
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string;
}

const vehicleName = (v: VehicleFacts) => [v.year, v.make, v.model].filter(Boolean).join(' ') || 'Vehicle';
/** Offer and sale amounts to the cent: a receipt must show exactly what was agreed. */
const usd = (amount: string) => formatUsd(Number(amount), { cents: true });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One layout for every e-mail: a heading, a few lines, the vehicle, and one link to act on. */
function compose(
  ctx: MessageContext,
  input: { subject: string; lines: string[]; vehicle: VehicleFacts; action: string; path: string },
): NotificationPayload {
  const link = `${ctx.origin}${input.path}`;
  const vehicleLine = `${vehicleName(input.vehicle)} · VIN ${input.vehicle.vin}`;
  const text = [
    ...input.lines,
    '',
    vehicleLine,
    '',
    `${input.action}: ${link}`,
    '',
    `— ${ctx.brandName}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(input.subject)}</h1>`,
    ...input.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><strong>${escapeHtml(vehicleName(input.vehicle))}</strong><br>VIN ${escapeHtml(input.vehicle.vin)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(input.action)}</a></p>`,
    `<p style="color:#666">${escapeHtml(ctx.brandName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${ctx.brandName}: ${input.subject}`, text, html, link };
}

const adminAction = { action: 'Review it in the admin panel', path: PAGE_PATHS.admin };
const dealerAction = { action: 'Open your dealer dashboard', path: PAGE_PATHS.dealerDashboard };

export const offerReceivedMessage = (
  ctx: MessageContext,
  f: { vehicle: VehicleFacts; dealerName: string; amount: string },
) =>
  compose(ctx, {
    subject: `New offer of ${usd(f.amount)} on ${vehicleName(f.vehicle)}`,
    lines: [`${f.dealerName} offered ${usd(f.amount)}.`],
    vehicle: f.vehicle,
    ...adminAction,
  });

export const counterSentMessage = (
  ctx: MessageContext,
  f: { vehicle: VehicleFacts; amount: string; counterAmount: string; counterMessage: string | null },
) =>
  compose(ctx, {
    subject: `Counter offer of ${usd(f.counterAmount)} on ${vehicleName(f.vehicle)}`,
    lines: [
      `We answered your offer of ${usd(f.amount)} with a counter offer of ${usd(f.counterAmount)}.`,
      ...(f.counterMessage ? [`Message: ${f.counterMessage}`] : []),
    ],
    vehicle: f.vehicle,
    ...dealerAction,
  });

export const offerAnsweredMessage = (
  ctx: MessageContext,
  f: { vehicle: VehicleFacts; amount: string; accepted: boolean },
) =>
  compose(ctx, {
    subject: `Your offer on ${vehicleName(f.vehicle)} was ${f.accepted ? 'accepted' : 'declined'}`,
    lines: [
      f.accepted
        ? `Your offer of ${usd(f.amount)} was accepted: the vehicle is yours.`
        : `Your offer of ${usd(f.amount)} was declined.`,
    ],
    vehicle: f.vehicle,
    ...dealerAction,
  });

export const counterAnsweredMessage = (
  ctx: MessageContext,
  f: { vehicle: VehicleFacts; dealerName: string; counterAmount: string; accepted: boolean },
) =>
  compose(ctx, {
    subject: `${f.dealerName} ${f.accepted ? 'accepted' : 'declined'} the counter of ${usd(f.counterAmount)}`,
    lines: [
      `${f.dealerName} ${f.accepted ? 'accepted' : 'declined'} the counter offer of ${usd(f.counterAmount)}.`,
      ...(f.accepted ? ['The vehicle is sold.'] : []),
    ],
    vehicle: f.vehicle,
    ...adminAction,
  });

export const vehicleSoldMessage = (
  ctx: MessageContext,
  f: { vehicle: VehicleFacts; dealerName: string; amount: string; transactionId: number },
) =>
  compose(ctx, {
    subject: `Sold by Buy Now: ${vehicleName(f.vehicle)} for ${usd(f.amount)}`,
    lines: [`${f.dealerName} bought it with Buy Now for ${usd(f.amount)} (transaction #${f.transactionId}).`],
    vehicle: f.vehicle,
    ...adminAction,
  });

export const purchaseReceiptMessage = (
  ctx: MessageContext,
  f: { vehicle: VehicleFacts; dealerName: string; amount: string; transactionId: number },
) =>
  compose(ctx, {
    subject: `Receipt: ${vehicleName(f.vehicle)} for ${usd(f.amount)}`,
    lines: [
      `Thank you, ${f.dealerName}. You bought this vehicle for ${usd(f.amount)} (transaction #${f.transactionId}).`,
    ],
    vehicle: f.vehicle,
    ...dealerAction,
  });
