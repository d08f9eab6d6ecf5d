import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a route's own zod schemas: values the schema accepts (as far as its
 * checks can be read: lengths, bounds, formats, patterns), boundary values around those checks, and
 * hostile values by category. Field-name hints put real ids and plausible values where random text
 * would never get past validation, so mutated requests reach the services and the database.
 */

/** Kinds of hostile input; a category can be left out while its fix is pending (see the suite). */
export const HOSTILE_CATEGORIES = [
  'wrong-type',
  'huge',
  'deep',
  'nul',
  'control',
  'unicode',
  'numeric-string',
  'injection',
  'prototype-keys',
  'prototype-values',
  'boundary',
] as const;
export type HostileCategory = (typeof HOSTILE_CATEGORIES)[number];

/** Per field name (lower case): arbitraries that produce values the fixtures make real. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

function checksOf(schema: z.ZodType): CheckDef[] {
  return (schema._zod.def.checks ?? []).map((check) => check._zod.def as unknown as CheckDef);
}

function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = schema._zod.def as unknown as { innerType?: z.ZodType };
  return def.innerType;
}

/** Schema wrappers that only change presence (optional, default...) are looked through. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const inner = innerOf(schema);
  if (inner) return unwrap(inner);
  if (schema instanceof z.ZodPipe)
    return unwrap(schema.in instanceof z.ZodTransform ? (schema.out as z.ZodType) : (schema.in as z.ZodType));
  return schema;
}

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf'];

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

function stringArbitrary(schema: z.ZodString): fc.Arbitrary<string> {
  const checks = checksOf(schema);
  let min = 0;
  let max = 40;
  const patterns: RegExp[] = [];
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && c.maximum !== undefined) max = Math.min(max, c.maximum);
    if (c.check === 'string_format' && c.pattern) patterns.push(c.pattern);
  }
  if (schema.format === 'uuid' || schema.format === 'guid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress().filter((s) => s.length <= max || max < min);
  if (max < min) max = min;
  if (patterns.length === 0) return fc.string({ minLength: min, maxLength: max });
  const anchored = patterns.filter((p) => p.source.startsWith('^'));
  if (anchored.length === 0) {
    // Unanchored patterns (a lower-case letter, a digit...): one sample of each side by side meets all.
    return fc
      .tuple(fc.string({ maxLength: Math.max(0, min - patterns.length) }), ...patterns.map((p) => fc.stringMatching(p, { size: 'xsmall' })))
      .map((parts) => parts.join(''));
  }
  return fc.stringMatching(anchored[0]!, { size: 'small' });
}

function numberBounds(schema: z.ZodNumber): { min: number; max: number; int: boolean } {
  let min = -1_000_000;
  let max = 1_000_000;
  let int = false;
  for (const c of checksOf(schema)) {
    if (c.check === 'number_format' && c.format && /int/.test(c.format)) int = true;
    if (c.check === 'greater_than' && typeof c.value === 'number') min = c.inclusive ? c.value : c.value + (int ? 1 : 0.01);
    if (c.check === 'less_than' && typeof c.value === 'number') max = c.inclusive ? c.value : c.value - (int ? 1 : 0.01);
  }
  if (schema.isInt) int = true;
  return { min, max: Math.max(min, max), int };
}

/** Values the schema (most likely) accepts. `key` is the field name, for hints. */
export function validArbitrary(schema: z.ZodType, hints: Hints, key?: string, depth = 0): fc.Arbitrary<unknown> {
  const hint = key && Object.hasOwn(hints, key.toLowerCase()) ? hints[key.toLowerCase()] : undefined;
  if (hint) return fc.oneof({ arbitrary: hint, weight: 4 }, { arbitrary: plain(schema, hints, key, depth), weight: 1 });
  return plain(schema, hints, key, depth);
}

function plain(schema: z.ZodType, hints: Hints, key: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema instanceof z.ZodOptional)
    return fc.option(validArbitrary(schema.unwrap() as z.ZodType, hints, key, depth + 1), { nil: undefined });
  if (schema instanceof z.ZodNullable) return fc.option(validArbitrary(schema.unwrap() as z.ZodType, hints, key, depth + 1), { nil: null });
  const inner = innerOf(schema);
  if (inner) return validArbitrary(inner, hints, key, depth + 1);
  if (schema instanceof z.ZodPipe) {
    const side = schema.in instanceof z.ZodTransform ? schema.out : schema.in;
    return validArbitrary(side as z.ZodType, hints, key, depth + 1);
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const entries = Object.entries(shape).map(([k, v]) => [k, validArbitrary(v, hints, k, depth + 1)] as const);
    return fc.record(Object.fromEntries(entries)).map((record) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
      return out;
    });
  }
  if (schema instanceof z.ZodString) return stringArbitrary(schema);
  if (schema instanceof z.ZodNumber) {
    const { min, max, int } = numberBounds(schema);
    return int
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true }).map((n) => Math.round(n * 100) / 100);
  }
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as unknown[]));
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...(schema.values as Set<unknown>));
  if (schema instanceof z.ZodUnion)
    return fc.oneof(...(schema.options as z.ZodType[]).map((o) => validArbitrary(o, hints, key, depth + 1)));
  if (schema instanceof z.ZodArray) {
    let minLength = 0;
    let maxLength = 4;
    for (const c of checksOf(schema)) {
      if (c.check === 'min_length' && c.minimum !== undefined) minLength = c.minimum;
      if (c.check === 'max_length' && c.maximum !== undefined) maxLength = Math.min(maxLength, c.maximum);
    }
    return fc.array(validArbitrary(schema.element as z.ZodType, hints, key, depth + 1), {
      minLength,
      maxLength: Math.max(minLength, maxLength),
    });
  }
  if (schema instanceof z.ZodNull) return fc.constant(null);
  return anyJson;
}

/** Values on and just past the schema's limits (lengths, bounds, integer-ness). */
export function boundaryValues(schema: z.ZodType | undefined): unknown[] {
  const s = schema instanceof z.ZodType ? unwrap(schema) : undefined;
  if (s instanceof z.ZodString) {
    const values: unknown[] = ['', ' ', '\t\n'];
    for (const c of checksOf(s)) {
      const n = c.minimum ?? c.maximum;
      if ((c.check === 'min_length' || c.check === 'max_length') && n !== undefined && n <= 20_000) {
        for (const len of [n - 1, n, n + 1]) if (len >= 0) values.push('a'.repeat(len), 'é'.repeat(len), ' '.repeat(len));
      }
    }
    return values;
  }
  if (s instanceof z.ZodNumber) {
    const { min, max, int } = numberBounds(s);
    const values = [
      min,
      max,
      min - 1,
      max + 1,
      min - 0.001,
      max + 0.001,
      0,
      -0,
      0.5,
      1e308,
      -1e308,
      2 ** 53,
      2 ** 53 + 2,
      2 ** 31,
      -(2 ** 31) - 1,
    ];
    if (int) values.push(min + 0.5);
    return [...values, ...values.map(String)];
  }
  if (s instanceof z.ZodArray) return [[], Array.from({ length: 51 }, () => 'x'), Array.from({ length: 300 }, () => 'x')];
  return ['', 0, -1, null];
}

/**
 * Deep nesting travels as a marker string that jsonText expands in the JSON text: a value thousands
 * of levels deep would overflow the generator's own recursion (copying, shrinking, stringifying).
 */
const DEEP = '\uE000deep';
function deepMarker(depth: number, kind: 'array' | 'object'): string {
  return `${DEEP}:${kind}:${depth}\uE000`;
}

/** JSON text of a generated value, with deep-nesting markers expanded. */
export function jsonText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return JSON.stringify(value).replace(/"\uE000deep:(array|object):(\d+)\uE000"/g, (_m, kind: string, n: string) =>
    kind === 'array' ? `${'['.repeat(Number(n))}1${']'.repeat(Number(n))}` : `${'{"a":'.repeat(Number(n))}1${'}'.repeat(Number(n))}`,
  );
}

/** A JSON object with an own property of a prototype-named key (a JS literal would set the prototype). */
export function withOwnKey(key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}

const hostileByCategory: Record<HostileCategory, fc.Arbitrary<unknown>> = {
  'wrong-type': fc.constantFrom(null, true, false, 0, -1, 1.5, '', [], {}, [1, 'a'], { a: 1 }, 'true', 'null'),
  huge: fc.constantFrom(
    'a'.repeat(100_000),
    'é'.repeat(30_000),
    '9'.repeat(400),
    'x '.repeat(20_000),
    Array.from({ length: 5000 }, () => 'x'),
  ),
  deep: fc
    .tuple(fc.integer({ min: 50, max: 5000 }), fc.constantFrom('array' as const, 'object' as const))
    .map(([n, kind]) => deepMarker(n, kind)),
  nul: fc.constantFrom('\u0000', 'a\u0000b', 'alice\u0000', '\u0000'.repeat(10)),
  control: fc.constantFrom('\u0007', '\u001b[31mred', 'a\r\nb', '\u0008\u0008', '\u007f', 'tab\there', '\u0085'),
  unicode: fc.oneof(
    fc.constantFrom(
      '\ud800',
      '\udfff',
      'a\u200bb',
      '\u202egnp.exe',
      'ａｌｉｃｅ',
      '🚗'.repeat(50),
      'e\u0301\u0301\u0301',
      '\ufeff',
      '\uffff',
      'İı',
      'ß',
    ),
    fc.string({ unit: 'binary', maxLength: 30 }).map((s) => s.replaceAll('\u0000', '')),
  ),
  'numeric-string': fc.constantFrom(
    '0',
    '-0',
    '1e3',
    '1e309',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1_000',
    ' 42 ',
    '12abc',
    '.5',
    '5.',
    '+1',
    '00012',
    '9007199254740993',
    '-99999999999999999999',
    '1,5',
  ),
  injection: fc.constantFrom("' or 1=1 --", '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '%s%n', '\\', '"', '%'),
  'prototype-keys': fc
    .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom<unknown>({ polluted: true }, 'x', 1, null, []))
    .map(([k, v]) => withOwnKey(k, v)),
  'prototype-values': fc.constantFrom(...PROTOTYPE_KEYS),
  // Built per schema (boundaryArbitrary); this is the schema-free fallback.
  boundary: fc.constantFrom('', 0, -1),
};

export function hostileArbitrary(categories: readonly HostileCategory[]): fc.Arbitrary<{ category: HostileCategory; value: unknown }> {
  return fc.constantFrom(...categories).chain((category) => hostileByCategory[category].map((value) => ({ category, value })));
}
