import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import type { AnyEndpoint, AnyResponse, Parsed } from '@rentdrive/contracts/endpoint';
import type { RouteAccess } from './route-access';

/**
 * Routes are registered from the endpoints of packages/contracts: the endpoint gives the method, the
 * path and the schemas (Fastify validates the request with them and checks the answer, see
 * zod-schemas.ts); the route adds who may call it and the handler, typed by the endpoint.
 */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

declare const jsonOf: unique symbol;
/** JSON the service serialized (and cached) itself, typed by the value it holds. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** Text the caller vouches is the JSON of a T (assembled from JSON parts); outside production the route still checks it. */
export function asJsonText<T>(text: string): JsonText<T> {
  return text as JsonText<T>;
}

/** Serializes a value once, keeping its type for the route that sends it. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

type Answer<E extends AnyEndpoint> = AnyResponse<E> | FastifyReply | void;

export type EndpointHandler<E extends AnyEndpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Answer<E> | Promise<Answer<E>>;

export interface EndpointRouteOptions {
  /** Who may call the route (plugins/route-access.ts). */
  access: RouteAccess;
  config?: Omit<FastifyContextConfig, 'access'>;
  /** Runs before the body is read (rate limits); may be async. */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => void | Promise<unknown>;
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => void | Promise<unknown>;
  bodyLimit?: number;
  /** The OpenAPI document's request content types, when not JSON. */
  consumes?: string[];
}

export interface EndpointRoutes {
  /** Registers the endpoint's route; the handler answers a value its response schema accepts. */
  route: <E extends AnyEndpoint>(endpoint: E, options: EndpointRouteOptions, handler: EndpointHandler<E>) => void;
  /**
   * The same for a handler that answers JSON text (a cached answer): sent as is, as JSON, and checked
   * against the response schema outside production like any other answer.
   */
  jsonText: <E extends AnyEndpoint>(
    endpoint: E,
    options: EndpointRouteOptions,
    handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<JsonText<AnyResponse<E>>>,
  ) => void;
}

export function endpointRoutes(app: FastifyInstance, { tags }: { tags: string[] }): EndpointRoutes {
  const register = (endpoint: AnyEndpoint, options: EndpointRouteOptions, handler: RouteHandlerMethod) => {
    const schema: FastifySchema & { tags: string[]; consumes?: string[] } = { tags, response: endpoint.response };
    if (endpoint.params) schema.params = endpoint.params;
    if (endpoint.query) schema.querystring = endpoint.query;
    if (endpoint.body) schema.body = endpoint.body;
    if (options.consumes) schema.consumes = options.consumes;
    app.route({
      method: endpoint.method,
      url: endpoint.pattern,
      config: { ...options.config, access: options.access },
      ...(options.onRequest && { onRequest: options.onRequest }),
      ...(options.preHandler && { preHandler: options.preHandler }),
      ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
      schema,
      handler,
    });
  };
  return {
    route: (endpoint, options, handler) => register(endpoint, options, handler as RouteHandlerMethod),
    jsonText: (endpoint, options, handler) =>
      register(endpoint, options, async function (request, reply) {
        const json = await handler(request as EndpointRequest<typeof endpoint>, reply);
        // Waits for the reply to finish: resolving to undefined while an asynchronous onSend hook
        // (compression) still runs makes Fastify send an empty body of its own.
        await reply.type('application/json; charset=utf-8').send(json);
      }),
  };
}
