import { vi } from 'vitest';

/** Answers one request of a stubbed fetch; `url` is the request's URL as a string. */
export type FetchHandler = (url: string, init: RequestInit | undefined) => Response;

/**
 * Replaces the global fetch with a stand-in that answers every call from `handler` (undo with
 * `vi.unstubAllGlobals()`); returns the mock so a test can read the calls it received.
 */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    // Through a promise so a handler that throws rejects the call, as a failing fetch would.
    Promise.resolve().then(() => handler(urlOf(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A JSON answer (problem+json when status >= 400). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

/** The JSON body a stubbed fetch call sent. */
export function sentJson(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') throw new Error('expected a JSON request body');
  return JSON.parse(init.body);
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
