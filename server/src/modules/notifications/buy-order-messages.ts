import { ALERT_TEXT } from '@contracts/alert-delivery-texts';
import type { MatchReason } from '@contracts/buy-order-history';
import { formatZoneDeadline } from '@contracts/dates';
import { dealerPartPath } from '@contracts/dealer-dashboard';
import { formatMilesNumber } from '@contracts/mileage-format';
import { formatAmount } from '@contracts/money';
import { composedMessage, LINKS, type VehicleFacts, vehicleName } from './notification-messages';

/** Messages about buy orders (docs/design.md §13): to the person who placed the order, or the dealership. */

/**
 * A car just published (or cheaper now) matches an open buy order: the link opens the car to buy it.
 * Its unsubscribe link switches off this order's alerts only.
 */
export const buyOrderMatchMessage = composedMessage(
  'buy_order_match',
  (f: {
    vehicle: VehicleFacts;
    mileage: number | null;
    orderId: number;
    reason: MatchReason;
    personName: string | null;
    /** Held for the dealership's first look (docs/design.md §13): until then, in the market's time zone. */
    firstLook?: { until: string; timeZone: string };
  }) => {
    const held = f.firstLook ? firstLookTime(f.firstLook) : null;
    return {
      subject: `${held ? 'First look' : f.reason === 'price_drop' ? 'Price drop' : 'New match'} for buy order #${f.orderId}: ${vehicleName(f.vehicle)}`,
      lines: [
        ...(f.personName ? [`Hello ${f.personName},`] : []),
        held
          ? `A car that matches your buy order #${f.orderId} is held for you: first look until ${held}. Other dealers see it after that.`
          : f.reason === 'price_drop'
            ? `The price of a car that matches your buy order #${f.orderId} dropped${f.vehicle.price ? ` to ${formatAmount(f.vehicle.price)}` : ''}.`
            : `A car that matches your buy order #${f.orderId} was just published.`,
        ...(f.mileage === null ? [] : [`Mileage ${formatMilesNumber(f.mileage)}`]),
        held
          ? 'Sign in to see it and buy it now or make an offer.'
          : 'Buy it now or make an offer before someone else does.',
      ],
      vehicle: f.vehicle,
      action: 'See the car',
      path: LINKS.vehicle(f.vehicle),
      sms: `${held ? `First look until ${held}: ` : ''}Buy order #${f.orderId}: ${vehicleName(f.vehicle)}${f.vehicle.price ? ` ${formatAmount(f.vehicle.price)}` : ''} matches.`,
    };
  },
  (f) => ({ kind: 'buy_order', id: f.orderId }),
);

/** "Sat, Nov 28, 3:40 PM EST": the end of a first look in the market's time zone (the dealer's own is unknown). */
export const firstLookTime = ({ until, timeZone }: { until: string; timeZone: string }) =>
  formatZoneDeadline(until, timeZone);

/** A car just published matches a saved search (with alerts on); its unsubscribe link mutes this search only. */
export const savedSearchMatchMessage = composedMessage(
  'saved_search_match',
  (f: { vehicle: VehicleFacts; searchId: number; searchName: string; personName: string | null }) => ({
    subject: `New match for your saved search “${f.searchName}”: ${vehicleName(f.vehicle)}`,
    lines: [
      ...(f.personName ? [`Hello ${f.personName},`] : []),
      `A car that matches your saved search “${f.searchName}” was just published.`,
    ],
    vehicle: f.vehicle,
    action: 'See the car',
    path: LINKS.vehicle(f.vehicle),
    sms: `Saved search “${f.searchName}”: ${vehicleName(f.vehicle)}${f.vehicle.price ? ` ${formatAmount(f.vehicle.price)}` : ''} matches.`,
  }),
  (f) => ({ kind: 'saved_search', id: f.searchId }),
);

/** One match in a daily digest: the car, and the order or saved search it matched. */
export interface DigestEntry {
  kind: 'buy_order' | 'saved_search';
  /** The order's number or the search's id. */
  id: number;
  /** The saved search's name (a buy order is named by its number). */
  name: string | null;
  vehicle: VehicleFacts;
  reason: MatchReason;
}

const entryLabel = (e: DigestEntry) =>
  e.kind === 'buy_order' ? `buy order #${e.id}` : `saved search “${e.name ?? ''}”`;

/**
 * The day's matches in one message (docs/design.md §13), for a person whose orders or searches gather
 * their alerts: each car once, with what it matched, and the link to it. Its entries are added to
 * the queued row as matches happen (enqueue-digest.ts) and rendered when it leaves.
 */
export const alertDigestMessage = composedMessage(
  'alert_digest',
  (f: { day: string; personName: string | null; entries: DigestEntry[] }, ctx) => {
    const byCar = new Map<number, DigestEntry[]>();
    for (const entry of f.entries)
      byCar.set(entry.vehicle.id, [...(byCar.get(entry.vehicle.id) ?? []), entry]);
    const cars = [...byCar.values()];
    return {
      subject: ALERT_TEXT.digestSubject(cars.length),
      lines: [
        ...(f.personName ? [`Hello ${f.personName},`] : []),
        `${cars.length === 1 ? 'This car' : `These ${cars.length} cars`} matched your buy orders and saved searches:`,
        ...cars.map((entries) => {
          const car = entries[0]!.vehicle;
          const price = car.price ? `, ${formatAmount(car.price)}` : '';
          const drop = entries.some((e) => e.reason === 'price_drop') ? ' (price drop)' : '';
          return `• ${vehicleName(car)}${price}${drop}, for your ${entries.map(entryLabel).join(' and ')}: ${ctx.origin}${LINKS.vehicle(car)}`;
        }),
      ],
      action: 'See your buy orders',
      path: dealerPartPath('buyOrders'),
      sms: `${cars.length} new ${cars.length === 1 ? 'match' : 'matches'} for your buy orders and saved searches.`,
    };
  },
);
