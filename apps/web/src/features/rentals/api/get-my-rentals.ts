import { queryOptions, useQuery } from '@tanstack/react-query';
import { Rentals } from '@rentdrive/contracts/rentals';
import type { MyRental } from '@rentdrive/contracts/rentals';
import { callApi } from '../../../lib/api-client';
import { rentalKeys } from './rental-keys';

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
