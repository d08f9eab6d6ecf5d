import fc from 'fast-check';
import { z } from 'zod';
import { AnswerClaimFieldsSchema, OpenClaimFieldsSchema } from '@rentdrive/contracts/claims';
import { VehicleCreateFieldsSchema, VehicleEditFieldsSchema } from '@rentdrive/contracts/vehicles';
import type { RegisteredRoute } from '../../src/plugins/route-access';
import type { FuzzWorld } from './fuzz-world';
import { applyMutations, mutationsArbitrary } from './mutate';
import { jsonText, validArbitrary, type HostileCategory } from './schema-arbitrary';

export type Identity = 'anonymous' | 'user' | 'employee';

export interface FuzzRequest {
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  remoteAddress: string;
  /** Which hostile categories the request carries (for the report). */
  categories: HostileCategory[];
}

/**
 * Multipart routes read their text fields with these schemas (inside the handler, after the files),
 * so the route table cannot name them. A multipart route missing here fails the suite.
 */
export const MULTIPART_FIELDS: Record<string, z.ZodType> = {
  'POST /api/vehicle/create': VehicleCreateFieldsSchema,
  'PUT /api/vehicle/edit/:id': VehicleEditFieldsSchema,
  // Damage claims (issue 27): the owner's claim and the renter's answer, with photos.
  'POST /api/rental/claim/:rentalId': OpenClaimFieldsSchema,
  'POST /api/rental/claim/:rentalId/answer': AnswerClaimFieldsSchema,
};

/** encodeURIComponent, with lone surrogates (which it refuses) replaced: a URL cannot carry them. */
function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

const zodOf = (value: unknown): z.ZodType | undefined => (value instanceof z.ZodType ? value : undefined);

function hostileParams(enabled: ReadonlySet<HostileCategory>): string[] {
  const values = [
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    ' ',
    'null',
    'undefined',
    'NaN',
    "' or 1=1--",
    '<script>',
    '🚗',
    'ａｌｉｃｅ',
    'a\u200bb',
    '\u202e',
    'x'.repeat(499),
    'x'.repeat(501),
    '..',
    '.',
  ];
  if (enabled.has('prototype-values')) values.push('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf');
  if (enabled.has('control')) values.push('\u0007', 'a\r\nb');
  if (enabled.has('nul')) values.push('\u0000', 'a\u0000');
  return values;
}

/** Raw (not re-encoded) path pieces: broken escapes and traversal. */
const RAW_PARAMS = ['%', '%zz', '%C0%AF', '..%2F..%2F', '%2e%2e', '%E2%80%AE', '%ff%fe', 'a;b', 'a%2Fb'];

function paramArbitrary(world: FuzzWorld, enabled: ReadonlySet<HostileCategory>): fc.Arbitrary<string> {
  const hostile = hostileParams(enabled);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...world.ids).map(encode), weight: 4 },
    { arbitrary: fc.constantFrom(...world.ids).map((id) => encode(id.toUpperCase())), weight: 1 },
    { arbitrary: fc.constantFrom(...hostile).map(encode), weight: 3 },
    {
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => encode(enabled.has('nul') ? s : s.replaceAll('\u0000', ''))),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...RAW_PARAMS), weight: 1 },
  );
}

function pathArbitrary(route: RegisteredRoute, world: FuzzWorld, enabled: ReadonlySet<HostileCategory>): fc.Arbitrary<string> {
  const pieces = route.url.split('/');
  const param = paramArbitrary(world, enabled);
  const segment = pieces.map((piece) => {
    if (piece.startsWith(':')) return param;
    if (piece === '*') return fc.array(param, { maxLength: 3 }).map((parts) => parts.join('/'));
    return fc.constant(piece);
  });
  return fc.tuple(fc.tuple(...segment), fc.constantFrom('as-is', 'as-is', 'as-is', 'upper', 'trailing-slash')).map(([parts, variant]) => {
    // Only the static parts change case: ids in paths keep theirs.
    const joined = parts.map((p, i) => (variant === 'upper' && !pieces[i]!.startsWith(':') ? p.toUpperCase() : p)).join('/');
    // The CORS preflight route is '*': any path.
    const path = route.url === '*' ? `/api/${joined}` : joined;
    return variant === 'trailing-slash' ? `${path}/` : path;
  });
}

/** A query string from an object; repeated keys for arrays, `key` alone for null. */
function toQuery(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the objects were handled above; only primitives reach String().
  if (typeof value !== 'object' || value === null) return value === undefined ? '' : `q=${encode(String(value))}`;
  const pairs: string[] = [];
  const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  for (const [key, v] of Object.entries(value)) {
    const k = encode(key);
    if (v === null) pairs.push(k);
    else if (Array.isArray(v)) for (const item of v.slice(0, 50)) pairs.push(`${k}=${encode(text(item)).slice(0, 8000)}`);
    else pairs.push(`${k}=${encode(text(v)).slice(0, 8000)}`);
  }
  return pairs.join('&');
}

const RAW_BODIES = [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '123',
  'true',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"__proto__":',
  '<xml/>',
  'a=1&b=2',
];

/** The JSON body: the schema's valid value, mutated; sometimes raw text or another content type. */
function bodyArbitrary(
  schema: z.ZodType | undefined,
  world: FuzzWorld,
  enabled: ReadonlySet<HostileCategory>,
): fc.Arbitrary<{ payload: string | undefined; contentType: string | undefined; categories: HostileCategory[] }> {
  const base = schema ? validArbitrary(schema, world.hints) : fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }));
  const structured = fc
    .tuple(base, mutationsArbitrary(enabled))
    .map(([value, mutations]) => applyMutations(value, schema, mutations, enabled));
  const contentTypes = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    undefined,
  );
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc.tuple(structured, contentTypes).map(([{ value, categories }, contentType]) => ({
        payload: jsonText(value),
        contentType,
        categories,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_BODIES.filter((b) => enabled.has('nul') || !b.includes('\u0000')))
        .map((payload) => ({ payload, contentType: 'application/json', categories: [] })),
    },
  );
}

function multipartName(key: string, variant: number): string {
  return variant % 3 === 0 ? key : variant % 3 === 1 ? key.charAt(0).toUpperCase() + key.slice(1) : key.toLowerCase();
}

/** Text parts in the form's naming (`PropertyValues[0].PropertyId`), file parts from the image pool. */
function encodeMultipart(
  fields: unknown,
  files: { field: string; name: string; bytes: Buffer; type: string }[],
  variant: number,
  truncate: boolean,
): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${variant}`;
  const chunks: Buffer[] = [];
  const text = (name: string, value: unknown) => {
    const v =
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the objects were handled above; only primitives reach String().
      typeof value === 'object' && value !== null ? JSON.stringify(value) : value === null || value === undefined ? '' : String(value);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replaceAll('"', '%22')}"\r\n\r\n${v}\r\n`));
  };
  if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
    for (const [key, value] of Object.entries(fields)) {
      const name = multipartName(key, variant);
      if (Array.isArray(value)) {
        value.slice(0, 120).forEach((item, i) => {
          if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
            for (const [sub, v] of Object.entries(item)) text(`${name}[${i}].${multipartName(sub, variant)}`, v);
          } else {
            text(variant % 2 ? `${name}[${i}]` : name, item);
          }
        });
      } else {
        text(name, value);
      }
    }
  } else {
    text('fields', fields);
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name.replaceAll('"', '%22')}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  if (!truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function multipartArbitrary(
  schema: z.ZodType,
  world: FuzzWorld,
  enabled: ReadonlySet<HostileCategory>,
): fc.Arbitrary<{ payload: Buffer; contentType: string | undefined; categories: HostileCategory[] }> {
  const fields = fc
    .tuple(validArbitrary(schema, world.hints), mutationsArbitrary(enabled))
    .map(([value, mutations]) => applyMutations(value, schema, mutations, enabled));
  const fileFields = ['Images', 'images', 'NewImages', 'Images[0]', 'photo', 'make'];
  const file = fc
    .tuple(fc.constantFrom(...world.images), fc.constantFrom(...fileFields))
    .map(([image, field]) => ({ field, name: image.name, bytes: image.bytes, type: image.type }));
  return fc
    .record({
      fields,
      files: fc.array(file, { maxLength: 3 }),
      variant: fc.nat(),
      brokenType: fc.constantFrom(false, false, false, false, false, false, false, false, true),
      cut: fc.constantFrom(false, false, false, false, false, false, false, false, true),
    })
    .map(({ fields: { value, categories }, files, variant, brokenType, cut }) => {
      const { body, contentType } = encodeMultipart(value, files, variant, cut);
      return { payload: body, contentType: brokenType ? 'multipart/form-data' : contentType, categories };
    });
}

/** One request to one route: identity, path, query, headers and body all drawn from the route's schemas. */
export function requestArbitrary(
  route: RegisteredRoute,
  world: FuzzWorld,
  enabled: ReadonlySet<HostileCategory>,
): fc.Arbitrary<FuzzRequest> {
  const schema = route.schema ?? {};
  const querySchema = zodOf(schema.querystring);
  const query = querySchema
    ? fc
        .tuple(validArbitrary(querySchema, world.hints), mutationsArbitrary(enabled))
        .map(([value, mutations]) => applyMutations(value, querySchema, mutations, enabled))
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant({ value: undefined, categories: [] as HostileCategory[] }) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 })).map((value) => ({ value, categories: [] })),
        },
      );
  const key = `${route.method} ${route.url}`;
  const multipart = MULTIPART_FIELDS[key];
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const body = !hasBody
    ? fc.constant({ payload: undefined, contentType: undefined, categories: [] as HostileCategory[] })
    : multipart
      ? fc.oneof(
          { weight: 5, arbitrary: multipartArbitrary(multipart, world, enabled) },
          { weight: 1, arbitrary: bodyArbitrary(undefined, world, enabled) },
        )
      : bodyArbitrary(zodOf(schema.body), world, enabled);
  return fc
    .record({
      identity: fc.constantFrom<Identity>('anonymous', 'user', 'user', 'employee'),
      path: pathArbitrary(route, world, enabled),
      query,
      body,
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', 'x'.repeat(300), 'key with spaces')), { freq: 3 }),
      ip: fc.ipV4(),
    })
    .map(({ identity, path, query: q, body: b, idempotencyKey, ip }) => {
      const queryText = toQuery(q.value);
      const headers: Record<string, string> = {};
      if (b.contentType) headers['content-type'] = b.contentType;
      if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
      return {
        identity,
        method: route.method,
        url: queryText ? `${path}?${queryText}` : path,
        headers,
        payload: b.payload,
        remoteAddress: ip,
        categories: [...q.categories, ...b.categories],
      };
    });
}

/** The request as a line a developer can replay from (bodies cut to 600 characters). */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` body(${request.payload.length} bytes)=${JSON.stringify(request.payload.toString('latin1').slice(0, 600))}`
        : ` body=${JSON.stringify(request.payload.slice(0, 600))}${request.payload.length > 600 ? `... (${request.payload.length} chars)` : ''}`;
  return `${request.identity} ${request.method} ${request.url.slice(0, 600)} headers=${JSON.stringify(request.headers)}${body}`;
}
