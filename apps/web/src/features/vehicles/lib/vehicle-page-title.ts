import type { VehicleDetail } from '@rentdrive/contracts/vehicles';

/** A details page's title: what a search result or a browser tab should name ('BMW X5 (2021) for rent'). */
export function vehiclePageTitle(vehicle: Pick<VehicleDetail, 'make' | 'model' | 'dateOfProduction'>): string {
  return `${vehicle.make} ${vehicle.model} (${vehicle.dateOfProduction.slice(0, 4)}) for rent`;
}
