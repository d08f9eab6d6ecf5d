/** Star display: full = floor(rating); one half when the remainder is 0.5 or more; the rest empty; five at most. */
export const MAX_STARS = 5;

/**
 * A vehicle's rating: the mean of its reviews' stars to two decimals, 0 before the first review.
 * Kept as a running total and count on the vehicle, so no request averages the reviews again.
 */
export function meanStars(starsTotal: number, reviewCount: number): number {
  return reviewCount > 0 ? Math.round((starsTotal / reviewCount) * 100) / 100 : 0;
}

export type StarKind = 'full' | 'half' | 'empty';

export interface StarCounts {
  full: number;
  half: 0 | 1;
  empty: number;
}

export function starCounts(rating: number): StarCounts {
  const clamped = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), MAX_STARS) : 0;
  const full = Math.floor(clamped);
  const half: 0 | 1 = full < MAX_STARS && clamped - full >= 0.5 ? 1 : 0;
  return { full, half, empty: MAX_STARS - full - half };
}

/** The five stars in order, e.g. 3.5 -> full, full, full, half, empty. */
export function starKinds(rating: number): StarKind[] {
  const { full, half, empty } = starCounts(rating);
  return [...Array<StarKind>(full).fill('full'), ...Array<StarKind>(half).fill('half'), ...Array<StarKind>(empty).fill('empty')];
}
