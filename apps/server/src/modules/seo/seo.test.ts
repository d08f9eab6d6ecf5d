import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;

describe('robots.txt and sitemap.xml', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sitemap = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'cars.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    return res.body;
  };

  it('robots.txt opens the public pages (vehicle pages under /api/vehicle/), closes private ones and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'cars.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /api/vehicle/',
        'Disallow: /api/',
        'Disallow: /profile',
        'Disallow: /chat',
        'Disallow: /manage',
      ]),
    );
    expect(lines).toContain('Sitemap: http://cars.example/sitemap.xml');
  });

  it('lists the listing entry points and every live vehicle: a new one appears, a deleted one goes', async () => {
    const owner = await createUser(t.database);
    const truck = await createVehicleType(t.database, { name: 'Pickup Truck' });
    const kept = await createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: truck.id });
    const before = await sitemap();
    expect(before).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(before).toContain('<loc>http://cars.example/</loc>');
    expect(before).toContain('<loc>http://cars.example/listing</loc>');
    expect(before).toContain('<loc>http://cars.example/listing?type=Pickup+Truck</loc>');
    expect(before).toContain('<loc>http://cars.example/contact-us</loc>');
    expect(before).toMatch(new RegExp(`<loc>http://cars.example/api/vehicle/${kept.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`));

    const listed = await createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: truck.id });
    expect(await sitemap()).toContain(`/api/vehicle/${listed.id}</loc>`);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/vehicle/delete/${listed.id}`,
      headers: { cookie: await signIn(t.database, owner) },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await sitemap();
    expect(after).not.toContain(listed.id);
    expect(after).toContain(kept.id);
  });

  it('a sitemap page past the end is 404, a bad page number 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml?page=2' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml?page=0' })).statusCode).toBe(400);
  });
});

describe('with PUBLIC_URL set', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({ env: { PUBLIC_URL: 'https://rentdrive.example/' } });
  });
  afterAll(() => site.close());

  it('robots.txt and the sitemap link to the public address, whatever Host the request names', async () => {
    const headers = { host: 'attacker.example' };
    const robots = await site.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(robots.body.split('\n')).toContain('Sitemap: https://rentdrive.example/sitemap.xml');
    const map = await site.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    expect(map.body).toContain('<loc>https://rentdrive.example/listing</loc>');
    expect(map.body).not.toContain('attacker.example');
  });
});
