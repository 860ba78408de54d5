import { UPLOAD_TEXT } from '@contracts/upload';
import { describe, expect, it } from 'vitest';
import { freshWizardState } from '../wizard-state';
import { DEFERRED_DECODE_TEXT, decodeStateOf, decodeToast, decodeWords, vehicleText } from './decode-state';

const VIN = '2T1BURHEXJC043821';
const offline = {
  ...freshWizardState('vin'),
  vin: VIN,
  decodedVin: VIN,
  decodeSource: 'offline' as const,
  year: '2018',
  make: 'Toyota',
};

describe('the decode, said one way', () => {
  it('reads where the decode stands from the wizard state alone', () => {
    expect(decodeStateOf({ ...offline, vin: VIN.slice(0, 10) })).toEqual({ status: 'none' });
    expect(decodeStateOf({ ...offline, decodedVin: null })).toEqual({ status: 'none' });
    expect(decodeStateOf({ ...offline, decodedVin: null }, true)).toEqual({ status: 'pending' });
    expect(decodeStateOf(offline)).toEqual({ status: 'decoded', source: 'offline' });
    expect(decodeStateOf({ ...offline, decodeSource: 'vpic' })).toEqual({
      status: 'decoded',
      source: 'vpic',
    });
    expect(decodeStateOf({ ...offline, decodeSource: null })).toEqual({ status: 'failed' });
    // Decoded for another VIN: this one is not decoded (the step decodes it again).
    expect(decodeStateOf({ ...offline, decodedVin: '1HGCM82633A004352' })).toEqual({ status: 'none' });
  });

  it('gives the toast the words the status box and the summary use', () => {
    expect(decodeToast(offline)).toEqual({
      title: UPLOAD_TEXT.vinDecoded,
      description: `2018 Toyota · ${UPLOAD_TEXT.decodedOffline}`,
    });
    expect(decodeWords(decodeStateOf(offline))).toEqual({
      title: UPLOAD_TEXT.vinDecoded,
      note: UPLOAD_TEXT.decodedOffline,
    });
    const vpic = { ...offline, decodeSource: 'vpic' as const, model: 'Camry', trim: 'LE' };
    expect(decodeToast(vpic)).toEqual({ title: UPLOAD_TEXT.vinDecoded, description: '2018 Toyota Camry LE' });
    expect(decodeWords(decodeStateOf(vpic)).note).toBeNull();
    const failed = { ...offline, decodeSource: null, year: '', make: '' };
    expect(decodeToast(failed)).toEqual({ title: UPLOAD_TEXT.vinDecodeFailed, description: undefined });
    // "Not decoded" only where no decode answered for this VIN, never beside "VIN Decoded".
    expect(decodeWords({ status: 'none' }).title).toBe(UPLOAD_TEXT.notDecoded);
    for (const state of [offline, vpic, failed]) {
      expect(decodeToast(state).title).toBe(decodeWords(decodeStateOf(state)).title);
    }
  });

  it('says a decode put off for want of a signal the same way in the toast, the status and the summary', () => {
    const noSignal = { ...offline, decodeSource: null, decodeDeferred: true, year: '', make: '' };
    expect(decodeStateOf(noSignal)).toEqual({ status: 'deferred' });
    expect(decodeToast(noSignal)).toEqual({
      title: DEFERRED_DECODE_TEXT.title,
      description: DEFERRED_DECODE_TEXT.note,
    });
    expect(decodeWords(decodeStateOf(noSignal))).toEqual(DEFERRED_DECODE_TEXT);
    // Only for the VIN it was put off for; a server that answered "failed" is not "no signal".
    expect(decodeStateOf({ ...noSignal, decodedVin: null })).toEqual({ status: 'none' });
    expect(decodeStateOf({ ...noSignal, decodeDeferred: false })).toEqual({ status: 'failed' });
  });

  it('names the vehicle from the fields as entered', () => {
    expect(vehicleText({ year: '2018', make: ' Toyota ', model: '', trim: 'LE' })).toBe('2018 Toyota LE');
    expect(vehicleText({ year: '', make: '', model: '', trim: '' })).toBe('');
  });
});
