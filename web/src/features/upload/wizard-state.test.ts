import { describe, expect, it } from 'vitest';
import { freshWizardState, loadWizardState, saveWizardState, WIZARD_STORAGE_KEY } from './wizard-state';

/** The browser's Storage, in memory (sessionStorage in the app). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const entered = {
  ...freshWizardState('video'),
  vin: '2T1BURHE1JC043821',
  vinOverride: 'non-north-american' as const,
  decodedVin: '2T1BURHE1JC043821',
  decodeSource: 'offline' as const,
  year: '2018',
  make: 'Toyota',
  mileage: '48,210',
  pendingVideo: { name: 'walkaround.mp4', size: 6_291_456 },
};

describe('the wizard kept across a reload', () => {
  it('comes back at the same step with everything entered, at every step until the queue', () => {
    for (const step of ['vin', 'video', 'photos', 'condition', 'recon'] as const) {
      const storage = memoryStorage();
      const state = {
        ...entered,
        step,
        condition: {
          ...entered.condition,
          damage: [{ panel: 'hood', type: 'dent', size: 'large', photoKey: null, note: '' }],
        },
        recon: { exterior: '', mechanical: 'Check engine light on', interior: '' },
      } as const;
      saveWizardState(storage, {
        ...state,
        condition: { ...state.condition, damage: [...state.condition.damage] },
      });
      expect(loadWizardState(storage)).toEqual(state);
    }
  });

  it('keeps the rest when one stored field no longer reads', () => {
    const storage = memoryStorage();
    saveWizardState(storage, entered);
    const stored = JSON.parse(storage.items.get(WIZARD_STORAGE_KEY) ?? '{}');
    storage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ ...stored, photos: [{ broken: true }], mileage: 7 }),
    );
    const loaded = loadWizardState(storage);
    expect(loaded).toMatchObject({ step: 'video', vin: entered.vin, year: '2018', make: 'Toyota' });
    expect(loaded.photos).toEqual([]);
    expect(loaded.mileage).toBe('');
    // A draft from before the mileage and the check-digit reason existed still reads.
    const { mileage: _m, vinOverride: _o, ...older } = stored;
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(older));
    expect(loadWizardState(storage)).toMatchObject({
      step: 'video',
      vin: entered.vin,
      mileage: '',
      vinOverride: null,
    });
  });

  it('keeps nothing before the VIN step and once the vehicle is in the queue', () => {
    const storage = memoryStorage();
    saveWizardState(storage, entered);
    saveWizardState(storage, { ...entered, step: 'complete', vehicleId: 7 });
    expect(storage.items.size).toBe(0);
    saveWizardState(storage, entered);
    saveWizardState(storage, freshWizardState('password'));
    expect(storage.items.size).toBe(0);
    expect(loadWizardState(storage).step).toBeNull();
    storage.setItem(WIZARD_STORAGE_KEY, '{not json');
    expect(loadWizardState(storage).vin).toBe('');
  });
});
