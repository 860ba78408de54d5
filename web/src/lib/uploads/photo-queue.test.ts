import { MAX_PHOTOS } from '@contracts/condition-report';
import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName } from './downscale-photo';
import { fileState, fileTotals } from './file-state';
import { photosLeft, photosToStart, type QueuedPhoto, smallestOf, totalsLabel } from './photo-queue';
import { imageTypeOf } from './photo-upload';

let n = 0;
const photo = (patch: Partial<QueuedPhoto> = {}): QueuedPhoto => ({
  ...fileState('queued', 1000),
  key: `k${++n}`,
  kind: 'extra',
  name: 'p.jpg',
  photoId: null,
  thumbnail: null,
  serverThumbnail: null,
  ...patch,
});

describe('fitWithin (downscale to a long edge of at most 2560 px)', () => {
  it('leaves a photo that fits alone', () => {
    expect(fitWithin(2560, 1920)).toEqual({ width: 2560, height: 1920, scaled: false });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480, scaled: false });
  });
  it('scales a 12 MP landscape photo so the long edge is 2560', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920, scaled: true });
  });
  it('scales a portrait photo by its height', () => {
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: 2560, scaled: true });
  });
  it('keeps the aspect ratio within a pixel and never reaches zero', () => {
    const { width, height } = fitWithin(5000, 3, 2560);
    expect(width).toBe(2560);
    expect(height).toBe(2);
    expect(fitWithin(100_000, 1, 2560).height).toBe(1);
  });
});

describe('photo names and types', () => {
  it('names the re-encoded file .jpg', () => {
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('front.png')).toBe('front.jpg');
    expect(jpegName('.jpg')).toBe('photo.jpg');
  });
  it('falls back to the extension when the picker gives no type', () => {
    expect(imageTypeOf({ name: 'a.HEIC', type: '' })).toBe('image/heic');
    expect(imageTypeOf({ name: 'a.jpeg', type: '' })).toBe('image/jpeg');
    expect(imageTypeOf({ name: 'a.bin', type: '' })).toBe('');
    expect(imageTypeOf({ name: 'a.jpg', type: 'image/png' })).toBe('image/png');
  });
});

describe('photosToStart (concurrency)', () => {
  it('starts the oldest queued photos up to the limit', () => {
    const items = [photo(), photo(), photo(), photo()];
    expect(photosToStart(items, 3)).toEqual(items.slice(0, 3).map((p) => p.key));
  });
  it('counts the ones already sending; processing and failed ones do not hold a slot', () => {
    const items = [
      photo({ status: 'uploading' }),
      photo({ status: 'uploading' }),
      photo({ status: 'processing' }),
      photo({ status: 'failed' }),
      photo(),
      photo(),
    ];
    expect(photosToStart(items, 3)).toEqual([items[4]?.key]);
    expect(photosToStart(items, 2)).toEqual([]);
  });
});

describe('fileTotals over a photo queue', () => {
  it('adds the bytes of every photo not failed; processed ones count in full', () => {
    const t = fileTotals([
      photo({ status: 'ready', total: 1000 }),
      photo({ status: 'processing', sent: 10, total: 1000 }),
      photo({ status: 'uploading', sent: 500, total: 1000 }),
      photo({ status: 'queued', total: 1000 }),
      photo({ status: 'failed', sent: 900, total: 1000 }),
    ]);
    expect(t).toEqual({ count: 5, ready: 1, failed: 1, pending: 3, sent: 2500, total: 4000, percent: 62 });
    expect(totalsLabel(t)).toBe('1 of 5 photos uploaded · 1 failed');
  });
  it('is 0% when empty', () => {
    expect(fileTotals([]).percent).toBe(0);
    expect(totalsLabel(fileTotals([photo({ status: 'ready' })]))).toBe('1 of 1 photo uploaded');
  });
});

describe('photosLeft (the limit)', () => {
  it('allows MAX_PHOTOS in all', () => {
    expect(photosLeft([])).toBe(MAX_PHOTOS);
    expect(photosLeft(Array.from({ length: 70 }, () => photo()))).toBe(0);
    expect(photosLeft([photo(), photo()], 12)).toBe(10);
  });
});

describe('smallestOf (a srcset string)', () => {
  it('takes the first URL, or the fallback', () => {
    expect(smallestOf('/a/320.jpeg 320w, /a/640.jpeg 640w', '/f.jpeg')).toBe('/a/320.jpeg');
    expect(smallestOf('', '/f.jpeg')).toBe('/f.jpeg');
  });
});
