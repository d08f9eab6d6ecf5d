import { Dictionary } from './dictionary';
import type { IndexedProperty } from './index-types';

/**
 * Property values of every row as pair ids (a pair is one property with one value), in one flat
 * array: row r's pairs are at [r * stride, (r + 1) * stride), 0 for an empty slot, so the scan reads
 * them without chasing a pointer per row. The stride is the most properties any row has had.
 */
export class PropertyPairs {
  slots = new Int32Array(0);
  stride = 0;
  private capacity = 0;
  /** Pair id by `${propertyId}\0${value}`; pair 0 is the empty slot (never accepted, never counted). */
  private readonly pairs = new Dictionary();
  private readonly pairProperty: string[] = [];
  private readonly pairValue: string[] = [];
  private readonly propertyIds = new Dictionary();
  /** Property (id in `propertyIds`) of each pair, by pair id. */
  propertyOfPair = new Int32Array(16);

  constructor() {
    this.pairId('', '');
  }

  get pairCount(): number {
    return this.pairs.size;
  }

  grow(capacity: number): void {
    const slots = new Int32Array(capacity * this.stride);
    slots.set(this.slots);
    this.slots = slots;
    this.capacity = capacity;
  }

  /** Writes a row's pairs, widening every row's slots when this one has more properties. */
  set(row: number, rowCount: number, properties: readonly { propertyId: string; value: string }[]): void {
    const pairs = properties.map((p) => this.pairId(p.propertyId.toLowerCase(), p.value));
    if (pairs.length > this.stride) {
      const stride = pairs.length;
      const slots = new Int32Array(this.capacity * stride);
      for (let r = 0; r < rowCount; r++) {
        for (let q = 0; q < this.stride; q++) slots[r * stride + q] = this.slots[r * this.stride + q]!;
      }
      this.slots = slots;
      this.stride = stride;
    }
    const base = row * this.stride;
    for (let q = 0; q < this.stride; q++) this.slots[base + q] = pairs[q] ?? 0;
  }

  clear(row: number): void {
    this.slots.fill(0, row * this.stride, (row + 1) * this.stride);
  }

  /** Flags by pair id of the accepted values of one property filter (property id lower-case). */
  accepted(propertyId: string, values: readonly string[]): Uint8Array {
    const flags = new Uint8Array(this.pairs.size);
    for (const value of values) {
      const id = this.pairs.find(`${propertyId}\u0000${value}`);
      if (id !== undefined) flags[id] = 1;
    }
    return flags;
  }

  /** Flags by pair id of the pairs of these properties. */
  pairsOf(properties: readonly IndexedProperty[]): Uint8Array {
    const wanted = new Set(properties.map((p) => p.id));
    const flags = new Uint8Array(this.pairs.size);
    for (let id = 1; id < this.pairs.size; id++) if (wanted.has(this.pairProperty[id]!)) flags[id] = 1;
    return flags;
  }

  /** The property's id in `propertyOfPair` (lower-case id), or -1 when no row has it. */
  propertyIndex(propertyId: string): number {
    return this.propertyIds.find(propertyId) ?? -1;
  }

  propertyIdOf(pair: number): string {
    return this.pairProperty[pair]!;
  }

  valueOf(pair: number): string {
    return this.pairValue[pair]!;
  }

  private pairId(propertyId: string, value: string): number {
    const id = this.pairs.idOf(`${propertyId}\u0000${value}`);
    if (id === this.pairProperty.length) {
      this.pairProperty.push(propertyId);
      this.pairValue.push(value);
      if (id >= this.propertyOfPair.length) {
        const grown = new Int32Array(this.propertyOfPair.length * 2);
        grown.set(this.propertyOfPair);
        this.propertyOfPair = grown;
      }
      this.propertyOfPair[id] = this.propertyIds.idOf(propertyId);
    }
    return id;
  }
}
