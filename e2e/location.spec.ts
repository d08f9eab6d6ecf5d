import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { registerUser, signedInContext, DEMO, DEMO_PASSWORD } from './support/users';
import { createTestCatalogue, createVehicleViaApi, expectNoSeriousA11yViolations, shortId } from './vehicles-support';

/**
 * Issue 26 in Chromium with WebGL (SwiftShader, no GPU): the listing's map draws its price markers
 * and clusters, a cluster splits on zoom, 'Search this area' narrows the results and the URL, 'Near
 * me' sorts by distance, the vehicle page draws its area, and the owner's dragged pin is saved.
 */
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    // The suite's --disable-gpu leaves WebGL off; SwiftShader draws it on the CPU.
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--no-first-run'],
  },
});

// Two to four kilometres apart: public points are rounded to a grid of about 550 m, and two vehicles
// on one rounded point would stay one cluster at every zoom.
const BERLIN = [
  { lat: 52.52, lng: 13.405 },
  { lat: 52.535, lng: 13.43 },
  { lat: 52.5062, lng: 13.3777 },
];
const PARIS = { lat: 48.8566, lng: 2.3522 };
const MUNICH = { lat: 48.1374, lng: 11.5755 };

async function placeVehicle(owner: APIRequestContext, id: string, city: string, country: string, point: { lat: number; lng: number }) {
  const res = await owner.put(`/api/vehicle/location/${id}`, {
    data: { city, country, postcode: null, address: 'Teststraße 1', ...point },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

interface Fleet {
  make: string;
  berlin: string[];
  paris: string;
  munich: string;
  ownerName: string;
  ownerPassword: string;
}

let fleet: Fleet;

test.beforeAll(async ({ browser, baseURL, request }) => {
  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  const owner = await registerUser(request, 'geo');
  const ownerContext = await signedInContext(browser, baseURL!, owner.username, owner.password);
  const make = `Geo${shortId()}`;
  const berlin: string[] = [];
  for (const point of BERLIN) {
    const id = await createVehicleViaApi(ownerContext.request, catalogue, make);
    await placeVehicle(ownerContext.request, id, 'Berlin', 'DE', point);
    berlin.push(id);
  }
  const paris = await createVehicleViaApi(ownerContext.request, catalogue, make);
  await placeVehicle(ownerContext.request, paris, 'Paris', 'FR', PARIS);
  const munich = await createVehicleViaApi(ownerContext.request, catalogue, make);
  await placeVehicle(ownerContext.request, munich, 'München', 'DE', MUNICH);
  fleet = { make, berlin, paris, munich, ownerName: owner.username, ownerPassword: owner.password };
  await employee.close();
  await ownerContext.close();
});

async function openMap(page: Page, query = '') {
  await page.goto(`/listing?q=${fleet.make}${query}`);
  await expect(page.getByText('5 vehicles found')).toBeVisible();
  await page.getByRole('button', { name: 'Show map' }).click();
  // MapLibre's canvas, drawn by WebGL (it fails loudly, a console error, when it cannot get a context), is the named region.
  // SwiftShader draws on a CPU the rest of the suite shares: the first frame may take a while.
  await expect(page.getByRole('region', { name: 'Map of the results' })).toBeVisible({ timeout: 45_000 });
}

test('the listing map draws price markers and clusters; a cluster splits on zoom; Search this area narrows the results and the URL', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openMap(page);
  const map = page.getByTestId('listing-map');
  // Europe-wide, the three Berlin vehicles (within 4 km) are one cluster; Paris and Munich are price markers.
  const cluster = map.getByTestId('map-cluster');
  await expect(cluster).toHaveCount(1, { timeout: 30_000 });
  await expect(cluster).toHaveText('3');
  await expect(map.getByTestId('map-marker')).toHaveCount(2);
  await expect(map.getByTestId('map-marker').first()).toHaveText(/45\.50/);
  await expectNoSeriousA11yViolations(page);

  await cluster.click();
  // Zoomed in, the cluster of three splits: into markers, or a marker and a smaller cluster.
  await expect(map.getByTestId('map-cluster').filter({ hasText: /^3$/ })).toHaveCount(0);
  await expect
    .poll(async () => (await map.getByTestId('map-marker').count()) + (await map.getByTestId('map-cluster').count()))
    .toBeGreaterThanOrEqual(2);
  await expect(map.getByTestId('map-marker').first()).toBeVisible();

  // A marker opens a small card that links to the vehicle.
  await map.getByTestId('map-marker').first().click();
  await expect(map.getByTestId('map-card').getByRole('link', { name: 'View vehicle' })).toBeVisible();

  // A person's drag offers a new search of the area in view: only Berlin's vehicles are in it.
  await expect(map.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  await map.getByRole('button', { name: 'Search this area' }).click();
  await expect(page).toHaveURL(/[?&]area=[-\d.]+%2C[-\d.]+%2C[-\d.]+%2C[-\d.]+/);
  await expect(page.getByText('3 vehicles found')).toBeVisible();
  await shots(page, 'listing-map');
});

test("'Near me' with a granted location sorts by distance and shows each card's distance", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, geolocation: { latitude: 48.85, longitude: 2.35 } });
  await context.grantPermissions(['geolocation']);
  const page = await context.newPage();
  await page.goto(`/listing?q=${fleet.make}`);
  await expect(page.getByText('5 vehicles found')).toBeVisible();
  // No place yet: the distance sort is offered but cannot be chosen, and the page says what it needs.
  await expect(page.getByRole('option', { name: 'Distance: nearest first' })).toBeDisabled();
  await expect(page.getByText('Choose a place or use ‘Near me’ to see distances and sort by the nearest.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Distance' }).selectOption('100');
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page).toHaveURL(/[?&]near=48\.85/);
  await expect(page).toHaveURL(/[?&]sort=distance/);
  // Within 100 km of Paris: the Paris vehicle alone, its distance on the card.
  await expect(page.getByText('1 vehicle found')).toBeVisible();
  const card = page.locator('article').filter({ hasText: fleet.make }).first();
  await expect(card).toContainText(/Paris · \d+(\.\d)? km/);
  // Anywhere: everyone again, still ordered by distance from the same point (Paris first, Berlin last).
  await page.getByRole('combobox', { name: 'Distance' }).selectOption('');
  await expect(page.getByText('5 vehicles found')).toBeVisible();
  const cards = page.locator('article').filter({ hasText: fleet.make });
  await expect(cards.first()).toContainText(/Paris · \d+(\.\d)? km/);
  await expect(cards.nth(1)).toContainText(/München · \d+ km/);
  await expect(cards.last()).toContainText(/Berlin · \d+ km/);
  await context.close();
});

test('the vehicle page shows the city and the approximate area on a map; the owner drags the pin and the new point is saved', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(`/api/vehicle/${fleet.paris}`);
  await expect(page.getByTestId('vehicle-city')).toHaveText('Paris, FR');
  // Only the owner is told the address.
  await expect(page.getByText('Teststraße 1')).toHaveCount(0);
  const area = page.getByTestId('vehicle-area');
  // The area's region may be replaced once while the page hydrates its lazy parts: scroll again until the map shows.
  await expect(async () => {
    await area.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(area.getByRole('region', { name: 'Map of the area around Paris' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(area.getByTestId('area-label')).toHaveText('Paris');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'vehicle-map');

  const owner = await signedInContext(browser, baseURL!, fleet.ownerName, fleet.ownerPassword);
  const ownerPage = await owner.newPage();
  await ownerPage.setViewportSize({ width: 1280, height: 900 });
  await ownerPage.goto(`/manage/vehicles/edit/${fleet.munich}`);
  const pin = ownerPage.getByTestId('place-pin');
  await pin.scrollIntoViewIfNeeded();
  await expect(pin).toBeVisible();
  await expect(ownerPage.getByTestId('place-point')).toContainText('48.13740, 11.57550');
  const box = (await pin.boundingBox())!;
  await ownerPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await ownerPage.mouse.down();
  await ownerPage.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
  await ownerPage.mouse.up();
  await expect(ownerPage.getByTestId('place-point')).not.toContainText('48.13740, 11.57550');
  await ownerPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/api/vehicle/${fleet.munich}$`));
  const saved = (await (await owner.request.get(`/api/vehicle/location/${fleet.munich}`)).json()) as { lat: number; lng: number };
  // Dragged right and down: east and south of where it was.
  expect(saved.lng).toBeGreaterThan(MUNICH.lng);
  expect(saved.lat).toBeLessThan(MUNICH.lat);
  await owner.close();
});

/** Screenshots at 360, 1024 and 1920 px into .tmp/shots/location-<name>-<width>.png (SHOTS=1). */
async function shots(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync('.tmp/shots', { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [360, 1024, 1920]) {
    await page.setViewportSize({ width, height: width < 800 ? 780 : 1000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `.tmp/shots/location-${name}-${width}.png` });
  }
  await page.setViewportSize(size);
}
