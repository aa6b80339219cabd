import type { Location } from 'shared-contracts/addresses';
import type { MetroArea } from 'shared-contracts/stores';
import { BadRequestError } from '../http/errors.ts';
import { GAZETTEER } from './gazetteer.ts';

export interface GeocodedAddress {
  location: Location;
  metroArea: MetroArea;
}

export const GEOCODE_MESSAGES = {
  outsideArea: (zip: string) =>
    `We don't deliver to ZIP code ${zip} yet. CurbRun serves the Dallas–Fort Worth, Houston and Austin areas.`,
  cityMismatch: (zip: string, city: string) =>
    `ZIP code ${zip} is in ${city}. Check the city and the ZIP code.`,
} as const;

/** "Ft. Worth " → "fort worth", so people's spellings of a city compare equal. */
function normaliseCity(city: string): string {
  return city
    .toLowerCase()
    .replace(/[.,']/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^ft /, 'fort ')
    .replace(/^mt /, 'mount ');
}

/**
 * Places an address at its ZIP code's centre using the embedded gazetteer (no outside service).
 * Throws a 400 with a message for a ZIP outside the service area or a city that does not match.
 */
export function geocodeAddress(address: { city: string; zip: string }): GeocodedAddress {
  const entry = GAZETTEER.get(address.zip.trim());
  if (!entry) throw new BadRequestError(GEOCODE_MESSAGES.outsideArea(address.zip.trim()));
  const city = normaliseCity(address.city);
  const accepted = [entry.city, ...(entry.aliases ?? [])].map(normaliseCity);
  if (!accepted.includes(city)) {
    throw new BadRequestError(GEOCODE_MESSAGES.cityMismatch(entry.zip, entry.city), [
      { path: 'city', message: GEOCODE_MESSAGES.cityMismatch(entry.zip, entry.city) },
    ]);
  }
  return { location: { lat: entry.lat, lng: entry.lng }, metroArea: entry.metroArea };
}
