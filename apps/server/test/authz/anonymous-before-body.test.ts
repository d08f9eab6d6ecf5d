import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

/**
 * The route table's access rule refuses an anonymous caller before the request body is read or
 * validated: a signed-out client learns it must sign in (401), not that its body is wrong (400), and
 * no route needs a sign-in hook of its own for that. Walks every route that takes a body.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('anonymous callers of a signed-in route', () => {
  it('get 401 whatever body they send, for every route that takes one', async () => {
    const routes = t.app.routeTable.filter((route) => route.access !== undefined && route.access !== 'public' && route.schema?.body);
    // The routes that once carried a sign-in hook of their own are among them.
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /api/vehiclereview/add',
      'POST /api/rental/rent/:vehicleId',
      'POST /api/wallet/add-funds',
      'POST /api/wallet/withdraw',
    ])
      expect(urls).toContain(expected);

    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const payload of ['{}', '{"unexpected": [1, 2, 3]}', 'not json']) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(`${route.method} ${route.url} ${payload}: ${response.statusCode}`).toBe(`${route.method} ${route.url} ${payload}: 401`);
      }
    }
  });
});
