import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports ready once the database answers and the search index has loaded', async () => {
    // The index's first load runs in the background after start: until then the answer is 503.
    let res = await t.app.inject({ method: 'GET', url: '/API/Ready/' });
    for (let i = 0; i < 100 && res.statusCode === 503; i++) {
      expect(res.json()).toMatchObject({ code: 'not_ready', detail: 'Still starting: search index.' });
      await new Promise((r) => setTimeout(r, 50));
      res = await t.app.inject({ method: 'GET', url: '/API/Ready/' });
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
  });

  it('answers unknown API paths with a problem+json 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
