import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingRulesDto,
  BookingRules as BookingRulesEndpoints,
  RequestAnswers as RequestAnswerEndpoints,
} from '@rentdrive/contracts/booking-rules';
import { BookingRulePaths } from '@rentdrive/contracts/paths/booking-rules';
import { callApi, lazyEndpointFrom } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

/** Issue 27: a vehicle's booking rules, the price quote, the cancel preview and the owner's answer to a request. */

// The schemas (and zod) load with the first call, not with the vehicle page's regions that import
// these hooks (the booking terms, the rent panel): a visitor who only reads the page loads none.
const contract = () => import('@rentdrive/contracts/booking-rules');
const BookingRules = {
  get: lazyEndpointFrom<typeof BookingRulesEndpoints.get>('GET', BookingRulePaths.rules, () => contract().then((m) => m.BookingRules.get)),
  put: lazyEndpointFrom<typeof BookingRulesEndpoints.put>('PUT', BookingRulePaths.rules, () => contract().then((m) => m.BookingRules.put)),
  quote: lazyEndpointFrom<typeof BookingRulesEndpoints.quote>('POST', BookingRulePaths.quote, () =>
    contract().then((m) => m.BookingRules.quote),
  ),
  cancelPreview: lazyEndpointFrom<typeof BookingRulesEndpoints.cancelPreview>('GET', BookingRulePaths.cancelPreview, () =>
    contract().then((m) => m.BookingRules.cancelPreview),
  ),
};
const RequestAnswers = {
  accept: lazyEndpointFrom<typeof RequestAnswerEndpoints.accept>('POST', BookingRulePaths.accept, () =>
    contract().then((m) => m.RequestAnswers.accept),
  ),
  decline: lazyEndpointFrom<typeof RequestAnswerEndpoints.decline>('POST', BookingRulePaths.decline, () =>
    contract().then((m) => m.RequestAnswers.decline),
  ),
};
const keys = {
  rules: (vehicleId: string) => ['booking-rules', vehicleId] as const,
  quote: (vehicleId: string, days: readonly string[]) => ['booking-quote', vehicleId, ...days] as const,
  cancelPreview: (rentalId: string) => ['cancel-preview', rentalId] as const,
};

export function useBookingRules(vehicleId: string) {
  return useQuery({
    queryKey: keys.rules(vehicleId),
    queryFn: ({ signal }) => callApi(BookingRules.get, { params: { id: vehicleId }, signal }),
  });
}

export function useSaveBookingRules(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: BookingRulesDto) => callApi(BookingRules.put, { params: { id: vehicleId }, body: rules }),
    onSuccess: (saved) => queryClient.setQueryData(keys.rules(vehicleId), saved),
  });
}

/** POST /api/rental/quote/{vehicleId}: the server's breakdown of the selected days (none while nothing is selected). */
export function useQuote(vehicleId: string, days: readonly string[]) {
  return useQuery({
    queryKey: keys.quote(vehicleId, days),
    queryFn: ({ signal }) => callApi(BookingRules.quote, { params: { vehicleId }, body: { bookedDates: [...days] }, signal }),
    enabled: days.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/rental/cancel-preview/{id}: what cancelling now gives back. */
export function useCancelPreview(rentalId: string | null) {
  return useQuery({
    queryKey: keys.cancelPreview(rentalId ?? ''),
    queryFn: ({ signal }) => callApi(BookingRules.cancelPreview, { params: { id: rentalId! }, signal }),
    enabled: rentalId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAnswerRequest(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, answer }: { rentalId: string; answer: 'accept' | 'decline' }) =>
      answer === 'accept'
        ? callApi(RequestAnswers.accept, { params: { id: rentalId } })
        : callApi(RequestAnswers.decline, { params: { id: rentalId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.vehicleBookings(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: rentalKeys.bookedDays(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
