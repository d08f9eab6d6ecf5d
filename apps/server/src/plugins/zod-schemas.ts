import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizeInput } from '../lib/normalize-input';

/**
 * Routes declare zod schemas for params, query, body and responses. Requests are validated by zod
 * (after normalizeInput); a failure reaches the error handler as a 400 with field messages.
 * Responses are serialized with JSON.stringify; their schemas are for the OpenAPI document.
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(normalizeInput(zodSchema, data));
      if (result.success) return { value: result.data };
      return { error: result.error as unknown as Error };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
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
