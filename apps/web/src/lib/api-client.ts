/**
 * The one way the web app talks to the API: same origin (Vite proxies /api in dev), cookies sent,
 * JSON in and out. Any non-OK answer becomes an ApiError whose `detail` is a sentence a person can
 * read (problem+json `detail`, else the response text, else the spec's 'HTTP error! status: N').
 */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | undefined;
  readonly fieldErrors: FieldErrors;
  /** The parsed JSON body, or the raw text when it was not JSON (spec: 'the server body is kept'). */
  readonly body: unknown;

  constructor(init: { status: number; detail: string; code?: string; fieldErrors?: FieldErrors; body?: unknown }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A readable message for any thrown value (ApiError detail, Error message, or a fallback). */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong while processing your request. Please try again later.',
): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  formData?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

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

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language, ...options.headers };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');

  const response = await transport(path, { method, headers, body, credentials: 'include', signal: options.signal });
  const text = response.status === 204 ? '' : await response.text();
  const parsed = parseBody(text, response.headers.get('content-type'));

  if (!response.ok) throw toApiError(response.status, text, parsed);
  return (text === '' ? undefined : parsed) as T;
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
