import { useQuery } from '@tanstack/react-query';
import { vehicleTypesQueryOptions } from '../../../lib/reference-data';

export function useVehicleTypes() {
  return useQuery(vehicleTypesQueryOptions);
}
