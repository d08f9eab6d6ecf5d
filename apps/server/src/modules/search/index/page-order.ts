import type { SearchSort } from '@rentdrive/contracts/search';
import { selectNth } from './select-nth';

/** What a sort reads, by row. */
export interface SortColumns {
  price: Int32Array;
  year: Int32Array;
  created: Float64Array;
  starsTotal: Int32Array;
  reviewCount: Int32Array;
  /** Text rank of the rows the last text query matched. */
  rank: Float64Array;
  /** Position of each row in id order, and in (make, model, id) order. */
  idPos: Int32Array;
  namePos: Int32Array;
  /** Km from the search's point by row (the 'distance' sort; issue 26). */
  distance: Float64Array;
}

/**
 * The sort order as one number per row, written into `keys[0..count)` for `rows`: rows are ordered
 * by key, then by id. Where many rows would tie on what the user sorted by (the same price, no
 * reviews, the same text score), the tie-breaker is folded into the key, so a page is found by key
 * alone. Mean stars and text scores are rounded (to 1e-4 stars, 1e-6 points) so that key and order
 * agree exactly; nobody sees that difference. One loop per sort: no call per row.
 */
export function fillSortKeys(
  c: SortColumns,
  sort: SearchSort,
  hasText: boolean,
  rows: Int32Array,
  count: number,
  keys: Float64Array,
): void {
  const { price, year, created, starsTotal, reviewCount, rank, idPos, namePos, distance } = c;
  const POS = 2 ** 24;
  const order = sort === 'relevance' && !hasText ? 'newest' : sort;
  switch (order) {
    case 'price-asc':
      for (let i = 0; i < count; i++) keys[i] = price[rows[i]!]! * POS + idPos[rows[i]!]!;
      return;
    case 'price-desc':
      for (let i = 0; i < count; i++) keys[i] = -price[rows[i]!]! * POS + idPos[rows[i]!]!;
      return;
    case 'year-desc':
      for (let i = 0; i < count; i++) keys[i] = -year[rows[i]!]! * 2 ** 30 + price[rows[i]!]!;
      return;
    case 'rating-desc':
      for (let i = 0; i < count; i++) {
        const r = rows[i]!;
        const n = reviewCount[r]!;
        const stars = n > 0 ? Math.round((starsTotal[r]! / n) * 1e4) : -1;
        keys[i] = -(stars * 8192 + Math.min(n, 8191)) * POS + idPos[r]!;
      }
      return;
    case 'newest':
      for (let i = 0; i < count; i++) keys[i] = -created[rows[i]!]!;
      return;
    case 'relevance':
      for (let i = 0; i < count; i++) keys[i] = -Math.round(rank[rows[i]!]! * 1e6) * POS + namePos[rows[i]!]!;
      return;
    case 'distance':
      // Metres (at most 20,000 km, so the key stays an exact integer below 2^53), then id.
      for (let i = 0; i < count; i++) keys[i] = Math.round(Math.min(distance[rows[i]!]!, 1e5) * 1000) * POS + idPos[rows[i]!]!;
      return;
  }
}

/**
 * Rows [start, end) of `rows[0..count)` in sort order (by key, then id). Small sets are sorted
 * whole; otherwise the end-th smallest key is found by quickselect (linear on average) and only the
 * rows up to it are sorted: a first page of 50,000 matches sorts a few dozen rows. `keys` and
 * `scratch` hold at least `count` numbers (reused buffers).
 */
export function pageRows(
  c: SortColumns,
  sort: SearchSort,
  hasText: boolean,
  rows: Int32Array,
  count: number,
  range: { start: number; end: number },
  buffers: { keys: Float64Array; scratch: Float64Array },
): number[] {
  const { start, end } = range;
  if (end <= start) return [];
  const { idPos } = c;
  const { keys } = buffers;
  fillSortKeys(c, sort, hasText, rows, count, keys);
  const picked: number[] = [];
  if (count <= 2048 || end * 4 >= count) for (let i = 0; i < count; i++) picked.push(i);
  else {
    const scratch = buffers.scratch.subarray(0, count);
    scratch.set(keys.subarray(0, count));
    const threshold = selectNth(scratch, end - 1);
    for (let i = 0; i < count; i++) if (keys[i]! <= threshold) picked.push(i);
  }
  picked.sort((a, b) => keys[a]! - keys[b]! || idPos[rows[a]!]! - idPos[rows[b]!]!);
  return picked.slice(start, end).map((i) => rows[i]!);
}
