import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { apiFetch, ApiError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function answer(body: string, status: number, contentType = 'application/json') {
  stubFetch(() => new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

async function failure(): Promise<ApiError> {
  try {
    await apiFetch('/api/x');
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}

describe('apiFetch', () => {
  it('sends JSON with the cookies and returns the parsed answer', async () => {
    const fetchMock = stubFetch(() => new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await expect(apiFetch('/api/x', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns undefined for an empty answer', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("takes a problem's detail, code and field errors", async () => {
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
    const error = await failure();
    expect(error).toMatchObject({
      status: 400,
      detail: 'Check the fields.',
      code: 'validation_failed',
      fieldErrors: { username: ['Too short'] },
    });
  });

  it('falls back to the response text, then to the HTTP status sentence', async () => {
    answer('Plain failure', 500, 'text/plain');
    expect((await failure()).detail).toBe('Plain failure');
    answer('', 503, 'text/plain');
    expect((await failure()).detail).toBe('HTTP error! status: 503');
  });
});
