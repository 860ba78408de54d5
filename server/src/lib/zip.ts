import { createRequire } from 'node:module';
import { DELIVERY_TEXT } from '@contracts/delivery';
import { badRequest } from './app-error';

/**
 * The one ZIP rule of the server: a ZIP code is taken only when it is a known US ZIP. The contracts
 * check the shape (5 digits) on both sides; whether the code exists is asked here, of the offline
 * `zipcodes` data (docs/decisions/0026-certified-delivery-and-floor-plan.md), which stays out of
 * the web bundle. Every route that stores or quotes a ZIP (a buy order's delivery ZIP, a listing's
 * location, a transport quote or order, a dealership's address) refuses an unknown one with the
 * same 400: `DELIVERY_TEXT.zipUnknown`.
 */
export interface KnownZip {
  zip: string;
  city: string;
  /** Two-letter state (or territory) code. */
  state: string;
  latitude: number;
  longitude: number;
}

/**
 * The ZIP data, read on the first lookup rather than at every start: loading it took ~0.6 s of a
 * server's start, and a start that quotes no ZIP never needs it.
 */
let zipData: typeof import('zipcodes') | undefined;
const zipcodes = () => {
  zipData ??= createRequire(import.meta.url)('zipcodes') as typeof import('zipcodes');
  return zipData;
};

/** A US ZIP code's place and centroid, or null when it is not 5 digits or not a known US ZIP. */
export function lookUpZip(zip: string): KnownZip | null {
  const found = /^\d{5}$/.test(zip) ? zipcodes().lookup(zip) : undefined;
  if (found?.country !== 'US') return null;
  return { zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude };
}

/** A known US ZIP code's place; a 400 with `DELIVERY_TEXT.zipUnknown(zip)` otherwise. */
export function knownZip(zip: string): KnownZip {
  const found = lookUpZip(zip);
  if (!found) throw badRequest(DELIVERY_TEXT.zipUnknown(zip));
  return found;
}

/** The ZIP at the end of a free-text address ("…, Dallas, TX 75201"), if there is one. */
export const zipOfAddress = (address: string) => /(\d{5})(?:-\d{4})?\s*$/.exec(address.trim())?.[1] ?? null;

/** Road miles are about this much longer than the straight line between two ZIP centroids. */
export const ROAD_FACTOR = 1.2;
/** Road transport reaches the 48 contiguous states (and DC), not Alaska, Hawaii or the territories. */
const NOT_BY_ROAD = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** A ZIP code's centroid and name, within reach of a truck (a transport's ends, a search's origin). */
export interface ZipPlace {
  zip: string;
  place: string;
  latitude: number;
  longitude: number;
}

const placeOf = (found: KnownZip): ZipPlace => ({
  zip: found.zip,
  place: `${found.city}, ${found.state}`,
  latitude: found.latitude,
  longitude: found.longitude,
});

/** A known US ZIP code's place within reach of a truck; a 400 otherwise (unknown, or not by road). */
export function placeOfZip(zip: string): ZipPlace {
  const found = knownZip(zip);
  if (NOT_BY_ROAD.has(found.state)) throw badRequest(DELIVERY_TEXT.zipNotContiguous);
  return placeOf(found);
}

/** placeOfZip of a ZIP already stored (where a car stands): null when it is unknown or no truck reaches it. */
export function reachablePlace(zip: string): ZipPlace | null {
  const found = lookUpZip(zip);
  return found && !NOT_BY_ROAD.has(found.state) ? placeOf(found) : null;
}

/** Great-circle distance in miles (haversine, mean Earth radius). */
export function straightMiles(a: ZipPlace, b: ZipPlace) {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The road miles between two places: what a transport quote charges (docs/design.md §15), and what
 * the inventory's "within N miles" and a saved search's distance count.
 */
export const roadMiles = (from: ZipPlace, to: ZipPlace) =>
  Math.max(1, Math.round(straightMiles(from, to) * ROAD_FACTOR));
