import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/plugins/route-access';
import { signIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { createFingerprint, fingerprintDiff } from './db-fingerprint';
import { describeRequest, MULTIPART_FIELDS, requestArbitrary, type FuzzRequest, type Identity } from './fuzz-requests';
import { buildFuzzWorld, FUZZ_CLOCK_START, type FuzzWorld } from './fuzz-world';
import { HOSTILE_CATEGORIES, type HostileCategory } from './schema-arbitrary';

/**
 * Every route the app registers, fuzzed from its own schemas: valid, boundary and hostile bodies,
 * queries and path parameters, anonymously and signed in (a user with money and a vehicle, an
 * employee). Whatever arrives, the answer is never a 5xx, every 4xx is problem+json, and a refused
 * request leaves the database and the upload directory exactly as they were.
 *
 * Two runs: a fixed seed (the same requests every time) and a changing one, printed, so a failure
 * found by chance can be replayed with FUZZ_SEED=<seed>. FUZZ_RUNS changes the requests per seed.
 */
const FIXED_SEED = 20_261_124;
const CHANGING_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
const RUNS_PER_SEED = Number(process.env.FUZZ_RUNS ?? 1500);

const ENABLED: ReadonlySet<HostileCategory> = new Set(HOSTILE_CATEGORIES);

let t: TestApp;
let world: FuzzWorld;
let fingerprint: () => Promise<string>;
const cookies = new Map<Identity, string>();

beforeAll(async () => {
  t = await createTestApp({ clockStart: FUZZ_CLOCK_START, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000000' } });
  world = await buildFuzzWorld(t);
  fingerprint = await createFingerprint(t.database, t.config.uploadDir);
  cookies.set('user', await signIn(t.database, world.user));
  cookies.set('employee', await signIn(t.database, world.employee));
});
afterAll(async () => {
  await t?.close();
});

/** Plugin-served documentation and HEAD twins get fewer requests than the routes of the product. */
function weightOf(route: RegisteredRoute): number {
  if (route.method === 'HEAD' || route.url.startsWith('/api/docs') || route.url === '*') return 1;
  return 4;
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const cookie = request.identity === 'anonymous' ? undefined : cookies.get(request.identity);
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    payload: request.payload,
    remoteAddress: request.remoteAddress,
  });
  // Signing out, in again or changing the password ends the session the next requests use.
  if (
    request.identity !== 'anonymous' &&
    request.method === 'POST' &&
    /^\/api\/account\//i.test(request.url) &&
    response.statusCode < 300
  ) {
    cookies.set(request.identity, await signIn(t.database, request.identity === 'user' ? world.user : world.employee));
  }
  return response;
}

/** What is wrong with an answer: a 5xx, or a 4xx that is not a readable problem+json. */
function problemsOf(request: FuzzRequest, response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  if (status >= 500) return [`answered ${status}: ${response.body.slice(0, 300)}`];
  if (status < 400) return [];
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json'))
    return [`answered ${status} as '${type}', not problem+json: ${response.body.slice(0, 200)}`];
  if (request.method === 'HEAD') return [];
  let body: { status?: unknown; detail?: unknown; title?: unknown };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    return [`answered ${status} with a body that is not JSON: ${response.body.slice(0, 200)}`];
  }
  if (body.status !== status || typeof body.detail !== 'string' || body.detail === '' || typeof body.title !== 'string') {
    return [`answered ${status} with an incomplete problem: ${response.body.slice(0, 300)}`];
  }
  return [];
}

describe('fuzzing every route', () => {
  it('knows how to build a request for every registered route', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(50);
    const multipart = routes.filter((r) => (r.schema?.consumes as string[] | undefined)?.includes('multipart/form-data'));
    expect(multipart.map((r) => `${r.method} ${r.url}`).filter((key) => !MULTIPART_FIELDS[key])).toEqual([]);
  });

  for (const [name, seed] of [
    ['a fixed seed', FIXED_SEED],
    ['a changing seed', CHANGING_SEED],
  ] as const) {
    it(`never answers 5xx, always problem+json, and writes nothing when it refuses (${name}: ${seed})`, { timeout: 600_000 }, async () => {
      if (seed === CHANGING_SEED) console.log(`fuzz: changing seed ${seed} (replay with FUZZ_SEED=${seed})`);
      const routes = t.app.routeTable;
      const arbitrary = fc.oneof(
        ...routes.map((route) => ({ arbitrary: requestArbitrary(route, world, ENABLED), weight: weightOf(route) })),
      );
      let stored = await fingerprint();
      let sent = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          const response = await send(request);
          sent++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problems = problemsOf(request, response);
          if (response.statusCode >= 400) {
            const now = await fingerprint();
            if (now !== stored) {
              problems.push(`refused with ${response.statusCode} but changed what is stored:\n${fingerprintDiff(stored, now)}`);
              stored = now;
            }
          } else if (request.method !== 'GET' && request.method !== 'HEAD') {
            stored = await fingerprint();
          }
          if (problems.length) {
            throw new Error(
              `${problems.join('\n')}\nrequest: ${describeRequest(request)}\ncategories: ${request.categories.join(', ') || 'none'}`,
            );
          }
        }),
        { seed, numRuns: RUNS_PER_SEED },
      );
      const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`);
      console.log(`fuzz (${name}): ${sent} requests over ${routes.length} routes; statuses ${summary.join(' ')}`);
      // A prototype-named key must never have reached Object.prototype.
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  }
});
