import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, createVehicle, createVehicleType } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildWebApp } from '../../test/web-build';
import { vehicleTypeCategories, vehicleTypes } from '../db/schema/index';
import { requestLocale } from '../lib/i18n';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let t: TestApp;
let web: ReturnType<typeof buildWebApp>;
let audi: { id: string };

beforeAll(() => {
  web = buildWebApp('ssr-languages');
}, 300_000);
afterAll(() => web?.remove());

/** Issue 24: every page under /de, /fr, /es, /it, /nl, rendered on the server in that language. */
describe('pages in every language', () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: web.distDir } });
    const owner = await createUser(t.database, { username: 'langowner' });
    const car = await createVehicleType(t.database, { name: 'Car' });
    const suv = await createCategory(t.database, car.id, { name: 'SUV' });
    const common = { ownerId: owner.id, vehicleTypeId: car.id, vehicleTypeCategoryId: suv.id, imageCount: 1 };
    audi = await createVehicle(t.database, {
      ...common,
      make: 'Audi',
      model: 'Q5',
      pricePerDayCents: 123456,
      dateOfProduction: '2021-03-01',
      description: 'Roomy and quiet.',
    });
    await createVehicle(t.database, { ...common, make: 'BMW', model: 'X3', pricePerDayCents: 9900 });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = HTML) => t.app.inject({ method: 'GET', url, headers });

  it('/de/listing is the listing in German: <html lang>, texts, money, title and description, links that keep /de', async () => {
    const res = await get('/de/listing?type=Car');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="de"/i);
    expect(html).toContain('Fahrzeugangebote');
    // German money: 1.234,56 € (a no-break space before the sign).
    expect(html).toMatch(/1\.234,56\s€/);
    expect(html).toContain('<meta name="description" content="Car tageweise mieten bei RentDrive: 2 Fahrzeuge im Angebot.');
    expect(html).toContain('<meta property="og:locale" content="de_DE" />');
    // Every link of the app keeps the language: the header's, the cards'.
    expect(html).toContain('href="/de/listing"');
    expect(html).toContain(`href="/de/api/vehicle/${audi.id}"`);
    expect(html).not.toMatch(/href="\/listing"/);
    // The language switch links the same page and query in each language.
    expect(html).toContain('href="/fr/listing?type=Car"');
  });

  it("/de/'s home search names the fuels in German in the server's markup, before any script runs, and sends the English name", async () => {
    const html = (await get('/de/')).body;
    expect(html).toMatch(/<option value="Petrol"[^>]*>Benzin<\/option>/);
    expect(html).toMatch(/<option value="Hydrogen"[^>]*>Wasserstoff<\/option>/);
    expect(html).not.toMatch(/>Petrol<\/option>/);
  });

  it('names its own language as canonical and every language as an alternate, English (the root) also as x-default', async () => {
    const html = (await get('/de/listing?type=Car')).body;
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/de/listing?type=Car" />');
    for (const [lang, path] of [
      ['en', '/listing?type=Car'],
      ['de', '/de/listing?type=Car'],
      ['fr', '/fr/listing?type=Car'],
      ['es', '/es/listing?type=Car'],
      ['it', '/it/listing?type=Car'],
      ['nl', '/nl/listing?type=Car'],
      ['x-default', '/listing?type=Car'],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="http://localhost:80${path}" />`);
    }
    const english = (await get('/listing?type=Car')).body;
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain('<link rel="canonical" href="http://localhost:80/listing?type=Car" />');
    expect(english).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:80/listing?type=Car" />');
    expect(english).toContain('<link rel="alternate" hreflang="nl" href="http://localhost:80/nl/listing?type=Car" />');
  });

  it("a listing's type and category named in any language show in the page's language, with each language's URL as its alternates", async () => {
    const owner = await createUser(t.database, { username: 'camperowner' });
    const camper = await createVehicleType(t.database, { name: 'Camper' });
    await t.database.db
      .update(vehicleTypes)
      .set({ translations: { de: 'Wohnmobil', fr: 'Camping-car' } })
      .where(eq(vehicleTypes.id, camper.id));
    const alcove = await createCategory(t.database, camper.id, { name: 'Alcove' });
    await t.database.db
      .update(vehicleTypeCategories)
      .set({ translations: { de: 'Alkoven' } })
      .where(eq(vehicleTypeCategories.id, alcove.id));
    await createVehicle(t.database, {
      ownerId: owner.id,
      vehicleTypeId: camper.id,
      vehicleTypeCategoryId: alcove.id,
      make: 'Hymer',
      model: 'B',
    });

    // English, German and French names of the type, and its id, give the same German page.
    for (const type of ['Camper', 'Wohnmobil', 'camping-car', String(camper.id)]) {
      const html = (await get(`/de/listing?${new URLSearchParams({ type }).toString()}`)).body;
      expect(html, type).toMatch(/<h1[^>]*>(<[^>]+>)*Wohnmobil(<[^>]+>)*<\/h1>/);
      expect(html, type).toMatch(/<option value="Wohnmobil" selected="">Wohnmobil<\/option>/);
      expect(html, type).toContain('<title>Wohnmobil | RentDrive</title>');
      expect(html, type).toContain('<link rel="canonical" href="http://localhost:80/de/listing?type=Wohnmobil" />');
      for (const [lang, path] of [
        ['en', '/listing?type=Camper'],
        ['de', '/de/listing?type=Wohnmobil'],
        ['fr', '/fr/listing?type=Camping-car'],
        // No Spanish name: the English one.
        ['es', '/es/listing?type=Camper'],
        ['x-default', '/listing?type=Camper'],
      ]) {
        expect(html, type).toContain(`<link rel="alternate" hreflang="${lang}" href="http://localhost:80${path}" />`);
      }
    }

    // The category too, within the type; English keeps the spec's plural heading.
    const english = (await get('/listing?type=Wohnmobil&category=Alkoven')).body;
    expect(english).toContain('<title>Alcove Campers | RentDrive</title>');
    expect(english).toContain('<link rel="canonical" href="http://localhost:80/listing?category=Alcove&#38;type=Camper" />');
    expect(english).toContain(
      '<link rel="alternate" hreflang="de" href="http://localhost:80/de/listing?category=Alkoven&#38;type=Wohnmobil" />',
    );
    const german = (await get('/de/listing?type=Camper&category=Alcove')).body;
    expect(german).toContain('<title>Wohnmobil – Alkoven | RentDrive</title>');
    expect(german).toMatch(/<option value="Alkoven" selected="">Alkoven<\/option>/);
  });

  it("/fr/api/vehicle/{id} is the vehicle's page in French (title, Open Graph, JSON-LD), while /api/vehicle/{id} stays the JSON endpoint", async () => {
    const res = await get(`/fr/api/vehicle/${audi.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain('<title>Audi Q5 (2021) à louer | RentDrive</title>');
    expect(html).toMatch(/<meta property="og:title" content="Audi Q5 \(2021\) à louer : 1\s234,56\s€ par jour" \/>/);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:80/fr/api/vehicle/${audi.id}" />`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:80/fr/api/vehicle/${audi.id}" />`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { url: string };
    expect(ld.url).toBe(`http://localhost:80/fr/api/vehicle/${audi.id}`);

    const json = await get(`/api/vehicle/${audi.id}`, { accept: 'application/json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
  });

  it('private and unknown pages answer in their language and stay out of search results', async () => {
    const wallet = await get('/es/profile/wallet');
    expect(wallet.statusCode).toBe(200);
    expect(wallet.body).toMatch(/<html lang="es"/);
    expect(wallet.body).toContain('<meta name="robots" content="noindex" />');
    expect(wallet.body).not.toContain('hreflang');

    const missing = await get('/nl/nergens');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<html lang="nl"/);
    expect(missing.body).toContain('<title>Pagina niet gevonden | RentDrive</title>');
  });

  it('a refusal of the API comes in the language asked for and says that it varies by it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { accept: 'application/json', 'accept-language': 'de-DE,de;q=0.9', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: '', password: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: '', password: '' }),
    });
    expect(res.json<{ detail: string }>().detail).not.toBe(english.json<{ detail: string }>().detail);
  });
});

describe('requestLocale', () => {
  it("takes a page's prefix first, then Accept-Language; English and unknown languages are none", () => {
    expect(requestLocale({ headers: {}, url: '/de/listing?type=Car' })).toBe('de');
    expect(requestLocale({ headers: { 'accept-language': 'fr' }, url: '/nl/profile' })).toBe('nl');
    expect(requestLocale({ headers: { 'accept-language': 'it-IT,it;q=0.9' }, url: '/api/vehicle/x' })).toBe('it');
    expect(requestLocale({ headers: { 'accept-language': 'en-GB' }, url: '/listing' })).toBeUndefined();
    expect(requestLocale({ headers: {}, url: '/deals' })).toBeUndefined();
    expect(requestLocale({ headers: { 'accept-language': 'pt-BR' } })).toBeUndefined();
  });
});
