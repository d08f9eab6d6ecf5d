import type { VehicleRows } from './vehicle-rows';

/**
 * The live rows of each type (and of all types, as type -1), the candidates of a search without
 * text: built on first use and dropped whenever a vehicle is added, removed or changes type.
 */
export class RowsByType {
  private readonly lists = new Map<number, Int32Array>();

  constructor(private readonly rows: VehicleRows) {}

  of(typeId: number): Int32Array {
    let list = this.lists.get(typeId);
    if (!list) {
      const { live, typeId: types, rowCount } = this.rows;
      const found: number[] = [];
      for (let r = 0; r < rowCount; r++) if (live[r] && (typeId < 0 || types[r] === typeId)) found.push(r);
      this.lists.set(typeId, (list = Int32Array.from(found)));
    }
    return list;
  }

  clear(): void {
    this.lists.clear();
  }
}
