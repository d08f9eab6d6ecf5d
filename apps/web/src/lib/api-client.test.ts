import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Account } from '@rentdrive/contracts/account';
import { Contact } from '@rentdrive/contracts/contact';
import { endpoint } from '@rentdrive/contracts/endpoint';
import { AccountPaths } from '@rentdrive/contracts/paths/account';
import { RentalPaths } from '@rentdrive/contracts/paths/rentals';
import { SearchPaths } from '@rentdrive/contracts/paths/search';
import { Rentals, type MyRental } from '@rentdrive/contracts/rentals';
import { endpointResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { ApiError, callApi, lazyEndpoint, lazyEndpointFrom } from './api-client';
import { ApiContractError, CONTRACT_MISMATCH_DETAIL, CONTRACT_MISMATCH_LOG_PREFIX } from './api-contract';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const RENTAL: MyRental = {
  id: '6f1c2d34-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  vehicleId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  vehicleMake: 'Skoda',
  vehicleModel: 'Octavia',
  imageUrl: null,
  status: 'Active',
  bookedOn: '2026-11-01',
  startDate: '2026-11-10',
  endDate: '2026-11-12',
  pricePerDay: 40,
  totalPrice: 120,
  isConfirmable: false,
  isCompleted: false,
  hasReviewedVehicle: false,
  isCancellable: true,
  isCancelled: false,
};

function answer(body: string, status: number, contentType = 'application/json') {
  return stubFetch(() => new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('callApi', () => {
  it('builds the URL from the params, sends the body as JSON with the cookies and returns the parsed answer', async () => {
    const fetchMock = stubFetch(() =>
      endpointResponse(Rentals.rent, {
        ...RENTAL,
        bookedDates: ['2026-11-10'],
        balance: 60,
      }),
    );
    const rent = await callApi(Rentals.rent, {
      params: { vehicleId: 'a b' },
      body: { bookedDates: ['2026-11-10'] },
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(rent.balance).toBe(60);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(RentalPaths.rent('a b'));
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"bookedDates":["2026-11-10"]}');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Idempotency-Key']).toBe('k1');
  });

  it('returns what the schema makes of the answer (transforms applied, unknown keys dropped)', async () => {
    const Trimmed = endpoint('GET', '/api/x/:id', { response: { 200: z.object({ name: z.string().trim() }) } });
    const fetchMock = answer('{"name":"  Car ","extra":1}', 200);
    await expect(callApi(Trimmed, { params: { id: '7' }, query: undefined })).resolves.toEqual({ name: 'Car' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/x/7');
  });

  it('adds the query to the URL, repeating arrays and leaving out empty values', async () => {
    const Listed = endpoint('GET', '/api/list', {
      query: z.object({ page: z.number(), tag: z.array(z.string()).optional(), q: z.string().optional() }),
      response: { 200: z.array(z.number()) },
    });
    const fetchMock = answer('[1,2]', 200);
    await expect(callApi(Listed, { query: { page: 2, tag: ['a', 'b'], q: undefined } })).resolves.toEqual([1, 2]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/list?page=2&tag=a&tag=b');
  });

  it('fails loudly, naming the endpoint and each issue, when the answer does not match the schema', async () => {
    answer(JSON.stringify([{ ...RENTAL, status: 'Lost', totalPrice: '120' }]), 200);
    const error = await failure(callApi(Rentals.myRentals));
    expect(error).toBeInstanceOf(ApiContractError);
    expect(error.detail).toContain('GET /api/rental/my-rentals answered 200');
    expect(error.detail).toContain('[0].status');
    expect(error.detail).toContain('[0].totalPrice');
    expect((error as ApiContractError).issues).toHaveLength(2);
  });

  it('in production, shows a readable sentence and logs the particulars with a recognisable prefix', async () => {
    vi.stubEnv('PROD', true);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer('{"unexpected":true}', 200);
    const error = await failure(callApi(Rentals.myRentals));
    expect(error).toBeInstanceOf(ApiContractError);
    expect(error.detail).toBe(CONTRACT_MISMATCH_DETAIL);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]![0])).toMatch(new RegExp(`^\\${CONTRACT_MISMATCH_LOG_PREFIX} GET /api/rental/my-rentals`));
  });

  it('treats a status the endpoint does not declare as a mismatch', async () => {
    answer('{"id":"x"}', 200);
    const error = await failure(callApi(Contact.send, { body: { name: 'A', surname: 'B', email: 'a@b.c', message: 'M' } }));
    expect(error.detail).toContain('status 200 is not one the endpoint declares (201)');
  });

  it('answers undefined for an empty answer when the endpoint declares none, and checks an empty answer otherwise', async () => {
    const Untyped = endpoint('DELETE', '/api/x');
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(callApi(Untyped)).resolves.toBeUndefined();
    const Empty = endpoint('POST', '/api/y', { response: { 204: z.undefined() } });
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(callApi(Empty)).resolves.toBeUndefined();
    stubFetch(() => new Response('', { status: 200 }));
    expect((await failure(callApi(Rentals.myRentals))).detail).toContain('(answer)');
  });

  it('loads a lazy endpoint with the request and parses its answer the same way', async () => {
    const lazy = lazyEndpoint('GET', AccountPaths.session, (c) => c.Account.session);
    const fetchMock = stubFetch(() => endpointResponse(Account.session, { user: null }));
    await expect(callApi(lazy)).resolves.toEqual({ user: null });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/account/session');
    stubFetch(() => jsonResponse({ user: { id: 'not a user' } }));
    expect((await failure(callApi(lazy))).detail).toContain('GET /api/account/session answered 200');
  });

  it('loads an endpoint from its own module with the first call only, and checks its answer the same way', async () => {
    const load = vi.fn(() => import('@rentdrive/contracts/account').then((m) => m.Account.session));
    const lazy = lazyEndpointFrom<typeof Account.session>('GET', AccountPaths.session, load);
    expect(load).not.toHaveBeenCalled();
    stubFetch(() => endpointResponse(Account.session, { user: null }));
    await expect(callApi(lazy)).resolves.toEqual({ user: null });
    stubFetch(() => jsonResponse({ user: { id: 'not a user' } }));
    expect((await failure(callApi(lazy))).detail).toContain('GET /api/account/session answered 200');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('turns a problem into an ApiError with its detail, code and field errors', async () => {
    answer(
      JSON.stringify({
        status: 400,
        title: 'Bad Request',
        detail: 'Check the fields.',
        code: 'validation_failed',
        errors: { Username: ['Too short'] },
      }),
      400,
      'application/problem+json',
    );
    const error = await failure(callApi(Rentals.myRentals));
    expect(error).not.toBeInstanceOf(ApiContractError);
    expect(error).toMatchObject({
      status: 400,
      detail: 'Check the fields.',
      code: 'validation_failed',
      fieldErrors: { username: ['Too short'] },
    });
  });

  it('falls back to the response text, then to the HTTP status sentence', async () => {
    answer('Plain failure', 500, 'text/plain');
    expect((await failure(callApi(Rentals.myRentals))).detail).toBe('Plain failure');
    answer('', 503, 'text/plain');
    expect((await failure(callApi(Rentals.myRentals))).detail).toBe('HTTP error! status: 503');
  });
});

// Checked by the typecheck (never run): what a call sends and a stub answers is held to the contract.
export function typedByTheContract() {
  // @ts-expect-error a stub that lies does not compile
  endpointResponse(Rentals.rent, { id: 'x' });
  // @ts-expect-error a lazy endpoint with another endpoint's path does not compile
  lazyEndpoint('GET', SearchPaths.all, (c) => c.Search.recent);
  // @ts-expect-error a path with parameters needs them
  void callApi(Rentals.cancel);
  // @ts-expect-error the body is the endpoint's
  void callApi(Rentals.rent, { params: { vehicleId: 'v' }, body: { days: [] } });
  // The answer is the schema's output.
  return callApi(Rentals.myRentals).then((rentals) => rentals[0]?.totalPrice.toFixed(2));
}
