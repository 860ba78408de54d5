import type { Photo } from '@contracts/condition-report';
import { describe, expect, it } from 'vitest';
import {
  conditionReportOf,
  damageSummary,
  formatGrade,
  formatPoints,
  fullSizeOf,
  galleryPhotos,
  isWornTire,
} from './condition-report';

const photo = (id: number, kind: Photo['kind']): Photo => ({
  id,
  kind,
  width: 1280,
  height: 960,
  placeholder: 'data:image/webp;base64,AAAA',
  src: `/media/photos/p${id}/1280.jpeg`,
  srcset: {
    avif: `/media/photos/p${id}/640.avif 640w`,
    webp: `/media/photos/p${id}/640.webp 640w`,
    jpeg: `/media/photos/p${id}/640.jpeg 640w`,
  },
});

describe('condition report helpers', () => {
  it('gives an empty report to a vehicle that carries none', () => {
    expect(conditionReportOf({ id: 1 })).toEqual({
      photos: [],
      damage: [],
      tires: { lf: null, rf: null, lr: null, rr: null },
      warningLights: [],
      grade: null,
      gradeDeductions: [],
    });
  });

  it('formats grades and points with one decimal', () => {
    expect(formatGrade(5)).toBe('5.0');
    expect(formatGrade(4.3)).toBe('4.3');
    expect(formatPoints(0.2)).toBe('−0.2');
  });

  it('opens a photo at full size: the largest JPEG of its srcset', () => {
    const wide = {
      ...photo(7, 'damage'),
      srcset: { ...photo(7, 'damage').srcset, jpeg: '/p/640.jpeg 640w, /p/2048.jpeg 2048w' },
    };
    expect(fullSizeOf(wide)).toBe('/p/2048.jpeg');
    expect(fullSizeOf({ ...wide, srcset: { ...wide.srcset, jpeg: '' } })).toBe('/media/photos/p7/1280.jpeg');
  });

  it('marks a tire worn under 4/32 only', () => {
    expect(isWornTire(null)).toBe(false);
    expect(isWornTire(3)).toBe(true);
    expect(isWornTire(4)).toBe(false);
  });

  it('orders the gallery: guided and extra photos first, then damage photos in damage-list order', () => {
    const photos = [
      photo(1, 'front_left'),
      photo(2, 'damage'),
      photo(3, 'rear'),
      photo(4, 'damage'),
      photo(5, 'extra'),
    ];
    const damage = [
      { panel: 'hood', type: 'dent', size: 'large', photoId: 4, note: null },
      { panel: 'rear_bumper', type: 'scratch', size: 'small', photoId: 2, note: 'Parking scuff' },
    ] as const;
    const gallery = galleryPhotos({ photos, damage: [...damage] });
    expect(gallery.map((g) => g.photo.id)).toEqual([1, 3, 5, 4, 2]);
    expect(gallery.map((g) => g.caption)).toEqual([
      'Front ¾ left',
      'Rear',
      'Photo',
      'Dent · > 3 in · Hood',
      'Scratch · < 1 in · Rear bumper',
    ]);
    expect(gallery[3]?.damage?.panel).toBe('hood');
    expect(damageSummary(damage[1])).toBe('Scratch · < 1 in · Rear bumper');
  });
});
