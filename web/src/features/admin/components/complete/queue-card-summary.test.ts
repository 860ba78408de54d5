import { NO_TIRES } from '@contracts/condition-report-rules';
import { describe, expect, it } from 'vitest';
import { damageParts, photoAlt, thumbnailRow, tiresAndLightsText, tiresText } from './queue-card-summary';

describe('thumbnailRow', () => {
  it('shows nothing after a lone cover, or without photos', () => {
    expect(thumbnailRow(0)).toEqual({ shown: [], more: 0 });
    expect(thumbnailRow(1)).toEqual({ shown: [], more: 0 });
  });

  it('shows every photo after the cover while they fit the row', () => {
    expect(thumbnailRow(3)).toEqual({ shown: [1, 2], more: 0 });
    expect(thumbnailRow(5)).toEqual({ shown: [1, 2, 3, 4], more: 0 });
  });

  it('gives the last tile to "+N" when more photos than tiles follow the cover', () => {
    expect(thumbnailRow(6)).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(thumbnailRow(40)).toEqual({ shown: [1, 2, 3], more: 36 });
  });
});

describe('the card texts', () => {
  it('names the car and the photo position in the alt text', () => {
    expect(photoAlt('2021 Honda Accord', 1, 5, 'Front')).toBe('2021 Honda Accord, photo 2 of 5: Front');
  });

  it('names a damage item as the condition report does: area, type, size', () => {
    expect(damageParts({ panel: 'interior', type: 'scratch', size: 'small' })).toEqual({
      area: 'Interior',
      what: 'Scratch · < 1 in',
    });
  });

  it('sums the tires up in a few words, counting the worn ones', () => {
    expect(tiresText(NO_TIRES)).toBeNull();
    expect(tiresText({ lf: 6, rf: 6, lr: 6, rr: 6 })).toBe('Tires 6/32');
    expect(tiresText({ lf: 4, rf: 4, lr: 3, rr: 3 })).toBe('Tires 3–4/32 (2 worn)');
    expect(tiresText({ lf: 9, rf: null, lr: null, rr: null })).toBe('Tires 9/32');
  });

  it('puts the tires and the warning lights in one line, or nothing when neither is there', () => {
    expect(tiresAndLightsText({ tires: NO_TIRES, warningLights: [] })).toBeNull();
    expect(tiresAndLightsText({ tires: NO_TIRES, warningLights: ['P0420'] })).toBe('Warning light: P0420');
    expect(
      tiresAndLightsText({ tires: { lf: 4, rf: 4, lr: 3, rr: 3 }, warningLights: ['P0420', 'Check engine'] }),
    ).toBe('Tires 3–4/32 (2 worn) · Warning lights: P0420, Check engine');
  });
});
