import { addBusinessDays, type IsoDate } from '@contracts/business-days';
import type { TransportArranger } from '@contracts/delivery';
import { DELIVERY_TEXT, type TransportQuote } from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { centsToDecimal, formatCents } from '@contracts/money';
import type { TransportRates } from '../../config';
import { badRequest } from '../../lib/app-error';
import { roadMiles, type ZipPlace } from '../../lib/zip';

/** A truck covers 400 to 500 miles a day; the carrier picks up 1 to 5 business days after release. */
const MILES_PER_DAY = { slow: 400, fast: 500 };
const PICKUP_DAYS = { first: 1, last: 5 };

const addDays = (day: IsoDate, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The price and windows of moving one car (docs/design.md §15), pure: road miles from the ZIP centroids,
 * the rate bands charged marginally (the first 500 miles at the first rate, the next at the second…),
 * the minimum, the enclosed-trailer surcharge (a percentage) and the inoperable one (a winch fee).
 * Pickup 1–5 business days after `releasedOn`; delivery that plus the road days at 500 and 400
 * miles a day.
 */
export function quoteTransport(input: {
  from: ZipPlace;
  to: ZipPlace;
  enclosed: boolean;
  inoperable: boolean;
  rates: TransportRates;
  releasedOn: IsoDate;
  arrangedBy: TransportArranger;
}): TransportQuote {
  const { from, to, rates } = input;
  if (from.zip === to.zip) throw badRequest(DELIVERY_TEXT.sameZip);
  const miles = roadMiles(from, to);
  const breakdown: { label: string; cents: number }[] = [];
  let covered = 0;
  let distanceCents = 0;
  for (const band of rates.bands) {
    const upTo = band.upToMiles ?? Number.POSITIVE_INFINITY;
    const inBand = Math.max(0, Math.min(miles, upTo) - covered);
    if (inBand > 0) {
      const cents = Math.round(inBand * band.perMile * 100);
      distanceCents += cents;
      breakdown.push({
        label: `${formatMi(inBand)} at ${formatCents(Math.round(band.perMile * 100))}/mi`,
        cents,
      });
    }
    covered = Math.min(miles, upTo);
    if (covered >= miles) break;
  }
  const minimumCents = Math.round(rates.minimum * 100);
  if (distanceCents < minimumCents) {
    breakdown.push({
      label: `Minimum charge ${formatCents(minimumCents)}`,
      cents: minimumCents - distanceCents,
    });
    distanceCents = minimumCents;
  }
  let total = distanceCents;
  if (input.enclosed) {
    const cents = Math.round((distanceCents * rates.enclosedPercent) / 100);
    breakdown.push({ label: `Enclosed trailer (+${rates.enclosedPercent}%)`, cents });
    total += cents;
  }
  if (input.inoperable) {
    const cents = Math.round(rates.inoperableFee * 100);
    breakdown.push({ label: 'Inoperable (winch)', cents });
    total += cents;
  }
  return {
    fromZip: from.zip,
    fromPlace: from.place,
    toZip: to.zip,
    toPlace: to.place,
    miles,
    enclosed: input.enclosed,
    inoperable: input.inoperable,
    price: centsToDecimal(total),
    breakdown: breakdown.map(({ label, cents }) => ({ label, amount: centsToDecimal(cents) })),
    ...transportWindows(input.releasedOn, miles),
    arrangedBy: input.arrangedBy,
  };
}

/**
 * The pickup and delivery windows of a transport released on `releasedOn` (the quote's estimate of
 * the release, and again on the day it is released): pickup 1–5 business days after, delivery that
 * plus the road days at 500 and 400 miles a day.
 */
export function transportWindows(releasedOn: IsoDate, miles: number) {
  const pickupFrom = addBusinessDays(releasedOn, PICKUP_DAYS.first);
  const pickupTo = addBusinessDays(releasedOn, PICKUP_DAYS.last);
  return {
    pickupWindow: { from: pickupFrom, to: pickupTo },
    deliveryWindow: {
      from: addDays(pickupFrom, Math.max(1, Math.ceil(miles / MILES_PER_DAY.fast))),
      to: addDays(pickupTo, Math.max(1, Math.ceil(miles / MILES_PER_DAY.slow))),
    },
  };
}
