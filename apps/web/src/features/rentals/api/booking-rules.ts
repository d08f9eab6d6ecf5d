import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookingRules, RequestAnswers, type BookingRulesDto } from '@rentdrive/contracts/booking-rules';
import { callApi } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';
import { rentalKeys } from './rental-keys';

/** Issue 27: a vehicle's booking rules, the price quote, the cancel preview and the owner's answer to a request. */
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
      callApi(answer === 'accept' ? RequestAnswers.accept : RequestAnswers.decline, { params: { id: rentalId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentalKeys.vehicleBookings(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: rentalKeys.bookedDays(vehicleId) }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
