import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dashboard, DashboardPaths } from '@rentdrive/contracts/dashboard';
import { ApiError, callApi } from '../../../lib/api-client';

export interface Range {
  from: string;
  to: string;
}

/** The owner's figures for a period (one answer for the screen). */
export function useOwnerDashboard(range: Partial<Range>) {
  return useQuery({
    queryKey: ['dashboard', 'owner', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => callApi(Dashboard.owner, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Employees: the marketplace's figures, optionally for one vehicle type. */
export function useMarketplaceDashboard(range: Partial<Range>, type: number | undefined) {
  return useQuery({
    queryKey: ['dashboard', 'marketplace', range.from ?? '', range.to ?? '', type ?? 0],
    queryFn: ({ signal }) => callApi(Dashboard.marketplace, { query: { ...range, ...(type ? { type } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads the CSV of the owner's transactions in the page's language (its number format): fetched
 * with the session cookie and the language, then saved as a file.
 */
export async function downloadTransactionsCsv(range: Range, language: string): Promise<void> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  const response = await fetch(`${DashboardPaths.ownerTransactionsCsv}?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'text/csv', 'Accept-Language': language },
  });
  if (!response.ok) throw new ApiError({ status: response.status, detail: 'The download failed. Please try again.' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `rentdrive-transactions-${range.from}-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
