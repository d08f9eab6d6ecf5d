import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/base/*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the fuel types with their wire ids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/fuel-types' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 0, name: 'None' },
      { id: 1, name: 'Petrol' },
      { id: 2, name: 'Diesel' },
      { id: 3, name: 'Electric' },
      { id: 4, name: 'Hybrid' },
      { id: 5, name: 'LPG' },
      { id: 6, name: 'Hydrogen' },
    ]);
  });

  it('lists the value types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/value-types' });
    expect(res.json()).toEqual([
      { id: 0, name: 'String' },
      { id: 1, name: 'Int' },
      { id: 2, name: 'Double' },
      { id: 3, name: 'Boolean' },
    ]);
  });

  it('lists the units of measurement', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/units' });
    const units = res.json<{ id: number; name: string }[]>();
    expect(units).toHaveLength(14);
    expect(units[0]).toEqual({ id: 0, name: 'None' });
    expect(units.find((u) => u.name === 'cc')).toEqual({ id: 5, name: 'cc' });
    expect(units[13]).toEqual({ id: 13, name: 'In' });
  });

  it('needs no sign-in, tolerates odd case and a trailing slash, and may be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/Base/Fuel-Types/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
