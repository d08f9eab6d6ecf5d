import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, createVehicle, createVehicleType } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildWebApp } from '../../test/web-build';
import { vehicles } from '../db/schema/vehicles';

// A crawler gets the finished page whole (a browser's first visit streams it: page-streaming.test.ts).
const HTML = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};
const HOSTILE = '</script><script>alert(1)</script>';

let t: TestApp;
let web: ReturnType<typeof buildWebApp>;
let audi: { id: string };
let bmw: { id: string };

// One build (browser + server renderer) for both apps of this file.
beforeAll(() => {
  web = buildWebApp('ssr-pages');
}, 300_000);
afterAll(() => web?.remove());

/** The pages as a crawler gets them: HTML fetched without running any script. */
describe('server-rendered pages', () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: web.distDir } });
    const owner = await createUser(t.database, { username: 'pageowner' });
    const car = await createVehicleType(t.database, { name: 'Car' });
    const suv = await createCategory(t.database, car.id, { name: 'SUV' });
    const common = { ownerId: owner.id, vehicleTypeId: car.id, vehicleTypeCategoryId: suv.id, imageCount: 2 };
    audi = await createVehicle(t.database, {
      ...common,
      make: 'Audi',
      model: 'Q5',
      pricePerDayCents: 12345,
      dateOfProduction: '2021-03-01',
      description: `Roomy and quiet. ${HOSTILE}`,
    });
    bmw = await createVehicle(t.database, { ...common, make: 'BMW', model: 'X3', pricePerDayCents: 9900 });
    await t.database.db.update(vehicles).set({ reviewCount: 2, starsTotal: 9 }).where(eq(vehicles.id, audi.id));
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = HTML) => t.app.inject({ method: 'GET', url, headers });

  /** The text of each card (<article>) in the page. */
  function cards(html: string): string[] {
    return [...html.matchAll(/<article[^>]*>(.*?)<\/article>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
  }

  function jsonLd(html: string): Record<string, unknown> {
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]!) as Record<string, unknown>;
  }

  it('home arrives with its heading, the recent cards with prices, and its own title and description', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toMatch(/<h1[^>]*>Find Your Next Ride<\/h1>/);
    expect(html).toContain('Over 0+ Active Listings');
    expect(html).toContain('Recent Listing');
    expect(cards(html)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Audi.*Q5.*123\.45€/), expect.stringMatching(/BMW.*X3.*99\.00€/)]),
    );
    expect(html).toContain('<title>Find Your Next Ride | RentDrive</title>');
    expect(html).toMatch(/<meta name="description" content="Rent cars[^"]+active listings/);
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/" />');
    expect(html).toContain('<script type="application/json" id="page-state">');
    // Nothing was left for the browser to render in place of the server (no client-rendered boundary).
    expect(html).not.toContain('<!--$!');
  });

  it('the listing renders the filters of its URL: heading, only the matching cards, their count and a canonical link', async () => {
    const res = await get('/listing?make=Audi&type=Car&sort=relevance&page=1');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<h1[^>]*>.*Cars.*<\/h1>/s);
    expect(html).toContain('<title>Cars | RentDrive</title>');
    expect(html).toContain('1 vehicle found');
    const found = cards(html);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Audi.*Q5.*123\.45€/);
    // Defaults dropped, parameters sorted: every spelling of this listing names one URL.
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/listing?make=Audi&#38;type=Car" />');
    expect(html).toContain('<meta name="description" content="Cars for rent by the day on RentDrive: 1 vehicle listed.');
    expect(html).not.toContain('<!--$!');
  });

  it("a vehicle's page has its name, price, description and first photo, Open Graph and Twitter tags and Product JSON-LD", async () => {
    const res = await get(`/api/vehicle/${audi.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<h1[^>]*>.*Audi Q5<\/h1>/s);
    expect(html).toContain('123.45€');
    expect(html).toContain('Roomy and quiet.');
    const firstPhoto = /<img [^>]*alt="Audi Q5, image 1 of 2"[^>]*>/.exec(html)?.[0];
    expect(firstPhoto).toMatch(/ src="\/images\/vehicles\/[0-9a-f-]+\.webp"/);
    expect(html).toContain('<title>Audi Q5 (2021) for rent | RentDrive</title>');
    expect(html).toContain('<meta property="og:title" content="Audi Q5 (2021) for rent: 123.45€ per day" />');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:80\/images\/vehicles\/[0-9a-f-]+\.webp" \/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toMatch(/<meta name="twitter:image" content="http:\/\/localhost:80\/images\/vehicles\//);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:80/api/vehicle/${audi.id}" />`);

    const product = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Audi Q5',
      brand: { '@type': 'Brand', name: 'Audi' },
      offers: { '@type': 'Offer', price: '123.45', priceCurrency: 'EUR' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    expect(product.description).toContain(HOSTILE);
    // The owner's text cannot end a script element: only the page's own scripts exist (the build's
    // modules, the JSON-LD and the page's data).
    expect(html).not.toContain('<script>alert(1)</script>');
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    const ownScript =
      /^<script (type="module" crossorigin src="\/assets\/[\w-]+\.js"|type="application\/ld\+json"|type="application\/json" id="page-state")>$/;
    expect(scripts.filter((tag) => !ownScript.test(tag))).toEqual([]);
    expect(scripts.filter((tag) => tag.includes('json'))).toHaveLength(2);
  });

  it("the photo that is the page's largest paint is asked for first: preloaded from the top of <head>, as its <img> names it", async () => {
    // Attribute names are case-insensitive in HTML (React writes srcSet, the head's link imagesrcset).
    const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    const preload = (html: string) => /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    const beforeScriptsAndStyles = (html: string) => {
      const at = html.indexOf('<link rel="preload" as="image"');
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(html.indexOf('<script'));
      expect(at).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    };

    // The vehicle's main photo, with the srcset and sizes of its <img> (so the browser reuses the file).
    const details = (await get(`/api/vehicle/${audi.id}`)).body;
    const photo = /<img [^>]*alt="Audi Q5, image 1 of 2"[^>]*>/.exec(details)![0];
    const link = preload(details);
    expect(attribute(link, 'href')).toBe(attribute(photo, 'src'));
    expect(attribute(link, 'imagesrcset')).toBe(attribute(photo, 'srcset'));
    expect(attribute(link, 'imagesizes')).toBe(attribute(photo, 'sizes'));
    expect(link).toContain('fetchpriority="high"');
    beforeScriptsAndStyles(details);

    // The listing's first card.
    const listing = (await get('/listing?make=BMW&type=Car')).body;
    const cardPhoto = /<article[^>]*>.*?<img [^>]*>/s.exec(listing)![0];
    expect(attribute(preload(listing), 'href')).toBe(attribute(cardPhoto.slice(cardPhoto.lastIndexOf('<img')), 'src'));
    beforeScriptsAndStyles(listing);

    // Nothing to preload when the first card has no photo.
    const none = (await get('/listing?make=Nobody&type=Car')).body;
    expect(none).toContain('0 vehicles found');
    expect(preload(none)).toBe('');
  });

  it('a vehicle without reviews has no rating in its JSON-LD', async () => {
    const product = jsonLd((await get(`/api/vehicle/${bmw.id}`)).body);
    expect(product.offers).toMatchObject({ price: '99.00', priceCurrency: 'EUR' });
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('the page follows the data: a changed price shows on the next visit', async () => {
    expect((await get(`/api/vehicle/${bmw.id}`)).body).toContain('99.00€');
    await t.database.db.update(vehicles).set({ pricePerDayCents: 8800 }).where(eq(vehicles.id, bmw.id));
    const html = (await get(`/api/vehicle/${bmw.id}`)).body;
    expect(html).toContain('88.00€');
    expect(html).not.toContain('99.00€');
  });

  it("an unknown vehicle is the 'Vehicle not found.' page with status 404, kept out of search results", async () => {
    const res = await get('/api/vehicle/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Vehicle not found.');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('a malformed id is the not-found page for a browser and problem+json for a JSON client', async () => {
    const page = await get('/api/vehicle/not-a-vehicle');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Vehicle not found.');

    const json = await get('/api/vehicle/not-a-vehicle', { accept: 'application/json' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(json.headers['content-type']).toContain('application/problem+json');
    expect(json.json()).toHaveProperty('detail');

    const known = await get(`/api/vehicle/${audi.id}`, { accept: 'application/json' });
    expect(known.json()).toMatchObject({ make: 'Audi', model: 'Q5' });
  });

  it('unknown paths answer the not-found page with 404; private pages are noindex', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
    for (const url of ['/profile', '/chat', '/login']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await get('/')).body).not.toContain('noindex');
  });

  it('compressed pages decode to the same bytes; a repeat visit with the ETag gets 304', async () => {
    const plain = await get('/');
    const br = await get('/', { ...HTML, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/', { ...HTML, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const again = await get('/', { ...HTML, 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("the footer's pages have their own title, description and canonical link", async () => {
    const expected = [
      ['/about', 'About Us', /RentDrive is a marketplace for renting cars/],
      ['/privacy', 'Privacy Policy', /personal data/],
      ['/contact-us', 'Contact Us', /Send RentDrive a message/],
    ] as const;
    for (const [url, title, description] of expected) {
      const html = (await get(url)).body;
      expect(html).toContain(`<title>${title} | RentDrive</title>`);
      expect(/<meta name="description" content="([^"]+)"/.exec(html)?.[1]).toMatch(description);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:80${url}" />`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html).not.toContain('noindex');
    }
  });

  it('a screen outside the first load links the whole stylesheet after the first-load one; the public pages link only that one', async () => {
    const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map((m) => m[1]);
    const contact = await get('/contact-us');
    expect(contact.statusCode).toBe(200);
    expect(stylesheets(contact.body)).toEqual([expect.stringMatching(/^index-/), expect.stringMatching(/^styles-all-/)]);
    for (const url of ['/', '/listing', `/api/vehicle/${audi.id}`])
      expect(stylesheets((await get(url)).body)).toEqual([expect.stringMatching(/^index-/)]);
  });

  it('a page says whether its request carried a session cookie (the browser then knows a visitor is signed out), a 304 too', async () => {
    const visitor = await get('/');
    expect(visitor.headers['server-timing']).toBe('session;desc="none"');
    const withCookie = await get('/', { ...HTML, cookie: 'rd_session=anything' });
    expect(withCookie.headers['server-timing']).toBe('session;desc="cookie"');
    const revalidated = await get('/', { ...HTML, cookie: 'rd_session=anything', 'if-none-match': String(visitor.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['server-timing']).toBe('session;desc="cookie"');
  });

  it("the build's manifest is not served", async () => {
    expect((await get('/.vite/manifest.json', { accept: '*/*' })).statusCode).toBe(404);
  });
});

describe('server-rendered pages with PUBLIC_URL set', () => {
  let site: TestApp;
  let vehicleId: string;
  beforeAll(async () => {
    site = await createTestApp({ env: { WEB_DIST_DIR: web.distDir, PUBLIC_URL: 'https://rentdrive.example' } });
    const owner = await createUser(site.database, { username: 'siteowner' });
    const car = await createVehicleType(site.database, { name: 'Car' });
    const suv = await createCategory(site.database, car.id, { name: 'SUV' });
    ({ id: vehicleId } = await createVehicle(site.database, {
      ownerId: owner.id,
      vehicleTypeId: car.id,
      vehicleTypeCategoryId: suv.id,
      imageCount: 1,
    }));
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('canonical, og:url, og:image and JSON-LD use the public address, whatever Host the request names', async () => {
    const res = await site.app.inject({ method: 'GET', url: `/api/vehicle/${vehicleId}`, headers: { ...HTML, host: 'attacker.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="https://rentdrive.example/api/vehicle/${vehicleId}" />`);
    expect(res.body).toContain(`<meta property="og:url" content="https://rentdrive.example/api/vehicle/${vehicleId}" />`);
    expect(res.body).toMatch(/<meta property="og:image" content="https:\/\/rentdrive\.example\/images\//);
    expect(res.body).not.toContain('attacker.example');
  });
});
