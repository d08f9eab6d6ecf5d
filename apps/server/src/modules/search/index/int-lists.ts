/**
 * A variable-length list of integers per row, all in one growable Int32Array: at 100,000 vehicles
 * one typed array per row cost about 200 bytes of object overhead each, more than the lists.
 * A list replaced by a shorter one is written in place; by a longer one, appended, leaving its old
 * slots as garbage. When the array is full it is compacted (the live lists copied to the front of a
 * new array, of the same size while they fill at most half of it, else twice the size).
 */
export class IntLists {
  private data = new Int32Array(1024);
  private used = 0;
  private garbage = 0;
  private start = new Int32Array(0);
  private length = new Int32Array(0);

  /** The list of a row (a view: read it before the next `set`). */
  get(row: number): Int32Array {
    const n = row < this.length.length ? this.length[row]! : 0;
    return n ? this.data.subarray(this.start[row], this.start[row]! + n) : EMPTY;
  }

  /** Sets a row's list to the first `n` of `values`. */
  set(row: number, values: ArrayLike<number>, n = values.length): void {
    this.ensureRows(row + 1);
    const old = this.length[row]!;
    if (n > old) {
      this.garbage += old;
      if (this.used + n > this.data.length) this.makeRoom(n);
      this.start[row] = this.used;
      this.used += n;
    } else {
      this.garbage += old - n;
    }
    const at = this.start[row]!;
    for (let i = 0; i < n; i++) this.data[at + i] = values[i]!;
    this.length[row] = n;
  }

  private ensureRows(rows: number): void {
    if (rows <= this.start.length) return;
    const size = Math.max(1024, this.start.length * 2, rows);
    const start = new Int32Array(size);
    start.set(this.start);
    const length = new Int32Array(size);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  /** Copies the live lists into a new array with room for `needed` more: the same size, or doubled when over half would be in use. */
  private makeRoom(needed: number): void {
    const live = this.used - this.garbage;
    const size = Math.max(this.data.length, 1024);
    const capacity = live + needed <= size / 2 ? size : Math.max(size * 2, live + needed);
    const data = new Int32Array(capacity);
    let at = 0;
    for (let row = 0; row < this.length.length; row++) {
      const n = this.length[row]!;
      if (!n) continue;
      data.set(this.data.subarray(this.start[row], this.start[row]! + n), at);
      this.start[row] = at;
      at += n;
    }
    this.data = data;
    this.used = at;
    this.garbage = 0;
  }
}

const EMPTY = new Int32Array(0);
