import { z } from 'zod';
import type { ParamNames, PathTemplate } from './paths/template';

// In a browser, answers parse without zod's compiled fast path: its one-time probe (`new Function('')`)
// is what the site's Content-Security-Policy forbids, and Chromium reports it as a violation although
// zod catches it (Lighthouse's best practices). Every contract imports this module, so it is set
// before the first answer is parsed; the server (no document) keeps the fast path.
if ('document' in globalThis) z.config({ jitless: true });

/**
 * One HTTP endpoint, described once for both apps: its method, path, the schemas of what it takes
 * (path params, query, body) and of what it answers, per status. The server registers its route from
 * this (apps/server/src/plugins/endpoint-routes.ts); a client builds the URL from `path` and parses
 * the answer with `response`.
 *
 * A path template's params need no schema of their own: each `:name` is a string unless `params`
 * says more (a uuid, a length limit).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema per status; 200 unless the route says otherwise. */
  response?: Partial<Record<number, z.ZodType>>;
}

/** `{ id: string }` for '/api/x/:id'; undefined for a plain path. */
type TemplateParams<Pattern extends string> = ParamNames<Pattern> extends [] ? undefined : Record<ParamNames<Pattern>[number], string>;

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Pattern extends string = string,
  Schemas extends EndpointSchemas = EndpointSchemas,
> {
  readonly method: Method;
  /** The route the server registers ('/api/rental/rent/:vehicleId'). */
  readonly pattern: Pattern;
  /** Builds the URL (a template is called with its params' values, in order). */
  readonly path: Pattern | PathTemplate<Pattern>;
  readonly params: Schemas['params'] extends z.ZodType
    ? Schemas['params']
    : TemplateParams<Pattern> extends undefined
      ? undefined
      : z.ZodType<TemplateParams<Pattern>>;
  readonly query: Schemas['query'];
  readonly body: Schemas['body'];
  readonly response: Schemas['response'] extends object ? Schemas['response'] : Record<never, never>;
}

/** Any endpoint, for code that handles them all (route registration, the API client). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schemas' types vary per endpoint; each use is typed by its own endpoint.
export type AnyEndpoint = Endpoint<HttpMethod, string, any>;

/** What the schema of a part parses to (undefined when the endpoint has no such part). */
export type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
/** What may be sent for a part (its schema's input). */
export type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** The answer of an endpoint at a status (the JSON as sent: the schema's input). */
export type ResponseAt<E extends AnyEndpoint, Status extends number = 200> = Status extends keyof E['response']
  ? Input<E['response'][Status]>
  : never;
/** Any answer the endpoint declares. */
export type AnyResponse<E extends AnyEndpoint> = { [Status in keyof E['response']]: Input<E['response'][Status]> }[keyof E['response']];

function isTemplate<Pattern extends string>(path: Pattern | PathTemplate<Pattern>): path is PathTemplate<Pattern> {
  return typeof path === 'function';
}

function paramsOf(pattern: string): z.ZodType | undefined {
  const names = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

export function endpoint<
  const Method extends HttpMethod,
  const Pattern extends string,
  const Schemas extends EndpointSchemas = Record<never, never>,
>(method: Method, path: Pattern | PathTemplate<Pattern>, schemas?: Schemas): Endpoint<Method, Pattern, Schemas> {
  const pattern = isTemplate(path) ? path.pattern : path;
  return {
    method,
    pattern,
    path,
    params: schemas?.params ?? paramsOf(pattern),
    query: schemas?.query,
    body: schemas?.body,
    response: schemas?.response ?? {},
  } as Endpoint<Method, Pattern, Schemas>;
}
