import { describe, expect, it } from 'vitest';
import { meanStars, starCounts, starKinds } from './stars';

describe('star display', () => {
  it('shows floor(rating) full stars and the rest empty for whole ratings', () => {
    expect(starCounts(3)).toEqual({ full: 3, half: 0, empty: 2 });
    expect(starCounts(0)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(starCounts(5)).toEqual({ full: 5, half: 0, empty: 0 });
  });

  it('adds one half star when the remainder is 0.5 or more', () => {
    expect(starCounts(3.5)).toEqual({ full: 3, half: 1, empty: 1 });
    expect(starCounts(4.75)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starCounts(0.5)).toEqual({ full: 0, half: 1, empty: 4 });
  });

  it('shows no half star when the remainder is below 0.5', () => {
    expect(starCounts(3.49)).toEqual({ full: 3, half: 0, empty: 2 });
    expect(starCounts(2.2)).toEqual({ full: 2, half: 0, empty: 3 });
  });

  it('never shows more than five stars or fewer than zero', () => {
    expect(starCounts(7.5)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starCounts(-1)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(starCounts(Number.NaN)).toEqual({ full: 0, half: 0, empty: 5 });
  });

  it('lists the stars in order', () => {
    expect(starKinds(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starKinds(1)).toHaveLength(5);
  });
});

describe('mean stars', () => {
  it('is the mean of the reviews to two decimals', () => {
    expect(meanStars(9, 2)).toBe(4.5);
    expect(meanStars(13, 3)).toBe(4.33);
    expect(meanStars(14, 3)).toBe(4.67);
  });

  it('is 0 before the first review', () => {
    expect(meanStars(0, 0)).toBe(0);
  });
});
