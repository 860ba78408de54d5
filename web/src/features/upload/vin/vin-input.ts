import { VIN_LENGTH } from '@contracts/limits';
import { hasValidVinCheckDigit, isWellFormedVin } from '@contracts/vin';

const NEVER_IN_A_VIN = /[IOQ]/g;

export interface SanitizedVin {
  value: string;
  /** The letters I, O or Q that were typed and taken out (they are never part of a VIN). */
  refusedLetters: string[];
}

/**
 * What the VIN input keeps of a typed or pasted value: upper-cased, letters and digits only,
 * without I/O/Q, at most 17 characters.
 */
export function sanitizeVinInput(raw: string): SanitizedVin {
  const upper = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const refusedLetters = [...new Set(upper.match(NEVER_IN_A_VIN) ?? [])];
  return { value: upper.replace(NEVER_IN_A_VIN, '').slice(0, VIN_LENGTH), refusedLetters };
}

/** "I, O and Q", "O", "I and O" */
export const listLetters = (letters: string[]) =>
  letters.length <= 1 ? (letters[0] ?? '') : `${letters.slice(0, -1).join(', ')} and ${letters.at(-1)}`;

/**
 * The VIN inside a scanned barcode. Code 39 VIN labels often carry a leading 'I' (import) or 'O'
 * marker, and QR/Data Matrix labels may hold more text; prefer a 17-character run whose check digit
 * is right, then any well-formed run.
 */
export function extractVinFromBarcode(raw: string): string | null {
  const text = raw.toUpperCase().replace(/[^A-Z0-9]/g, ' ');
  const candidates: string[] = [];
  for (const token of text.split(/\s+/)) {
    if (token.length < VIN_LENGTH) continue;
    for (let start = 0; start + VIN_LENGTH <= token.length; start++) {
      const slice = token.slice(start, start + VIN_LENGTH);
      if (isWellFormedVin(slice)) candidates.push(slice);
    }
  }
  return candidates.find(hasValidVinCheckDigit) ?? candidates[0] ?? null;
}
