import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts a UUID in either case', () => {
    expect(isUuid('6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10')).toBe(true);
    expect(isUuid('6F0C3C1E-8A43-4A55-9A6E-2B7F2D1D9B10')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      '42',
      '6f0c3c1e8a434a559a6e2b7f2d1d9b10',
      '6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b1g',
      ' 6f0c3c1e-8a43-4a55-9a6e-2b7f2d1d9b10',
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
