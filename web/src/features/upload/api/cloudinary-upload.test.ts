import { describe, expect, it } from 'vitest';
import { jpgOf } from './cloudinary-upload';

describe('jpgOf (thumbnail fallback, docs/product.md §7)', () => {
  it('swaps the video extension for .jpg', () => {
    expect(jpgOf('https://res.cloudinary.com/demo/video/upload/v1/vehicle-videos/abc.mp4')).toBe(
      'https://res.cloudinary.com/demo/video/upload/v1/vehicle-videos/abc.jpg',
    );
  });
  it('adds .jpg when the URL has no extension', () => {
    expect(jpgOf('https://res.cloudinary.com/demo/video/upload/abc')).toBe(
      'https://res.cloudinary.com/demo/video/upload/abc.jpg',
    );
  });
});
