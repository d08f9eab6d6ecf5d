/**
 * The position of every row in one fixed order (by id; by make, model, id), kept current as rows
 * come and go: a new row is placed by binary search and the rows after it move up one (one memmove
 * and one pass over the positions, well under a millisecond at 100,000 rows) instead of sorting
 * everything again. Built by one sort on first use (after a full load).
 */
export class RowOrder {
  private sorted = new Int32Array(0);
  private count = 0;
  /** Position by row; meaningful for rows in the order only. */
  positions = new Int32Array(0);
  private built = false;

  constructor(private readonly compare: (a: number, b: number) => number) {}

  get isBuilt(): boolean {
    return this.built;
  }

  /** Sorts these rows (every live row) and takes their order as the current one. */
  build(rows: readonly number[], capacity: number): void {
    const all = [...rows].sort(this.compare);
    this.sorted = new Int32Array(Math.max(capacity, all.length));
    this.sorted.set(all);
    this.count = all.length;
    this.positions = new Int32Array(capacity);
    for (let i = 0; i < all.length; i++) this.positions[all[i]!] = i;
    this.built = true;
  }

  /** Forgets the order (the next use builds it again). */
  reset(): void {
    this.built = false;
    this.count = 0;
  }

  /** Room for rows below `capacity` (the index grew). */
  grow(capacity: number): void {
    if (!this.built || capacity <= this.positions.length) return;
    const positions = new Int32Array(capacity);
    positions.set(this.positions);
    this.positions = positions;
    const sorted = new Int32Array(capacity);
    sorted.set(this.sorted.subarray(0, this.count));
    this.sorted = sorted;
  }

  /** Places a row that is not in the order (its fields already set). */
  insert(row: number): void {
    if (!this.built) return;
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(this.sorted[mid]!, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    this.sorted.copyWithin(lo + 1, lo, this.count);
    this.sorted[lo] = row;
    this.count++;
    for (let i = lo; i < this.count; i++) this.positions[this.sorted[i]!] = i;
  }

  /** Takes a row out of the order (before its fields change or it is removed). */
  remove(row: number): void {
    if (!this.built) return;
    const at = this.positions[row]!;
    if (this.sorted[at] !== row) return;
    this.sorted.copyWithin(at, at + 1, this.count);
    this.count--;
    for (let i = at; i < this.count; i++) this.positions[this.sorted[i]!] = i;
  }
}
