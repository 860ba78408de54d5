import { DEFAULT_REQUIRED_SHOTS } from '@contracts/required-shots';
import { createVehicleBodySchema } from '@contracts/upload';
import { describe, expect, it } from 'vitest';
import { fileState } from '@/lib/uploads/file-state';
import type { QueuedPhoto } from '@/lib/uploads/photo-queue';
import { vehicleBody } from '../condition/create-body';
import { freshWizardState, loadWizardState, saveWizardState, WIZARD_STORAGE_KEY } from '../wizard-state';
import { nextGuidedShot, shotsStillRequired, skippedShotsOf, vehiclePhotos, withSkip } from './shot-list';
import {
  effectiveRequiredShots,
  lastReadRequiredShots,
  REQUIRED_SHOTS_STORAGE_KEY,
  rememberRequiredShots,
} from './use-required-shots';

let n = 0;
const photo = (patch: Partial<QueuedPhoto> = {}): QueuedPhoto => ({
  ...fileState('ready', 1000),
  key: `k${++n}`,
  kind: 'extra',
  name: 'p.jpg',
  photoId: n,
  thumbnail: null,
  serverThumbnail: null,
  ...patch,
});

/** A storage as the browser's: strings in, strings out. */
const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
};

describe('the photos step holds for required shots', () => {
  it('waits for each required shot neither taken nor skipped with a reason', () => {
    const required = ['front', 'dashboard', 'vin_plate'] as const;
    expect(shotsStillRequired([], required, [])).toEqual(['front', 'dashboard', 'vin_plate']);
    const items = [
      photo({ kind: 'front' }),
      photo({ kind: 'dashboard', status: 'failed', retryable: false }),
    ];
    const skips = [{ kind: 'vin_plate', reason: 'no_access', note: '' }] as const;
    // A photo the server refused is not a taken shot; one still uploading is, and so is one whose
    // upload failed on the signal (it is on the phone, sent on the next try).
    expect(shotsStillRequired(items, required, [...skips])).toEqual(['dashboard']);
    expect(
      shotsStillRequired(
        [...items, photo({ kind: 'dashboard', status: 'failed', retryable: true })],
        required,
        [...skips],
      ),
    ).toEqual([]);
    expect(
      shotsStillRequired([...items, photo({ kind: 'dashboard', status: 'uploading' })], required, [...skips]),
    ).toEqual([]);
  });

  it('records a reasoned skip for the list and the vehicle, an optional one for the list only', () => {
    let state = freshWizardState('photos');
    state = { ...state, ...withSkip(state, 'engine_bay', null) };
    state = { ...state, ...withSkip(state, 'vin_plate', { reason: 'other', note: 'Plate painted over' }) };
    state = { ...state, ...withSkip(state, 'vin_plate', { reason: 'no_access', note: '' }) };
    expect(state.skippedShots).toEqual(['engine_bay', 'vin_plate']);
    expect(state.shotSkips).toEqual([{ kind: 'vin_plate', reason: 'no_access', note: '' }]);
  });

  it('sends the skips of shots not taken after all, with the note only for "Other"', () => {
    const skips = [
      { kind: 'front', reason: 'not_applicable', note: '' },
      { kind: 'vin_plate', reason: 'other', note: ' Plate painted over ' },
      { kind: 'dashboard', reason: 'no_access', note: '' },
    ] as const;
    expect(skippedShotsOf([...skips], [{ kind: 'front' }])).toEqual([
      { kind: 'vin_plate', reason: 'other', note: 'Plate painted over' },
      { kind: 'dashboard', reason: 'no_access' },
    ]);
  });
});

describe('the required list a capture is judged by', () => {
  it('is the server’s when it answers, else the draft’s, else the last read here, else the default', () => {
    expect(effectiveRequiredShots(['front'], ['rear'], ['cargo'])).toEqual(['front']);
    expect(effectiveRequiredShots(undefined, ['rear'], ['cargo'])).toEqual(['rear']);
    expect(effectiveRequiredShots(undefined, null, ['cargo'])).toEqual(['cargo']);
    expect(effectiveRequiredShots(undefined, null, null)).toEqual(DEFAULT_REQUIRED_SHOTS);
    // Nothing required is a list too, not a gap.
    expect(effectiveRequiredShots(undefined, [], ['cargo'])).toEqual([]);
  });

  it('is remembered on the phone, and an unreadable copy is ignored', () => {
    const storage = memoryStorage();
    expect(lastReadRequiredShots(storage)).toBeNull();
    rememberRequiredShots(storage, ['front', 'vin_plate']);
    expect(lastReadRequiredShots(storage)).toEqual(['front', 'vin_plate']);
    storage.setItem(REQUIRED_SHOTS_STORAGE_KEY, '["front","roof_rack"]');
    expect(lastReadRequiredShots(storage)).toBeNull();
    storage.setItem(REQUIRED_SHOTS_STORAGE_KEY, '{not json');
    expect(lastReadRequiredShots(storage)).toBeNull();
    expect(lastReadRequiredShots(null)).toBeNull();
  });

  it('survives a reload in the draft with the reasons', () => {
    const storage = memoryStorage();
    const state = {
      ...freshWizardState('photos'),
      requiredShots: ['front', 'vin_plate'] as ['front', 'vin_plate'],
      ...withSkip(freshWizardState('photos'), 'vin_plate', { reason: 'part_missing', note: '' }),
    };
    saveWizardState(storage, state);
    const loaded = loadWizardState(storage);
    expect(loaded.requiredShots).toEqual(['front', 'vin_plate']);
    expect(loaded.shotSkips).toEqual([{ kind: 'vin_plate', reason: 'part_missing', note: '' }]);
    // A draft from before required shots reads with none judged yet.
    const { requiredShots: _r, shotSkips: _s, ...older } = state;
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(older));
    expect(loadWizardState(storage)).toMatchObject({ requiredShots: null, shotSkips: [], vin: '' });
  });
});

describe('the create body', () => {
  const video = { url: '/media/videos/a.mp4', thumbnailUrl: null, name: 'a.mp4', size: 10 };
  it('carries the skipped shots and the list they were judged by, as the server reads them', () => {
    const base = { ...freshWizardState('condition'), vin: '1G4AH59H45G118341', video };
    const state = {
      ...base,
      requiredShots: ['front', 'vin_plate'] as ['front', 'vin_plate'],
      ...withSkip(base, 'vin_plate', { reason: 'other', note: 'Plate painted over' }),
    };
    const body = vehicleBody(state, [{ id: 4, kind: 'front' }], () => null);
    expect(body?.skippedShots).toEqual([{ kind: 'vin_plate', reason: 'other', note: 'Plate painted over' }]);
    expect(body?.requiredShots).toEqual(['front', 'vin_plate']);
    expect(createVehicleBodySchema.safeParse(body).success).toBe(true);
  });
  it('leaves both out for a draft that never read the list (not judged on shots)', () => {
    const body = vehicleBody({ ...freshWizardState('condition'), vin: 'V', video }, [], () => null);
    expect(body).not.toHaveProperty('skippedShots');
    expect(body).not.toHaveProperty('requiredShots');
  });
});

describe('vehiclePhotos (the order sent on create; first = cover)', () => {
  it('puts guided shots in shot-list order, then the rest in the order added; only ready ones', () => {
    const items = [
      photo({ kind: 'extra', status: 'ready', photoId: 1 }),
      photo({ kind: 'rear', status: 'ready', photoId: 2 }),
      photo({ kind: 'front_left', status: 'ready', photoId: 3 }),
      photo({ kind: 'damage', status: 'ready', photoId: 4 }),
      photo({ kind: 'front', status: 'uploading' }),
      photo({ kind: 'extra', status: 'ready', photoId: 5 }),
    ];
    expect(vehiclePhotos(items)).toEqual([
      { id: 3, kind: 'front_left' },
      { id: 2, kind: 'rear' },
      { id: 1, kind: 'extra' },
      { id: 4, kind: 'damage' },
      { id: 5, kind: 'extra' },
    ]);
  });
});

describe('nextGuidedShot', () => {
  it('walks the shot list, skipping taken and skipped shots; a refused shot is due again', () => {
    expect(nextGuidedShot([], [])).toBe('front_left');
    expect(nextGuidedShot([photo({ kind: 'front_left' })], ['front'])).toBe('front_right');
    expect(nextGuidedShot([photo({ kind: 'front_left', status: 'failed', retryable: false })], [])).toBe(
      'front_left',
    );
    // Its upload lost with the signal: still taken, the list goes on (the photo is not asked again).
    expect(nextGuidedShot([photo({ kind: 'front_left', status: 'failed', retryable: true })], [])).toBe(
      'front',
    );
  });
});
