import type { FuelItem, VehicleType } from '@rentdrive/contracts/catalogue';

/**
 * The fuels a vehicle of this type may have: the type's available fuels (what its listings use,
 * which the server also enforces). A type nobody lists yet has none and accepts every fuel; an edited
 * vehicle keeps its own fuel on offer.
 */
export function fuelsOfType(type: VehicleType | undefined, allFuels: FuelItem[], currentFuel?: string): FuelItem[] {
  if (!type) return [];
  if (type.availableFuels.length === 0) return allFuels;
  const offered = new Set<string>(type.availableFuels.map((f) => f.name));
  if (currentFuel) offered.add(currentFuel);
  return allFuels.filter((f) => offered.has(f.name));
}
