import { formatAmount } from '@contracts/money';
import { composedMessage, LINKS, type VehicleFacts, vehicleName } from './notification-messages';

/** Why a watched car's watchers hear of it (issue #30). */
export type WatchedVehicleChange =
  | { reason: 'price_drop'; oldPrice: string; newPrice: string }
  /** An offer on it expired: the car is still for sale. Whose offer, and its amount, are not said. */
  | { reason: 'offer_expired' }
  | { reason: 'sold' };

const subjectOf = (change: WatchedVehicleChange, name: string) =>
  change.reason === 'price_drop'
    ? `Price drop on a car you watch: ${name}, now ${formatAmount(change.newPrice)}`
    : change.reason === 'offer_expired'
      ? `An offer expired on a car you watch: ${name} is still available`
      : `A car you watch was sold: ${name}`;

const lineOf = (change: WatchedVehicleChange) =>
  change.reason === 'price_drop'
    ? `The price of a car you watch dropped from ${formatAmount(change.oldPrice)} to ${formatAmount(change.newPrice)}.`
    : change.reason === 'offer_expired'
      ? 'An offer on a car you watch expired. The car is still available: buy it or make an offer.'
      : 'A car you watch was sold and is no longer available.';

const smsOf = (change: WatchedVehicleChange, name: string) =>
  change.reason === 'price_drop'
    ? `Price drop: ${name} ${formatAmount(change.oldPrice)} → ${formatAmount(change.newPrice)}.`
    : change.reason === 'offer_expired'
      ? `An offer on ${name} expired; it is still available.`
      : `${name}, which you watch, was sold.`;

/**
 * A car on the person's watchlist (Watch on) changed: its price dropped, an offer on it expired, or
 * it sold. The link opens the car (a sold car's page says it is no longer available).
 */
export const watchedVehicleMessage = composedMessage(
  'watched_vehicle',
  (f: { vehicle: VehicleFacts; change: WatchedVehicleChange; personName: string | null }) => {
    const name = vehicleName(f.vehicle);
    return {
      subject: subjectOf(f.change, name),
      lines: [...(f.personName ? [`Hello ${f.personName},`] : []), lineOf(f.change)],
      // A sold car's price is the listing's, not what it sold for: name the car without it.
      vehicle: f.change.reason === 'sold' ? { ...f.vehicle, price: null } : f.vehicle,
      action: 'See the car',
      path: LINKS.vehicle(f.vehicle),
      sms: smsOf(f.change, name),
    };
  },
);
