/** Gallery previous/next wrap around: step from `index` by `delta` within `count`. */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
