import { describe, expect, it } from 'vitest';
import { imageSrc } from './image-src';

describe('imageSrc', () => {
  it('serves a relative image path from the root of the app host', () => {
    expect(imageSrc('images/vehicles/a.webp')).toBe('/images/vehicles/a.webp');
  });

  it('keeps absolute, root-relative, protocol-relative, blob: and data: URLs', () => {
    for (const url of [
      'https://cdn.example.com/a.webp',
      '/images/a.webp',
      '//cdn.example.com/a.webp',
      'blob:http://x/1',
      'data:image/png;base64,AA',
    ]) {
      expect(imageSrc(url)).toBe(url);
    }
  });
});
