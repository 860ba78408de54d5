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
