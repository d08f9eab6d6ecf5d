import { z } from 'zod';
import { multilineTexts, TextMessages, textProblem } from '@rentdrive/contracts/text';
import { InputBoundsMessages, MAX_INPUT_DEPTH } from './input-bounds';

type Path = (string | number)[];

/**
 * The one gate every request input passes (bodies, queries, params, multipart fields and hub
 * arguments): normalizes the data to the schema's spelling, refuses texts PostgreSQL or people
 * cannot take (control characters, broken Unicode) with an issue naming the field, then validates.
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.ZodSafeParseResult<z.output<S>> {
  const issues: z.core.$ZodIssue[] = [];
  const normalized = walk(schema, data, [], false, issues);
  if (issues.length > 0) return { success: false, error: new z.ZodRealError(issues) as z.ZodError<z.output<S>> };
  return schema.safeParse(normalized);
}

/*
 * Normalizing: the existing web client sends `Username`, `EmailOrUsername`, `"amount": "100"`:
 * property names are matched case-insensitively and numeric strings are accepted wherever the schema
 * wants a number (it must keep working unchanged). The walk goes down the zod schema beside the data
 * and rewrites the data to the schema's spelling before validation, so the schemas stay plain and
 * describable in OpenAPI. Only the data's own keys are read and matched against the schema's own
 * keys, into objects without a prototype: a key named `constructor`, `toString` or `__proto__` is an
 * unknown key like any other and is dropped.
 */

function defOf(schema: z.ZodType): Record<string, unknown> & { type: string } {
  return (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
}

function walk(schema: z.ZodType, data: unknown, path: Path, multiline: boolean, issues: z.core.$ZodIssue[]): unknown {
  const allowMultiline = multiline || multilineTexts.has(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType as z.ZodType, data, path, allowMultiline, issues);
    case 'pipe':
      return walk(def.in as z.ZodType, data, path, allowMultiline, issues);
    case 'object': {
      if (data === null || typeof data !== 'object' || Array.isArray(data)) return checkTexts(data, path, allowMultiline, issues);
      if (isTooDeep(path, issues)) return data;
      const shape = def.shape as Record<string, z.ZodType>;
      const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const key of Object.keys(data)) {
        const target = Object.hasOwn(shape, key) ? key : byLower.get(key.toLowerCase());
        if (target === undefined) continue; // unknown properties are ignored
        if (Object.hasOwn(out, target) && target !== key) continue; // an exact-case key wins over a differently cased one
        const value = Object.getOwnPropertyDescriptor(data, key)?.value as unknown;
        path.push(target);
        out[target] = walk(shape[target]!, value, path, false, issues);
        path.pop();
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(data)) return checkTexts(data, path, allowMultiline, issues);
      if (isTooDeep(path, issues)) return data;
      const element = def.element as z.ZodType;
      const out = new Array<unknown>(data.length);
      for (let i = 0; i < data.length; i++) {
        path.push(i);
        out[i] = walk(element, data[i], path, allowMultiline, issues);
        path.pop();
      }
      return out;
    }
    case 'number':
    case 'int':
      return numericString(checkTexts(data, path, allowMultiline, issues));
    case 'union': {
      const options = def.options as z.ZodType[];
      checkTexts(data, path, allowMultiline, issues);
      if (options.some((o) => leafType(o) === 'number') && typeof data === 'string') return numericString(data);
      return data;
    }
    default:
      return checkTexts(data, path, allowMultiline, issues);
  }
}

/**
 * Inputs come from several parsers (JSON bodies, hub messages, multipart fields, queries); JSON is
 * refused deeper than MAX_INPUT_DEPTH before it is parsed, and this refuses any other value that
 * goes deeper, so the walks below recurse a bounded number of levels.
 */
function isTooDeep(path: Path, issues: z.core.$ZodIssue[]): boolean {
  if (path.length < MAX_INPUT_DEPTH) return false;
  report(issues, path, InputBoundsMessages.valueTooDeep(fieldName(path)));
  return true;
}

/** The first issues are enough to answer with; a hostile input with a bad text in every item adds no more. */
const MAX_ISSUES = 50;

function report(issues: z.core.$ZodIssue[], path: Path, message: string): void {
  if (issues.length < MAX_ISSUES) issues.push({ code: 'custom', path: [...path], message, input: undefined });
}

function fieldName(path: Path): string {
  return path.length > 0 ? path.join('.') : 'The text';
}

/**
 * Records an issue for every string in `data` (nested ones too, down to MAX_INPUT_DEPTH) that holds
 * a control character or a lone surrogate. Answers `data` unchanged. `path` is the one list the
 * whole walk shares (pushed and popped on the way): it is copied only into an issue, so each value
 * costs the same whatever its depth, and the whole check is linear in the input's size.
 */
function checkTexts(data: unknown, path: Path, multiline: boolean, issues: z.core.$ZodIssue[]): unknown {
  if (typeof data === 'string') {
    const problem = textProblem(data, multiline);
    if (problem) {
      const field = fieldName(path);
      const message = problem === 'control' ? TextMessages.controlCharacter(field) : TextMessages.brokenCharacter(field);
      report(issues, path, message);
    }
    return data;
  }
  if (data === null || typeof data !== 'object' || isTooDeep(path, issues)) return data;
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      path.push(i);
      checkTexts(data[i], path, multiline, issues);
      path.pop();
    }
    return data;
  }
  for (const key of Object.keys(data)) {
    if (textProblem(key, false)) report(issues, path, TextMessages.controlCharacter('A key'));
    path.push(key);
    checkTexts(Object.getOwnPropertyDescriptor(data, key)?.value, path, multiline, issues);
    path.pop();
  }
  return data;
}

function leafType(schema: z.ZodType): string {
  const def = defOf(schema) as { type: string; innerType?: z.ZodType };
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
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { ...errors };
}
