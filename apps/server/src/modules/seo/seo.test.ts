import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, createVehicleType, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vehicleTypes } from '../../db/schema/index';

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
        'Disallow: /de/profile',
        'Disallow: /fr/chat',
        'Disallow: /nl/manage',
        'Disallow: /es/login',
      ]),
    );
    expect(lines).not.toContain('Disallow: /de/listing');
    expect(lines).toContain('Sitemap: http://cars.example/sitemap.xml');
  });

  it('lists the listing entry points and every live vehicle: a new one appears, a deleted one goes', async () => {
    const owner = await createUser(t.database);
    const truck = await createVehicleType(t.database, { name: 'Pickup Truck' });
    const kept = await createVehicle(t.database, { ownerId: owner.id, vehicleTypeId: truck.id });
    const before = await sitemap();
    expect(before).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
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

  it('lists every public page in each of the six languages, each with all its languages and x-default as alternates', async () => {
    const owner = await createUser(t.database);
    const vehicle = await createVehicle(t.database, { ownerId: owner.id });
    const body = await sitemap();
    const urls = [...body.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    const locs = urls.map((u) => /<loc>([^<]+)<\/loc>/.exec(u)![1]!);
    for (const path of ['', '/listing', `/api/vehicle/${vehicle.id}`, '/about', '/contact-us', '/privacy']) {
      for (const prefix of ['/de', '/fr', '/es', '/it', '/nl']) expect(locs).toContain(`http://cars.example${prefix}${path}`);
      expect(locs).toContain(`http://cars.example${path || '/'}`);
    }
    expect(locs.filter((l) => l.includes('/profile') || l.includes('/login'))).toEqual([]);
    // Six URLs per page, none twice.
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.length % 6).toBe(0);
    const german = urls.find((u) => u.includes(`<loc>http://cars.example/de/api/vehicle/${vehicle.id}</loc>`))!;
    expect(german).toMatch(/<lastmod>\d{4}-/);
    for (const [lang, href] of [
      ['en', `/api/vehicle/${vehicle.id}`],
      ['de', `/de/api/vehicle/${vehicle.id}`],
      ['fr', `/fr/api/vehicle/${vehicle.id}`],
      ['nl', `/nl/api/vehicle/${vehicle.id}`],
      ['x-default', `/api/vehicle/${vehicle.id}`],
    ]) {
      expect(german).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="http://cars.example${href}"/>`);
    }
    const frenchListing = urls.find((u) => u.includes('<loc>http://cars.example/fr/listing?type=')) ?? '';
    expect(frenchListing).toMatch(/hreflang="de" href="http:\/\/cars\.example\/de\/listing\?type=/);
  });

  it('names a type in each language’s listing URL, with the English name where a language has none', async () => {
    const type = await createVehicleType(t.database, { name: 'Camper Van' });
    await t.database.db
      .update(vehicleTypes)
      .set({ translations: { de: 'Wohnmobil', fr: 'Camping-car' } })
      .where(eq(vehicleTypes.id, type.id));
    const urls = [...(await sitemap()).matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    const german = urls.find((u) => u.includes('<loc>http://cars.example/de/listing?type=Wohnmobil</loc>'));
    expect(german).toBeDefined();
    for (const [lang, href] of [
      ['en', '/listing?type=Camper+Van'],
      ['de', '/de/listing?type=Wohnmobil'],
      ['fr', '/fr/listing?type=Camping-car'],
      ['it', '/it/listing?type=Camper+Van'],
      ['x-default', '/listing?type=Camper+Van'],
    ]) {
      expect(german).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="http://cars.example${href}"/>`);
    }
    const locs = urls.map((u) => /<loc>([^<]+)<\/loc>/.exec(u)![1]!);
    expect(locs).toContain('http://cars.example/listing?type=Camper+Van');
    expect(locs).toContain('http://cars.example/fr/listing?type=Camping-car');
    expect(locs).not.toContain('http://cars.example/de/listing?type=Camper+Van');
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
