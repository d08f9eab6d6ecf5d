const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
export const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * The booked days of every row (those the change feed sends: from its horizon on) and, per day, the
 * rows booked on it, so that an availability window marks the rows it excludes by visiting its own
 * days only. A search marks them with a stamp (a new number per search) instead of clearing flags.
 */
export class BookedDays {
  private readonly rowsOn = new Map<number, Set<number>>();
  private readonly daysOf: (Int32Array | null)[] = [];
  private stamp = 0;
  /** Per row: the stamp of the last search whose window excluded it. */
  blockedStamp = new Uint32Array(0);

  grow(capacity: number): void {
    const next = new Uint32Array(capacity);
    next.set(this.blockedStamp);
    this.blockedStamp = next;
  }

  set(row: number, days: readonly string[]): void {
    this.clear(row);
    if (!days.length) return;
    const numbers = Int32Array.from(days, dayNumber);
    this.daysOf[row] = numbers;
    for (const day of numbers) {
      let rows = this.rowsOn.get(day);
      if (!rows) this.rowsOn.set(day, (rows = new Set()));
      rows.add(row);
    }
  }

  clear(row: number): void {
    const days = this.daysOf[row];
    if (!days) return;
    for (const day of days) {
      const rows = this.rowsOn.get(day)!;
      rows.delete(row);
      if (!rows.size) this.rowsOn.delete(day);
    }
    this.daysOf[row] = null;
  }

  /**
   * Stamps the rows booked on any day from `from` to `to` (both included) and `alsoBlocked`; answers
   * the stamp (rows whose `blockedStamp` equals it are out).
   */
  markWindow(from: string, to: string, alsoBlocked: readonly number[]): number {
    this.stamp = this.stamp >= 0xfffffffe ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.blockedStamp.fill(0);
    const stamp = this.stamp;
    const last = dayNumber(to);
    for (let day = dayNumber(from); day <= last; day++) {
      const rows = this.rowsOn.get(day);
      if (rows) for (const row of rows) this.blockedStamp[row] = stamp;
    }
    for (const row of alsoBlocked) this.blockedStamp[row] = stamp;
    return stamp;
  }
}
