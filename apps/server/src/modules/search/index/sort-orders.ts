import type { SearchSort } from '@rentdrive/contracts/search';
import { pageRows } from './page-order';
import { RowOrder } from './row-order';
import type { VehicleRows } from './vehicle-rows';

/**
 * The orders of a page: the tie-breakers every sort uses (rows by id, and by make, model, id, kept
 * as integer positions), and the page itself (page-order.ts) with its reused key buffers.
 */
export class SortOrders {
  private readonly byId: RowOrder;
  private readonly byName: RowOrder;
  private keyBuffer = new Float64Array(0);
  private selectBuffer = new Float64Array(0);

  constructor(private readonly rows: VehicleRows) {
    this.byId = new RowOrder((a, b) => rows.compareIds(a, b));
    this.byName = new RowOrder((a, b) => rows.compareMakeModel(a, b) || rows.compareIds(a, b));
  }

  grow(capacity: number): void {
    this.keyBuffer = new Float64Array(capacity);
    this.selectBuffer = new Float64Array(capacity);
    this.byId.grow(capacity);
    this.byName.grow(capacity);
  }

  /** Places a row whose fields are written (no-op until the orders are built). */
  insert(row: number): void {
    this.byId.insert(row);
    this.byName.insert(row);
  }

  /** Takes a row out before its fields change or it is removed. */
  remove(row: number): void {
    this.byId.remove(row);
    this.byName.remove(row);
  }

  /** Forgets the orders (a full load follows; one sort at its end is cheaper than keeping them row by row). */
  reset(): void {
    this.byId.reset();
    this.byName.reset();
  }

  /** Builds the orders by one sort of every live row when they are missing. */
  ensureBuilt(): void {
    if (this.byId.isBuilt && this.byName.isBuilt) return;
    const live = Array.from(this.rows.liveRows());
    this.byId.build(live, this.rows.capacity);
    this.byName.build(live, this.rows.capacity);
  }

  /** `rows` sorted by make, model, id. */
  byMakeModel(rows: Int32Array): number[] {
    this.ensureBuilt();
    const position = this.byName.positions;
    return Array.from(rows).sort((a, b) => position[a]! - position[b]!);
  }

  /** Rows [start, end) of `rows[0..count)` in the sort's order; `rank` is the text rank by row. */
  page(
    rows: Int32Array,
    count: number,
    range: { start: number; end: number },
    sort: SearchSort,
    rank: Float64Array | null,
    distance: Float64Array = EMPTY_RANK,
  ): number[] {
    this.ensureBuilt();
    const r = this.rows;
    const columns = {
      price: r.price,
      year: r.year,
      created: r.created,
      starsTotal: r.starsTotal,
      reviewCount: r.reviewCount,
      rank: rank ?? EMPTY_RANK,
      idPos: this.byId.positions,
      namePos: this.byName.positions,
      distance,
    };
    return pageRows(columns, sort, rank !== null, rows, count, range, { keys: this.keyBuffer, scratch: this.selectBuffer });
  }
}

const EMPTY_RANK = new Float64Array(0);
