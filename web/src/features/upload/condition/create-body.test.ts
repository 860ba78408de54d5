import { NO_TIRES } from '@contracts/condition-report';
import { describe, expect, it } from 'vitest';
import { freshWizardState } from '../wizard-state';
import { conditionReportOf, vehicleBody } from './create-body';

const video = { url: '/media/videos/a.mp4', thumbnailUrl: null, name: 'a.mp4', size: 10 };

describe('the create body', () => {
  it('needs the video', () => {
    expect(vehicleBody(freshWizardState('condition'), [], () => null)).toBeNull();
  });
  it('leaves photos and report out when nothing was entered (no grade rather than a 5.0)', () => {
    const body = vehicleBody({ ...freshWizardState('condition'), vin: 'V', video }, [], () => null);
    expect(body).toEqual({
      vin: 'V',
      videos: [video.url],
      videoThumbnails: [],
      year: undefined,
      make: undefined,
      model: undefined,
      trim: undefined,
    });
  });
  it('sends the photos in order and the report with damage photos as ids', () => {
    const state = {
      ...freshWizardState('condition'),
      vin: 'V',
      year: '2005',
      video,
      condition: {
        damage: [
          { panel: 'hood', type: 'dent', size: 'large', photoKey: 'k2', note: '  hail ' },
          { panel: 'roof', type: 'rust', size: 'small', photoKey: 'gone', note: '' },
        ],
        tires: { ...NO_TIRES, lf: 3 },
        warningLights: ['P0420'],
      },
    } as const;
    const ids: Record<string, number> = { k2: 12 };
    const body = vehicleBody(
      {
        ...state,
        condition: {
          ...state.condition,
          damage: [...state.condition.damage],
          warningLights: [...state.condition.warningLights],
        },
      },
      [{ id: 11, kind: 'front_left' }],
      (k) => ids[k] ?? null,
    );
    expect(body?.year).toBe(2005);
    expect(body?.photos).toEqual([{ id: 11, kind: 'front_left' }]);
    expect(body?.conditionReport).toEqual({
      damage: [
        { panel: 'hood', type: 'dent', size: 'large', photoId: 12, note: 'hail' },
        { panel: 'roof', type: 'rust', size: 'small', photoId: null, note: null },
      ],
      tires: { lf: 3, rf: null, lr: null, rr: null },
      warningLights: ['P0420'],
    });
  });
  it('sends the mileage as typed (commas dropped) and why a wrong check digit is right', () => {
    const body = vehicleBody(
      {
        ...freshWizardState('condition'),
        vin: '2T1BURHE1JC043821',
        video,
        mileage: '48,210',
        vinOverride: 'pre-1981',
      },
      [],
      () => null,
    );
    expect(body).toMatchObject({ mileage: 48_210, vinCheckDigitOverride: 'pre-1981' });
    const blank = vehicleBody(
      { ...freshWizardState('condition'), vin: 'V', video, mileage: ' ' },
      [],
      () => null,
    );
    expect(blank).not.toHaveProperty('mileage');
    expect(blank).not.toHaveProperty('vinCheckDigitOverride');
  });
  it('maps a draft with only tires', () => {
    expect(
      conditionReportOf({ damage: [], tires: { ...NO_TIRES, rr: 2 }, warningLights: [] }, () => null).tires
        .rr,
    ).toBe(2);
  });
});
