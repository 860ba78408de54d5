import { VIN_LENGTH } from '@contracts/limits';
import { UPLOAD_TEXT } from '@contracts/upload';
import { DEFERRED_DECODE_TEXT } from '../sync/sync-texts';
import type { WizardState } from '../wizard-state';

/**
 * Where the VIN's decode stands, read from the wizard state alone: the VIN step's status box, the
 * decode toast and the complete step's summary all say it from here, in the same words, so they
 * can never disagree (a toast saying "VIN Decoded" beside a summary saying "Not decoded").
 */
export type DecodeState =
  | { status: 'none' }
  | { status: 'pending' }
  | { status: 'failed' }
  /** No signal on the phone: the server decodes the VIN when the car is sent (issue #34). */
  | { status: 'deferred' }
  | { status: 'decoded'; source: 'vpic' | 'offline' };

type DecodeFields = Pick<WizardState, 'vin' | 'decodedVin' | 'decodeSource'> &
  Partial<Pick<WizardState, 'decodeDeferred'>>;

export { DEFERRED_DECODE_TEXT };

/** `pending`: a decode of this VIN is on its way. */
export function decodeStateOf(state: DecodeFields, pending = false): DecodeState {
  if (state.vin.length !== VIN_LENGTH) return { status: 'none' };
  if (state.decodedVin !== state.vin) return pending ? { status: 'pending' } : { status: 'none' };
  if (state.decodeSource) return { status: 'decoded', source: state.decodeSource };
  return state.decodeDeferred ? { status: 'deferred' } : { status: 'failed' };
}

/** The vehicle as entered (decoded, then maybe corrected): "2018 Toyota Camry LE", or ''. */
export const vehicleText = (state: Pick<WizardState, 'year' | 'make' | 'model' | 'trim'>) =>
  [state.year, state.make, state.model, state.trim]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');

/** The decode in words: its title (the spec's toast texts) and what it adds about an offline decode. */
export function decodeWords(decode: DecodeState): { title: string; note: string | null } {
  switch (decode.status) {
    case 'decoded':
      return {
        title: UPLOAD_TEXT.vinDecoded,
        note: decode.source === 'offline' ? UPLOAD_TEXT.decodedOffline : null,
      };
    case 'failed':
      return { title: UPLOAD_TEXT.vinDecodeFailed, note: null };
    case 'deferred':
      return { title: DEFERRED_DECODE_TEXT.title, note: DEFERRED_DECODE_TEXT.note };
    case 'pending':
      return { title: 'Decoding VIN…', note: null };
    default:
      return { title: UPLOAD_TEXT.notDecoded, note: null };
  }
}

/** The toast after a decode: "VIN Decoded" with the vehicle, and the offline note when it was one. */
export function decodeToast(state: DecodeFields & Pick<WizardState, 'year' | 'make' | 'model' | 'trim'>) {
  const { title, note } = decodeWords(decodeStateOf(state));
  const description = [vehicleText(state), note].filter(Boolean).join(' · ');
  return { title, description: description || undefined };
}
