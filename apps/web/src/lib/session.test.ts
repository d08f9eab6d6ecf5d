import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Account } from '@rentdrive/contracts/account';
import { endpointResponse, stubFetch } from '../test/fetch-stub';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

/** lib/session.ts as loaded by a page whose response said this of the session cookie (page-server.ts). */
async function sessionOfPage(sessionTiming: string | undefined) {
  const entry = { serverTiming: sessionTiming === undefined ? [] : [{ name: 'session', description: sessionTiming, duration: 0 }] };
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [entry as unknown as PerformanceEntry] : [],
  );
  vi.resetModules();
  return import('./session');
}

describe('the session of a page', () => {
  it('is signed out without asking the API when the page came without a session cookie, and asks it afterwards', async () => {
    const { sessionQueryOptions } = await sessionOfPage('none');
    const fetchMock = stubFetch(() => endpointResponse(Account.session, { user: null }));
    const client = new QueryClient();

    expect(await client.fetchQuery(sessionQueryOptions)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    // A sign-in (or any later refetch) asks the API.
    await client.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    expect(await client.fetchQuery(sessionQueryOptions)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/account/session');
  });

  it('asks the API when the page came with a session cookie, or without a word about it', async () => {
    for (const timing of ['cookie', undefined]) {
      const { sessionQueryOptions } = await sessionOfPage(timing);
      const fetchMock = stubFetch(() => new Response(JSON.stringify({ user: null }), { headers: { 'Content-Type': 'application/json' } }));
      expect(await new QueryClient().fetchQuery(sessionQueryOptions)).toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
