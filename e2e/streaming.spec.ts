import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * Regions that stream and hydrate on their own (ADR 016): their data comes with the page, a click in
 * one before its code is in is not lost, and nothing moves when one arrives. Reads the demo seed;
 * creates nothing.
 */

/** The API requests the page makes from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("every streamed region can be read: the listing's sliders, home's recent cards, a vehicle's calendar", async ({ page, request }) => {
    const [card] = (await (await request.get('/api/vehicle/recent')).json()) as { id: string }[];
    // A query of its own: the page cache does not hold it, so it is streamed (its regions after the shell).
    await page.goto(`/listing?type=Car&nojs=${Date.now()}`);
    await expect(page.getByRole('group', { name: 'Price per day' })).toBeVisible();
    await page.goto(`/?nojs=${Date.now()}`);
    await expect(page.getByRole('region', { name: 'Recent Listing' }).or(page.locator('article')).first()).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await page.goto(`/api/vehicle/${card!.id}?nojs=${Date.now()}`);
    await expect(page.getByRole('group', { name: 'Availability' })).toBeVisible();
  });
});

test("a streamed region's data comes with the page: the browser asks for none of it again", async ({ page }) => {
  const requests = apiRequests(page);
  await page.goto('/listing?type=Car');
  // The sliders (their own region and chunk) hydrate on their own: once they have, a key moves a
  // thumb (a key pressed before their code is in does nothing, so it is pressed until one does).
  const minimum = page.getByRole('slider', { name: 'Minimum price per day' });
  await expect(minimum).toBeVisible();
  const start = await minimum.getAttribute('aria-valuenow');
  await expect(async () => {
    await minimum.press('ArrowRight');
    await expect(minimum).not.toHaveAttribute('aria-valuenow', start ?? '', { timeout: 500 });
  }).toPass();
  expect(requests.filter((r) => r.includes('/api/vehicle/base-filter-properties'))).toEqual([]);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recent Listing' }).locator('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => r.includes('/api/vehicle/recent'))).toEqual([]);
});

test("a click in a region whose code is not in yet takes effect once it has hydrated ('Show map' on the listing)", async ({ page }) => {
  // The listing's place filters are a region with a chunk of its own: held back until the click is done.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/listing-where-[^/]*\.js$/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await page.goto('/listing?type=Car');
  const showMap = page.getByRole('button', { name: 'Show map' });
  await expect(showMap).toBeVisible();
  await expect.poll(() => held).toBeGreaterThan(0);
  // The page has hydrated around the region; the region itself is still the server's markup.
  await showMap.click();
  release();
  await expect(page.getByRole('button', { name: 'Show list' })).toHaveAttribute('aria-pressed', 'true');
});

for (const name of ['listing', 'home', 'vehicle'] as const) {
  test(`nothing moves as the ${name} page's regions arrive and hydrate (a phone, 412 px)`, async ({ page, request }) => {
    const [card] = (await (await request.get('/api/vehicle/recent')).json()) as { id: string }[];
    const url = { listing: '/listing?type=Car', home: '/', vehicle: `/api/vehicle/${card!.id}` }[name];
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        })[]) {
          if (!entry.hadRecentInput)
            shifts.push({
              value: entry.value,
              sources: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?'),
            });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { layoutShifts: shifts });
    });
    await page.goto(url);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts);
    expect(shifts).toEqual([]);
  });
}
