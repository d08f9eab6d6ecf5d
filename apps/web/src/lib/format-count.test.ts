import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('counts with thousands separators', () => {
  it('writes counts as English does', () => {
    for (const count of [0, 1, 7, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -999_999]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en'));
    }
  });

  it('leaves numbers that are not whole as they are', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
