/**
 * The one way the web app talks to the API: `callApi(endpoint, ...)` with an endpoint of
 * packages/contracts; same origin (Vite proxies /api in dev), cookies sent, JSON in and out, every
 * answer parsed by the endpoint's schema. Any non-OK answer becomes an ApiError whose `detail` is a sentence a person can
 * read (problem+json `detail`, else the response text, else the spec's 'HTTP error! status: N').
 */
import type { input, output, ZodType } from 'zod';
import type { AnyEndpoint } from '@rentdrive/contracts/endpoint';
import type { ApiAnswer } from './api-contract';
import { ApiError, type FieldErrors } from './api-error';

export { ApiError, errorMessage, isApiError, type FieldErrors } from './api-error';
export type { ApiAnswer } from './api-contract';

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * The server renderer answers the app's API calls in process (no HTTP round trip to itself); the
 * browser keeps using fetch.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

let language = 'en';

/**
 * The language the page is shown in (the I18nProvider sets it): sent as Accept-Language, so the API's
 * refusals come in the page's language rather than the browser's.
 */
export function setApiLanguage(locale: string): void {
  language = locale;
}

type LazyContracts = import('./lazy-contracts').LazyContracts;
let lazyContracts: Promise<typeof import('./lazy-contracts')> | undefined;

/**
 * An endpoint whose schemas load on first use: the public pages' first load carries no zod (see
 * docs/performance.md), so the endpoints they call are declared with their method and path (held equal
 * to the contract's by the compiler) and picked from lib/lazy-contracts.ts, which imports the picked
 * area's contract alone when the first such call is made, in parallel with the request. `E` is inferred from `pick`, except for a
 * path template, whose call must name it: `lazyEndpoint<typeof Vehicles.detail>(...)`.
 */
export interface LazyEndpoint<E extends AnyEndpoint> {
  readonly method: E['method'];
  readonly pattern: E['pattern'];
  readonly load: () => Promise<E>;
}

export function lazyEndpoint<E extends AnyEndpoint>(
  method: E['method'],
  path: E['path'],
  pick: (contracts: LazyContracts) => E,
): LazyEndpoint<E> {
  const pattern = (typeof path === 'function' ? path.pattern : path) as E['pattern'];
  let loaded: Promise<E> | undefined;
  return { method, pattern, load: () => (loaded ??= (lazyContracts ??= import('./lazy-contracts')).then((c) => c.loadPicked(pick))) };
}

/**
 * A lazy endpoint whose schemas come from their own module, not from lib/lazy-contracts.ts: the call
 * loads only that area's contract (and zod), e.g.
 * `lazyEndpointFrom<typeof OwnerBookings.bookingTerms>('GET', OwnerBookingPaths.terms, () =>
 * import('@rentdrive/contracts/owner-bookings').then((m) => m.OwnerBookings.bookingTerms))`. For a
 * query whose answer the page's data already holds (a server-rendered page), nothing of it loads.
 */
export function lazyEndpointFrom<E extends AnyEndpoint>(method: E['method'], path: E['path'], load: () => Promise<E>): LazyEndpoint<E> {
  const pattern = (typeof path === 'function' ? path.pattern : path) as E['pattern'];
  let loaded: Promise<E> | undefined;
  return { method, pattern, load: () => (loaded ??= load()) };
}

export type EndpointRef<E extends AnyEndpoint> = E | LazyEndpoint<E>;

type PartOption<Key extends string, Schema> = Schema extends ZodType
  ? undefined extends input<Schema>
    ? { [K in Key]?: input<Schema> }
    : object extends input<Schema>
      ? { [K in Key]?: input<Schema> }
      : { [K in Key]: input<Schema> }
  : { [K in Key]?: undefined };

/** What a call of `E` takes: params when its path has any, its query and body as their schemas accept them. */
/**
 * A path's params, by the names of its `:name`s (a template without a params schema: the schema's
 * output); a number is written into the path as its digits, like the paths module's templates do.
 */
type ParamsOption<Schema> = Schema extends ZodType
  ? { params: { [K in keyof output<Schema>]: output<Schema>[K] extends string ? string | number : output<Schema>[K] } }
  : { params?: undefined };

export type CallOptions<E extends AnyEndpoint> = ParamsOption<E['params']> &
  PartOption<'query', E['query']> &
  PartOption<'body', E['body']> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type OptionsArgs<E extends AnyEndpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls an endpoint of packages/contracts: builds the URL from its path and `params` (each value
 * URI-encoded) and `query`, sends `body` as JSON, and parses the answer with the endpoint's response
 * schema for the status it got. A refusal (non-2xx) is an ApiError (problem+json's detail, code and
 * field errors); an answer that does not match its schema is an ApiContractError (see readAnswer).
 */
export async function callApi<E extends AnyEndpoint>(endpoint: EndpointRef<E>, ...[options]: OptionsArgs<E>): Promise<ApiAnswer<E>> {
  const opts = (options ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: unknown };
  const call = options;
  const schemas = 'load' in endpoint ? endpoint.load() : Promise.resolve(endpoint);
  // The answer's check loads with the first call, in parallel with the request (not in the first load).
  const contract = import('./api-contract');
  // A failed import surfaces with the answer, not as an unhandled rejection.
  schemas.catch(() => undefined);
  contract.catch(() => undefined);
  const url = buildUrl(endpoint.pattern, opts.params, opts.query);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language, ...call?.headers };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const response = await transport(url, { method: endpoint.method, headers, body, credentials: 'include', signal: call?.signal });
  const text = response.status === 204 ? '' : await response.text();
  const parsed = parseBody(text, response.headers.get('content-type'));
  if (!response.ok) throw toApiError(response.status, text, parsed);
  return (await contract).readAnswer(await schemas, response.status, parsed);
}

/** '/api/rental/rent/:vehicleId' with {vehicleId} and a query -> the URL to call. */
export function buildUrl(pattern: string, params: Record<string, string | number> | undefined, query: unknown): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) search.append(key, String(item));
      }
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  const looksJson = contentType?.includes('json') ?? false;
  if (!looksJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The ApiError of a refused request: problem+json's detail, code and field errors, else its text. */
export function toApiError(status: number, text: string, parsed: unknown): ApiError {
  if (parsed && typeof parsed === 'object') {
    const problem = parsed as { detail?: unknown; title?: unknown; code?: unknown; errors?: unknown };
    const detail =
      typeof problem.detail === 'string' && problem.detail
        ? problem.detail
        : typeof problem.title === 'string' && problem.title
          ? problem.title
          : `HTTP error! status: ${status}`;
    return new ApiError({
      status,
      detail,
      code: typeof problem.code === 'string' ? problem.code : undefined,
      fieldErrors: normalizeFieldErrors(problem.errors),
      body: parsed,
    });
  }
  const trimmed = text.trim();
  return new ApiError({ status, detail: trimmed || `HTTP error! status: ${status}`, body: text });
}

/** problem+json `errors` maps field -> messages; keys are lower-camel so they match form field names. */
function normalizeFieldErrors(errors: unknown): FieldErrors {
  if (!errors || typeof errors !== 'object') return {};
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const field = key.length > 0 ? key.charAt(0).toLowerCase() + key.slice(1) : key;
    if (Array.isArray(value)) out[field] = value.filter((v): v is string => typeof v === 'string');
    else if (typeof value === 'string') out[field] = [value];
  }
  return out;
}
