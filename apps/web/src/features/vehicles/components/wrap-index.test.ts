import { describe, expect, it } from 'vitest';
import { wrapIndex } from './wrap-index';

describe('wrapIndex', () => {
  it('goes from the last image to the first on next', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
  });
  it('goes from the first image to the last on previous', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });
  it('stays at 0 when there are no images', () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
