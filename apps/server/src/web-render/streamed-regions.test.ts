import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, createVehicle, createVehicleType } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildWebApp } from '../../test/web-build';

/**
 * The real pages streamed to a browser (ADR 016): a region that reads its own data (the listing's
 * price and year sliders, home's recent cards, a vehicle's calendar) follows the shell when its API
 * answer is slow (its page module starts the request but does not wait for it). The answer is held
 * back by a hook of this test on the app's own API until the shell has arrived.
 */

/** An API path whose answers wait until released; each request for it is counted. */
class HeldAnswers {
  private release: (() => void) | undefined;
  private gate: Promise<void> = Promise.resolve();
  asked = 0;

  constructor(public path: string) {}

  hold() {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  open() {
    this.release?.();
  }

  async pass(url: string) {
    if (!url.startsWith(this.path)) return;
    this.asked++;
    await this.gate;
  }
}

interface Reading {
  /** What has arrived so far. */
  text(): string;
  /** Resolves once what has arrived contains `marker`. */
  until(marker: string): Promise<void>;
  /** The whole body, once the response has ended. */
  done: Promise<string>;
}

/** A browser's visit (not a crawler's: those get the finished page), read as it arrives. */
function visit(port: number, url: string): Reading {
  let body = '';
  const waiting: { marker: string; resolve: () => void }[] = [];
  const done = new Promise<string>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/131' } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          body += text;
          for (const wait of waiting.splice(0)) {
            if (body.includes(wait.marker)) wait.resolve();
            else waiting.push(wait);
          }
        });
        response.on('end', () => resolve(body));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
  return {
    text: () => body,
    until: (marker) => (body.includes(marker) ? Promise.resolve() : new Promise((resolve) => waiting.push({ marker, resolve }))),
    done,
  };
}

/** The queries in the page's data block, by key. */
function pageStateKeys(html: string): string[] {
  const json = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toBeDefined();
  const state = JSON.parse(json!) as { queries: { queries: { queryKey: unknown[] }[] } };
  return state.queries.queries.map((query) => JSON.stringify(query.queryKey));
}

const bounds = new HeldAnswers('/api/vehicle/base-filter-properties');
const recent = new HeldAnswers('/api/vehicle/recent');
/** A vehicle's booked days (GET /api/rental/{vehicleId}): the path is the vehicle's, set once it exists. */
const booked = new HeldAnswers('/api/rental/?');
let audiId: string;

let web: ReturnType<typeof buildWebApp>;
let t: TestApp;
let port: number;

beforeAll(async () => {
  web = buildWebApp('streamed-regions');
  t = await createTestApp({
    env: { WEB_DIST_DIR: web.distDir },
    extraRoutes: (app) =>
      app.addHook('onRequest', async (request) => {
        await bounds.pass(request.url);
        await recent.pass(request.url);
        await booked.pass(request.url);
      }),
  });
  const owner = await createUser(t.database, { username: 'streamowner' });
  const car = await createVehicleType(t.database, { name: 'Car' });
  const suv = await createCategory(t.database, car.id, { name: 'SUV' });
  const common = { ownerId: owner.id, vehicleTypeId: car.id, vehicleTypeCategoryId: suv.id, imageCount: 2 };
  const audi = await createVehicle(t.database, {
    ...common,
    make: 'Audi',
    model: 'Q5',
    pricePerDayCents: 12345,
    dateOfProduction: '2019-03-01',
  });
  audiId = audi.id;
  booked.path = `/api/rental/${audi.id}`;
  await createVehicle(t.database, { ...common, make: 'BMW', model: 'X3', pricePerDayCents: 9900, dateOfProduction: '2022-06-01' });
  await t.app.listen({ host: '127.0.0.1', port: Number(process.env.STREAMED_REGIONS_TEST_PORT ?? 0) });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 300_000);

afterAll(async () => {
  for (const held of [bounds, recent, booked]) held.open();
  await t?.close();
  web?.remove();
});

describe('regions of the real pages stream after the shell', () => {
  it("the listing's shell (heading, results, head) arrives while its slider bounds are still asked for; the sliders and their data follow", async () => {
    bounds.hold();
    const page = visit(port, '/listing?type=Car');
    // The footer closes the shell: everything React had ready when the shell was.
    await page.until('</footer>');
    const shell = page.text();
    expect(bounds.asked).toBe(1);
    expect(shell).toContain('<title>Cars | RentDrive</title>');
    expect(shell).toMatch(/<h1[^>]*>.*Cars.*<\/h1>/s);
    expect(shell).toContain('2 vehicles found');
    expect(shell).toMatch(/<article[^>]*>.*?Audi.*?<\/article>/s);
    // The sliders' place holds their loading text; the sliders themselves are not there yet.
    expect(shell).toContain('Loading prices...');
    expect(shell).not.toContain('role="slider"');
    expect(shell).not.toContain('</html>');

    bounds.open();
    const html = await page.done;
    // Without JavaScript the region is shown where React left it: the <noscript> rule's layer comes
    // before Tailwind's, so its !important beats Tailwind's hidden one.
    expect(html).toContain('<noscript><style>@layer streamed-regions {');
    const stylesheet = /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(html)?.[1];
    const css = await (await fetch(`http://127.0.0.1:${port}${stylesheet}`)).text();
    expect(css.indexOf('@layer streamed-regions;')).toBeGreaterThanOrEqual(0);
    expect(css.indexOf('@layer streamed-regions;')).toBeLessThan(css.indexOf('@layer base'));
    const rootEnd = html.indexOf('<script type="application/json" id="page-state">');
    const slider = html.indexOf('aria-label="Minimum price per day"');
    // Sent after the shell, in React's hidden element, with its script that moves it into place.
    expect(slider).toBeGreaterThan(html.indexOf('</footer>'));
    expect(slider).toBeLessThan(rootEnd);
    expect(html).toMatch(/aria-valuemin="99" aria-valuemax="124"/);
    expect(html).toMatch(/<script nonce="[^"]+">/);
    // The data block holds the bounds: the browser does not ask for them again.
    expect(pageStateKeys(html)).toContain(JSON.stringify(['search', 'base-filter-properties', 'Car', null]));
  });

  it('the next visitor gets the finished listing from the cache: the sliders in place, no script', async () => {
    // The finished page is cached once the stream has ended (rendered again from the data fetched).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const html = await visit(port, '/listing?type=Car').done;
    expect(bounds.asked).toBe(1);
    expect(html).not.toContain('<script nonce');
    expect(html).not.toContain('Loading prices...');
    const slider = html.indexOf('aria-label="Minimum price per day"');
    expect(slider).toBeGreaterThan(0);
    expect(slider).toBeLessThan(html.indexOf('</footer>'));
  });

  it("home's shell (search, heading, head without a card's photo) arrives while the recent cards are asked for; the cards and their data follow", async () => {
    recent.hold();
    const page = visit(port, '/');
    await page.until('</footer>');
    const shell = page.text();
    expect(recent.asked).toBe(1);
    expect(shell).toMatch(/<h1[^>]*>Find Your Next Ride<\/h1>/);
    expect(shell).toContain('<meta name="description"');
    expect(shell).toContain('Recent Listing');
    expect(shell).toContain('Loading Recent Vehicles...');
    expect(shell).not.toContain('<article');
    // The head comes before the cards: it names none of their photos.
    expect(shell).not.toContain('<link rel="preload" as="image"');

    recent.open();
    const html = await page.done;
    const card = html.search(/<article[^>]*>.*?BMW/s);
    expect(card).toBeGreaterThan(html.indexOf('</footer>'));
    expect(pageStateKeys(html)).toContain(JSON.stringify(['search', 'recent']));
  });

  it("a vehicle's shell (name, photo, price, head) arrives while its booked days are asked for; the calendar and its data follow", async () => {
    booked.hold();
    const page = visit(port, `/api/vehicle/${audiId}`);
    await page.until('</footer>');
    const shell = page.text();
    expect(booked.asked).toBe(1);
    expect(shell).toContain('<title>Audi Q5');
    expect(shell).toMatch(/<h1[^>]*>.*Audi Q5<\/h1>/s);
    expect(shell).toContain('alt="Audi Q5, image 1 of 2"');
    expect(shell).toContain('Loading availability...');
    expect(shell).not.toContain('role="group" aria-label="Availability"');

    booked.open();
    const html = await page.done;
    expect(html.indexOf('role="group" aria-label="Availability"')).toBeGreaterThan(html.indexOf('</footer>'));
    const keys = pageStateKeys(html);
    expect(keys).toContain(JSON.stringify(['rentals', 'booked-days', audiId]));
    // The day the server drew the calendar on: the browser hydrates it with that day.
    expect(keys).toContain(JSON.stringify(['marketplace-today']));
  });
});
