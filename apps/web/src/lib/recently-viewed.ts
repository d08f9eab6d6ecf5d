/**
 * The vehicles last opened on this device ('Recently viewed' on home): ids in localStorage, newest
 * first, at most RECENTLY_VIEWED_MAX. Removed vehicles are skipped when shown (the server leaves them out).
 */
export const RECENTLY_VIEWED_MAX = 8;
const KEY = 'rentdrive.recentlyViewed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function recentlyViewedIds(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string' && UUID.test(id)).slice(0, RECENTLY_VIEWED_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a vehicle first (once) and keeps the newest RECENTLY_VIEWED_MAX. */
export function recordViewed(vehicleId: string): void {
  if (!UUID.test(vehicleId)) return;
  const next = [vehicleId, ...recentlyViewedIds().filter((id) => id.toLowerCase() !== vehicleId.toLowerCase())].slice(
    0,
    RECENTLY_VIEWED_MAX,
  );
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage refused: nothing is remembered, the page works the same.
  }
}

/** Drops ids the server no longer knows (removed vehicles), so they stop taking a place. */
export function forgetViewed(keep: readonly string[]): void {
  const kept = new Set(keep.map((id) => id.toLowerCase()));
  try {
    localStorage.setItem(KEY, JSON.stringify(recentlyViewedIds().filter((id) => kept.has(id.toLowerCase()))));
  } catch {
    // As above.
  }
}
