import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accountData from '@rentdrive/contracts/account-data';
import * as audit from '@rentdrive/contracts/audit';
import * as claims from '@rentdrive/contracts/claims';
import * as dashboard from '@rentdrive/contracts/dashboard';
import * as mail from '@rentdrive/contracts/mail';
import * as paths from '@rentdrive/contracts/paths';
import { createTestApp, type TestApp } from '../test/test-app';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * The modules that name routes: the paths module, and the contract modules of screens no visitor
 * opens first (employees' and account screens), which keep their paths beside their schemas so that
 * the first load, which carries the paths module, does not grow with them.
 */
const PATH_MODULES: Record<string, unknown>[] = [paths, accountData, audit, claims, dashboard, mail];

/** Every route the path modules name, as the server registers it. */
function namedRoutes(): string[] {
  const routes: string[] = [];
  for (const [name, value] of PATH_MODULES.flatMap((module) => Object.entries(module))) {
    if (typeof value !== 'object' || !name.endsWith('Paths')) continue;
    for (const entry of Object.values(value as Record<string, string | { pattern: string }>)) {
      routes.push(typeof entry === 'string' ? entry : entry.pattern);
    }
  }
  return routes;
}

describe('the paths module', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { E2E_TEST_HOOKS: 'true' } });
  });
  afterAll(() => t.close());

  it('names only routes the server answers', () => {
    const routes = namedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const unserved = routes.filter((url) => !METHODS.some((method) => t.app.hasRoute({ method, url })));
    expect(unserved).toEqual([]);
  });

  it('names every API and search-engine route the server registers', () => {
    const named = new Set(namedRoutes());
    const { API_PREFIX, SeoPaths, SystemPaths } = paths;
    const registered = t.app.routeTable
      .map((route) => route.url)
      // The OpenAPI browser's own files sit under its prefix (the prefix itself is named).
      .filter((url) => !url.startsWith(`${SystemPaths.docs}/`))
      .filter((url) => url.startsWith(API_PREFIX) || Object.values<string>(SeoPaths).includes(url));
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.filter((url) => !named.has(url))).toEqual([]);
  });
});
