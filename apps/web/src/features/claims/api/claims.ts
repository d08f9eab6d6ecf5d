import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimUrl, Claims, type Claim, type ClaimStatus, type DecideClaim } from '@rentdrive/contracts/claims';
import { callApi, toApiError, ApiError } from '../../../lib/api-client';
import { readAnswer } from '../../../lib/api-contract';
import { WALLET_QUERY_KEY } from '../../../lib/wallet-queries';

/** Damage claims (issue 27): every query key starts with 'claims', so a change refreshes them all. */
const KEY = ['claims'] as const;

export const myClaimsQueryOptions = queryOptions({
  queryKey: [...KEY, 'mine'],
  queryFn: ({ signal }) => callApi(Claims.mine, { signal }),
  staleTime: 0,
});

export function useMyClaims() {
  return useQuery(myClaimsQueryOptions);
}

/** A rental's claim and whether its owner may still open one. */
export function useRentalClaim(rentalId: string, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'rental', rentalId],
    queryFn: ({ signal }) => callApi(Claims.rentalClaim, { params: { rentalId }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** Employees: company vehicles' completed rentals whose deposit they may still claim from. */
export function useCompanyClaimable(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'company-rentals'],
    queryFn: ({ signal }) => callApi(Claims.companyClaimable, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useClaimQueue(status: ClaimStatus) {
  return useQuery({
    queryKey: [...KEY, 'queue', status],
    queryFn: ({ signal }) => callApi(Claims.list, { query: { status }, signal }),
    staleTime: 0,
  });
}

/** A claim's multipart form (text fields and photos) to `url`; answers the claim or throws an ApiError. */
async function sendClaimForm(url: string, fields: Record<string, string>, photos: File[]): Promise<Claim> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('Images', photo, photo.name);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en' },
    });
  } catch {
    throw new ApiError({ status: 0, detail: 'The connection failed. Check your network and try again.' });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) throw toApiError(response.status, text, body);
  return readAnswer(Claims.open, response.status, body);
}

export interface OpenClaimInput {
  rentalId: string;
  description: string;
  amount: string;
  photos: File[];
}

export function useOpenClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, description, amount, photos }: OpenClaimInput) =>
      sendClaimForm(claimUrl.rentalClaim(rentalId), { Description: description, Amount: amount }, photos),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAnswerClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, answer, photos }: { rentalId: string; answer: string; photos: File[] }) =>
      sendClaimForm(claimUrl.answer(rentalId), { Answer: answer }, photos),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, body }: { claimId: string; body: DecideClaim }) => callApi(Claims.decide, { params: { id: claimId }, body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: KEY }), queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY })]),
  });
}
