import { z } from 'zod';

/**
 * The existing web client sends `Username`, `EmailOrUsername`, `"amount": "100"`: property names are
 * matched case-insensitively and numeric strings are accepted wherever the schema wants a number
 * (it must keep working unchanged). This walks the zod schema beside the data and rewrites the data to the
 * schema's spelling before validation, so the schemas stay plain and describable in OpenAPI.
 */
export function normalizeInput(schema: z.ZodType, data: unknown): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return normalizeInput(def.innerType as z.ZodType, data);
    case 'pipe':
      return normalizeInput(def.in as z.ZodType, data);
    case 'object': {
      if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
      const shape = def.shape as Record<string, z.ZodType>;
      const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
        const target = shape[key] ? key : byLower.get(key.toLowerCase());
        if (!target) continue; // unknown properties are ignored
        if (target in out && target !== key) continue; // an exact-case key wins over a differently cased one
        out[target] = normalizeInput(shape[target]!, value);
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(data)) return data;
      return data.map((item) => normalizeInput(def.element as z.ZodType, item));
    }
    case 'number':
    case 'int':
      return numericString(data);
    case 'union': {
      const options = def.options as z.ZodType[];
      if (options.some((o) => leafType(o) === 'number') && typeof data === 'string') return numericString(data);
      return data;
    }
    default:
      return data;
  }
}

function leafType(schema: z.ZodType): string {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  return def.innerType ? leafType(def.innerType) : def.type;
}

function numericString(data: unknown): unknown {
  if (typeof data === 'string') {
    const trimmed = data.trim();
    if (trimmed !== '' && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return Number(trimmed);
  }
  return data;
}

/** Turns zod issues into problem+json field errors: { field: [messages] }. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}
