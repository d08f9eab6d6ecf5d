import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { IndexedCatalogue, IndexedVehicle, IndexSink } from '../index/index-types';

/** An IndexSink that keeps what it is told (the test double of the vehicle index). */
export class RecordingSink implements IndexSink {
  readonly vehicles = new Map<string, IndexedVehicle>();
  catalogue: IndexedCatalogue | undefined;
  clears = 0;
  /** Every upsert and remove, by vehicle id, in order. */
  readonly log: { op: 'upsert' | 'remove'; id: string }[] = [];

  upsert(vehicle: IndexedVehicle): void {
    this.log.push({ op: 'upsert', id: vehicle.id });
    if (vehicle.live) this.vehicles.set(vehicle.id, vehicle);
    else this.vehicles.delete(vehicle.id);
  }
  remove(id: string): void {
    this.log.push({ op: 'remove', id });
    this.vehicles.delete(id);
  }
  setCatalogue(catalogue: IndexedCatalogue): void {
    this.catalogue = catalogue;
  }
  clear(): void {
    this.clears++;
    this.vehicles.clear();
    this.catalogue = undefined;
  }
  /** How many times the vehicle was upserted or removed. */
  touches(id: string): number {
    return this.log.filter((e) => e.id === id).length;
  }
}

/** Property values of an indexed vehicle as propertyId -> value. */
export function propertiesOf(vehicle: IndexedVehicle | undefined): Record<string, string> {
  return Object.fromEntries((vehicle?.properties ?? []).map((p) => [p.propertyId, p.value]));
}

/** Rows of a raw statement (PGlite and node-postgres both answer { rows }). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
