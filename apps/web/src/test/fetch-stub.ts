import { vi } from 'vitest';
import type { AnyEndpoint, ResponseAt } from '@rentdrive/contracts/endpoint';

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

/** The statuses an endpoint declares an answer for. */
type DeclaredStatus<E extends AnyEndpoint> = keyof E['response'] & number;

/**
 * An answer of `endpoint`, typed by its response schema (the JSON as sent), so a stub that lies does
 * not compile: `endpointResponse(Rentals.myRentals, [rental])`. The status defaults to 200; an endpoint
 * that answers another status (Contact.send: 201) must be given it.
 */
export function endpointResponse<E extends AnyEndpoint, S extends DeclaredStatus<E> = 200 & DeclaredStatus<E>>(
  _endpoint: E,
  body: ResponseAt<E, S>,
  status?: S,
): Response {
  return jsonResponse(body, status ?? 200);
}

/** One stubbed endpoint: its answer, or a function of the request that answers. */
export interface EndpointStub {
  method: string;
  pattern: string;
  respond: (url: string, init: RequestInit | undefined) => Response;
}

/** Stubs `endpoint` (any params): always `body` (typed by the endpoint's 200 schema), or what `respond` returns. */
export function onEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  answer: ResponseAt<E, 200 & DeclaredStatus<E>> | ((url: string, init: RequestInit | undefined) => Response),
): EndpointStub {
  const respond = typeof answer === 'function' ? answer : () => jsonResponse(answer);
  return { method: endpoint.method, pattern: endpoint.pattern, respond };
}

/**
 * Replaces fetch with the given endpoints' stubs, matched by method and path (`:name` segments match
 * any value); any other request answers 404 problem+json naming itself.
 */
export function stubEndpoints(stubs: EndpointStub[]) {
  const routes = stubs.map((stub) => ({
    stub,
    path: new RegExp(`^${stub.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/?]+')}(\\?.*)?$`),
  }));
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const route = routes.find((r) => r.stub.method === method && r.path.test(url));
    if (route) return route.stub.respond(url, init);
    return jsonResponse({ status: 404, title: 'Not Found', detail: `No stub for ${method} ${url}` }, 404);
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
