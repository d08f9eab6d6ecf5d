import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { Rentals } from '@rentdrive/contracts/rentals';
import { rentalKeys } from './rental-keys';
import type { MyRental } from '@rentdrive/contracts/rentals';

/** GET /api/rental/my-rentals: Active first, then newest booking first. */
export function getMyRentals(signal?: AbortSignal): Promise<MyRental[]> {
  return callApi(Rentals.myRentals, { signal });
}

export const myRentalsQueryOptions = queryOptions({
  queryKey: rentalKeys.mine(),
  queryFn: ({ signal }) => getMyRentals(signal),
});

export function useMyRentals() {
  return useQuery(myRentalsQueryOptions);
}
