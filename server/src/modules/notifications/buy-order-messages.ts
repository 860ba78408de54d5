import {
  compose,
  defineMessage,
  LINKS,
  type MessageContext,
  usd,
  type VehicleFacts,
  vehicleName,
} from './notification-messages';

/** Messages about buy orders (DESIGN.md §13): to the person who placed the order, or the dealership. */

/** A car just published (or cheaper now) matches an open buy order: the link opens the car to buy it. */
export const buyOrderMatchMessage = defineMessage(
  'buy_order_match',
  (
    ctx: MessageContext,
    f: {
      vehicle: VehicleFacts;
      mileage: number | null;
      orderId: number;
      reason: 'published' | 'price_drop';
      personName: string | null;
    },
  ) =>
    compose(ctx, {
      subject: `${f.reason === 'price_drop' ? 'Price drop' : 'New match'} for buy order #${f.orderId}: ${vehicleName(f.vehicle)}`,
      lines: [
        ...(f.personName ? [`Hello ${f.personName},`] : []),
        f.reason === 'price_drop'
          ? `The price of a car that matches your buy order #${f.orderId} dropped${f.vehicle.price ? ` to ${usd(f.vehicle.price)}` : ''}.`
          : `A car that matches your buy order #${f.orderId} was just published.`,
        ...(f.mileage === null ? [] : [`Mileage ${f.mileage.toLocaleString('en-US')}`]),
        'Buy it now or make an offer before someone else does.',
      ],
      vehicle: f.vehicle,
      action: 'See the car',
      path: LINKS.vehicle(f.vehicle),
      sms: `Buy order #${f.orderId}: ${vehicleName(f.vehicle)}${f.vehicle.price ? ` ${usd(f.vehicle.price)}` : ''} matches.`,
    }),
);

/** A car just published matches a saved search (with alerts on). */
export const savedSearchMatchMessage = defineMessage(
  'saved_search_match',
  (ctx: MessageContext, f: { vehicle: VehicleFacts; searchName: string; personName: string | null }) =>
    compose(ctx, {
      subject: `New match for your saved search “${f.searchName}”: ${vehicleName(f.vehicle)}`,
      lines: [
        ...(f.personName ? [`Hello ${f.personName},`] : []),
        `A car that matches your saved search “${f.searchName}” was just published.`,
      ],
      vehicle: f.vehicle,
      action: 'See the car',
      path: LINKS.vehicle(f.vehicle),
      sms: `Saved search “${f.searchName}”: ${vehicleName(f.vehicle)}${f.vehicle.price ? ` ${usd(f.vehicle.price)}` : ''} matches.`,
    }),
);
