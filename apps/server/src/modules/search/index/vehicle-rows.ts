import { Dictionary } from './dictionary';
import type { CardFields, IndexedVehicle } from './index-types';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The row store: one row per live vehicle, its filter and sort fields in typed arrays (a search
 * reads them in one pass) and its card fields as plain values. A row is a small integer; a removed
 * vehicle's row goes to the next new one. Make and color are dictionary ids (facets show the
 * spelling as stored, filters compare lower-cased).
 */
export class VehicleRows {
  capacity = 0;
  /** Rows in use are below `rowCount`; freed rows are reused. */
  rowCount = 0;
  liveCount = 0;
  private readonly freeRows: number[] = [];
  private readonly rowOfId = new Map<string, number>();

  live = new Uint8Array(0);
  typeId = new Int32Array(0);
  categoryId = new Int32Array(0);
  make = new Int32Array(0);
  color = new Int32Array(0);
  fuel = new Uint8Array(0);
  price = new Int32Array(0);
  year = new Int32Array(0);
  starsTotal = new Int32Array(0);
  reviewCount = new Int32Array(0);
  created = new Float64Array(0);
  readonly ids: string[] = [];
  private readonly models: string[] = [];
  private readonly descriptions: string[] = [];
  private readonly owners: string[] = [];
  private readonly images: (string | null)[] = [];

  readonly makes = new Dictionary();
  readonly colors = new Dictionary();
  private readonly makeLower: string[] = [];
  private readonly colorLower: string[] = [];

  /** @param onGrow called with the new capacity whenever the columns grow (row-indexed buffers elsewhere follow). */
  constructor(private readonly onGrow: (capacity: number) => void) {}

  rowOf(id: string): number | undefined {
    return this.rowOfId.get(id);
  }

  /** A row for a vehicle not yet held (its fields are written by `write`). */
  addRow(id: string): number {
    const row = this.freeRows.pop() ?? this.rowCount++;
    this.ensureCapacity(row + 1);
    this.rowOfId.set(id, row);
    this.liveCount++;
    return row;
  }

  write(row: number, v: IndexedVehicle): void {
    this.live[row] = 1;
    this.ids[row] = v.id;
    this.typeId[row] = v.typeId;
    this.categoryId[row] = v.categoryId;
    this.make[row] = this.valueId(this.makes, this.makeLower, v.make);
    this.color[row] = this.valueId(this.colors, this.colorLower, v.color);
    this.fuel[row] = v.fuelType;
    this.price[row] = v.priceCents;
    this.year[row] = v.year;
    this.starsTotal[row] = v.starsTotal;
    this.reviewCount[row] = v.reviewCount;
    this.created[row] = v.createdAtMs;
    this.models[row] = v.model;
    this.descriptions[row] = v.description;
    this.owners[row] = v.ownerName;
    this.images[row] = v.imageURL;
  }

  /** Frees a vehicle's row (its id and make/model stay readable until the row is reused). */
  removeRow(id: string, row: number): void {
    this.live[row] = 0;
    this.descriptions[row] = '';
    this.rowOfId.delete(id);
    this.freeRows.push(row);
    this.liveCount--;
  }

  /** Ids of every vehicle held. */
  heldIds(): string[] {
    return [...this.rowOfId.keys()];
  }

  liveRows(): Int32Array {
    const rows = new Int32Array(this.liveCount);
    let n = 0;
    for (let r = 0; r < this.rowCount; r++) if (this.live[r]) rows[n++] = r;
    return rows;
  }

  /** Flags by make id of the makes whose lower-case form is selected; empty when none is selected (any make). */
  makeFlags(selected: readonly string[]): Uint8Array {
    return flagsOf(selected, this.makeLower);
  }

  /** As `makeFlags`, for colors. */
  colorFlags(selected: readonly string[]): Uint8Array {
    return flagsOf(selected, this.colorLower);
  }

  compareIds(a: number, b: number): number {
    return compareText(this.ids[a]!, this.ids[b]!);
  }

  compareMakeModel(a: number, b: number): number {
    return (
      compareText(this.makes.values[this.make[a]!]!, this.makes.values[this.make[b]!]!) || compareText(this.models[a]!, this.models[b]!)
    );
  }

  cardFields(row: number, typeName: string, categoryName: string): CardFields {
    return {
      id: this.ids[row]!,
      make: this.makes.values[this.make[row]!]!,
      model: this.models[row]!,
      vehicleType: typeName,
      vehicleTypeCategory: categoryName,
      yearOfProduction: this.year[row]!,
      priceCents: this.price[row]!,
      fuelType: this.fuel[row]!,
      imageURL: this.images[row] ?? null,
      description: this.descriptions[row]!,
      ownerName: this.owners[row]!,
      starsTotal: this.starsTotal[row]!,
      reviewCount: this.reviewCount[row]!,
    };
  }

  private valueId(dictionary: Dictionary, lower: string[], value: string): number {
    const id = dictionary.idOf(value);
    if (id === lower.length) lower.push(value.toLowerCase());
    return id;
  }

  private ensureCapacity(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(1024, this.capacity * 2, rows);
    this.live = grown(this.live, new Uint8Array(capacity));
    this.typeId = grown(this.typeId, new Int32Array(capacity));
    this.categoryId = grown(this.categoryId, new Int32Array(capacity));
    this.make = grown(this.make, new Int32Array(capacity));
    this.color = grown(this.color, new Int32Array(capacity));
    this.fuel = grown(this.fuel, new Uint8Array(capacity));
    this.price = grown(this.price, new Int32Array(capacity));
    this.year = grown(this.year, new Int32Array(capacity));
    this.starsTotal = grown(this.starsTotal, new Int32Array(capacity));
    this.reviewCount = grown(this.reviewCount, new Int32Array(capacity));
    this.created = grown(this.created, new Float64Array(capacity));
    this.capacity = capacity;
    this.onGrow(capacity);
  }
}

function grown<T extends Uint8Array | Int32Array | Float64Array>(old: T, next: T): T {
  next.set(old);
  return next;
}

function flagsOf(selected: readonly string[], lower: readonly string[]): Uint8Array {
  if (!selected.length) return NO_FLAGS;
  const wanted = new Set(selected);
  const flags = new Uint8Array(lower.length);
  for (let id = 0; id < lower.length; id++) if (wanted.has(lower[id]!)) flags[id] = 1;
  return flags;
}

const NO_FLAGS = new Uint8Array(0);
