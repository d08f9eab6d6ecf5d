import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { RentalPaths } from '@rentdrive/contracts/paths';

/** GET /api/rental/my-rentals: Active first, then newest booking first. */
export function getMyRentals(signal?: AbortSignal): Promise<MyRental[]> {
  return apiFetch<MyRental[]>(RentalPaths.myRentals, { signal });
}

export const myRentalsQueryOptions = queryOptions({
  queryKey: rentalKeys.mine(),
  queryFn: ({ signal }) => getMyRentals(signal),
});

export function useMyRentals() {
  return useQuery(myRentalsQueryOptions);
}
