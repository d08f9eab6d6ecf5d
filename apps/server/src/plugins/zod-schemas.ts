import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../lib/normalize-input';

/**
 * Types a route's request and reply from its zod schemas: with `app.withTypeProvider<ZodTypeProvider>()`,
 * `request.body`, `params` and `query` are the schemas' parsed output and a handler must return what
 * its response schema accepts.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * What happens when a response does not match its schema: 'fail' answers 500 (tests and development,
 * so drift breaks a test), 'log' logs it and sends the response anyway, 'off' skips the check.
 */
export type ResponseCheck = 'fail' | 'log' | 'off';

export class ResponseSchemaMismatch extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The response of ${route} does not match its schema: ${z.prettifyError(new z.ZodError(issues))}`);
    this.name = 'ResponseSchemaMismatch';
  }
}

/**
 * Routes declare zod schemas for params, query, body and responses. Requests are validated by zod
 * through parseInput (normalized, texts checked); a failure reaches the error handler as a 400 with field messages.
 * Responses are checked against their schema (see ResponseCheck) and serialized with JSON.stringify
 * as they are: the check never changes what is sent.
 */
export function useZodSchemas(app: FastifyInstance, { responseCheck }: { responseCheck: ResponseCheck }): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      const result = parseInput(zodSchema, data);
      if (result.success) return { value: result.data };
      return { error: result.error as unknown as Error };
    };
  });

  app.setSerializerCompiler(({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    if (responseCheck === 'off' || !(zodSchema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const route = `${method} ${url}`;
    return (data) => {
      checkResponse(app, responseCheck, route, zodSchema, data);
      return JSON.stringify(data);
    };
  });

  // Some routes send JSON they serialized (and cached) themselves; Fastify does not serialize a
  // string again, so outside production it is parsed back and checked here.
  if (responseCheck === 'fail') {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const schema = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[reply.statusCode];
      if (schema instanceof z.ZodType)
        checkResponse(app, responseCheck, `${request.method} ${request.routeOptions.url}`, schema, JSON.parse(payload));
      return payload;
    });
  }
}

function checkResponse(app: FastifyInstance, mode: ResponseCheck, route: string, schema: z.ZodType, data: unknown): void {
  const result = schema.safeParse(data);
  if (result.success) return;
  const mismatch = new ResponseSchemaMismatch(route, result.error.issues);
  if (mode === 'fail') throw mismatch;
  app.log.error({ err: mismatch }, 'response does not match its schema');
}

/** Converts a route's zod schemas into JSON Schema for @fastify/swagger. */
export function zodToOpenApi({ schema, url }: { schema: Record<string, unknown> | undefined; url: string }) {
  if (!schema) return { schema: {}, url };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'response' && value && typeof value === 'object') {
      const responses: Record<string, unknown> = {};
      for (const [status, s] of Object.entries(value as Record<string, unknown>)) responses[status] = toJson(s);
      out.response = responses;
    } else if (['body', 'querystring', 'params', 'headers'].includes(key)) {
      out[key] = toJson(value);
    } else {
      out[key] = value;
    }
  }
  return { schema: out, url };
}

function toJson(value: unknown): unknown {
  if (value instanceof z.ZodType) {
    try {
      const json = z.toJSONSchema(value, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
      delete json.$schema;
      return json;
    } catch {
      return {};
    }
  }
  return value;
}
