import { expect, test } from './support/test';
import { registerUser, signedInContext } from './support/users';
import { expectNoSeriousA11yViolations } from './vehicles-support';

// A vehicle opened from its listing card: what the card showed is on the page at once, while the
// vehicle's own answer (GET /api/vehicle/<id> as JSON) is held here; the rest follows that answer.
const VEHICLE_JSON = /\/api\/vehicle\/[0-9a-f-]{36}$/;

/** Holds the vehicle's own answer (its JSON, not its page) until the returned function lets it go. */
async function holdVehicleAnswer(page: import('@playwright/test').Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(VEHICLE_JSON, async (route) => {
    if (route.request().resourceType() !== 'document') await held;
    await route.continue();
  });
  return () => release();
}

test('a vehicle opened from the listing shows its card at once, then the rest once its answer is in', async ({ page }) => {
  await page.goto('/listing?type=Car');
  await expect(page.locator('html[data-interactive="true"]')).toBeAttached();
  const card = page.locator('main article').first();
  const [make, model] = (await card.locator('h3 span').allTextContents()).map((t) => t.trim());
  const release = await holdVehicleAnswer(page);

  await card.getByRole('link').first().click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`${make} ${model}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading vehicle...' })).toBeAttached();
  const booking = page.getByRole('complementary', { name: 'Price and booking' });
  await expect(booking.getByText('Price per day')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Photos' }).locator('img')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  release();
  await expect(booking.locator('[data-slot="rent-panel"]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading vehicle...' })).toHaveCount(0);
  await expect(heading).toContainText(`${make} ${model}`);
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: /full screen/ })).toBeEnabled();
});

// Its answer failing (a 5xx) after the card showed: the unit tests of the details screen (the browser
// logs a failed load as an error, which this suite's console guard counts as a failure).

/** Where the photo, the heading and the price are on the page (document coordinates), in every frame from now until `stop`. */
async function recordPositions(page: import('@playwright/test').Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __positions: string[]; __recording: boolean };
    w.__positions = [];
    w.__recording = true;
    const record = () => {
      if (!w.__recording) return;
      // The main photo's 4:3 box (the thumbnails under it come with the vehicle), the heading, the price.
      const photo = document.querySelector('main section[aria-label="Photos"] > div')?.getBoundingClientRect();
      const heading = document.querySelector('main h1')?.getBoundingClientRect();
      const price = document.querySelector('main aside')?.getBoundingClientRect();
      const at = (box: DOMRect | undefined) => (box ? `${Math.round(box.top + window.scrollY)},${Math.round(box.height)}` : 'none');
      const top = (box: DOMRect | undefined) => (box ? `${Math.round(box.top + window.scrollY)}` : 'none');
      w.__positions.push(`photo ${at(photo)} heading ${at(heading)} price ${top(price)}`);
      requestAnimationFrame(record);
    };
    record();
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __positions: string[]; __recording: boolean };
      w.__recording = false;
      return [...new Set(w.__positions)];
    });
}

/**
 * The first card of the listing whose vehicle has several photos: the preview reserves the
 * thumbnails' row for them (the card does not say how many there are), and a vehicle another spec
 * listed may come first with one.
 */
async function cardWithSeveralPhotos(page: import('@playwright/test').Page) {
  const cards = page.locator('main article');
  for (let i = 0; i < (await cards.count()); i++) {
    const href = await cards.nth(i).getByRole('link').first().getAttribute('href');
    const id = /[0-9a-f-]{36}/.exec(href ?? '')?.[0];
    const answer = await page.request.get(`/api/vehicle/${id}`, { headers: { accept: 'application/json' } });
    if (((await answer.json()) as { imageURLS: string[] }).imageURLS.length >= 2) return cards.nth(i);
  }
  throw new Error('no vehicle of the listing has several photos');
}

for (const who of ['a visitor', 'a signed-in member'] as const) {
  test(`on a phone, nothing above the fold moves when the full vehicle replaces its card (${who})`, async ({
    page: visitorPage,
    browser,
    baseURL,
  }) => {
    let page = visitorPage;
    if (who === 'a signed-in member') {
      // Signed in, the page has 'Report' too (a row of its own on a phone).
      const user = await registerUser(visitorPage.request);
      page = await (await signedInContext(browser, baseURL!, user.username, user.password)).newPage();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // A member's session known before the click (the preview then reserves the row of 'Report'); a
    // visitor's page knows at once that nobody is signed in.
    const session =
      who === 'a signed-in member' ? page.waitForResponse((response) => response.url().endsWith('/api/account/session')) : undefined;
    await page.goto('/listing?type=Car');
    await expect(page.locator('html[data-interactive="true"]')).toBeAttached();
    if (session) expect((await (await session).json()) as { user: unknown }).toHaveProperty('user.username');
    const card = await cardWithSeveralPhotos(page);
    const release = await holdVehicleAnswer(page);

    await card.getByRole('link').first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading vehicle...' })).toBeAttached();
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect(photos.locator('img')).toBeVisible();
    const stop = await recordPositions(page);

    release();
    const booking = page.getByRole('complementary', { name: 'Price and booking' });
    await expect(booking.locator('[data-slot="rent-panel"]')).toBeVisible();
    const actions = page.getByTestId('vehicle-actions');
    await expect(actions.getByRole('link', { name: /Message owner/ })).toBeVisible();
    if (who === 'a signed-in member') await expect(actions.getByRole('button', { name: 'Report this listing' })).toBeVisible();
    await expect(photos.getByRole('button', { name: /full screen/ })).toBeEnabled();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // One position for the photo, the heading and the price in every frame: the preview's, kept by the full page.
    expect(await stop()).toHaveLength(1);
  });
}

test('Back and Forward to a vehicle whose answer is cached show it in full at once, without its preview', async ({ page }) => {
  await page.goto('/listing?type=Car');
  await expect(page.locator('html[data-interactive="true"]')).toBeAttached();
  const card = page.locator('main article').first();
  const [make, model] = (await card.locator('h3 span').allTextContents()).map((t) => t.trim());
  const heading = page.getByRole('heading', { level: 1 });
  const rentPanel = page.getByRole('complementary', { name: 'Price and booking' }).locator('[data-slot="rent-panel"]');
  await card.getByRole('link').first().click();
  await expect(rentPanel).toBeVisible();
  await expect(heading).toContainText(`${make} ${model}`);

  await page.goBack();
  await expect(card).toBeVisible();
  // From here on: did the preview (its busy layout, its 'Loading vehicle...') ever reach the page?
  await page.evaluate(() => {
    const w = window as unknown as { __previewSeen: string[] };
    w.__previewSeen = [];
    const isPreview = (node: Node) =>
      node instanceof Element &&
      (node.matches('[aria-busy="true"], [aria-label="Loading vehicle..."]') ||
        node.querySelector('[aria-busy="true"], [aria-label="Loading vehicle..."]') !== null ||
        (node.textContent ?? '').includes('Loading vehicle...'));
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (isPreview(node)) w.__previewSeen.push(node.nodeName);
    }).observe(document.body, { childList: true, subtree: true });
  });
  const previewSeen = () => page.evaluate(() => (window as unknown as { __previewSeen: string[] }).__previewSeen);

  await page.goForward();
  await expect(rentPanel).toBeVisible();
  await expect(heading).toContainText(`${make} ${model}`);
  expect(await previewSeen(), 'the preview, going forward to the vehicle').toEqual([]);

  // Opened again from its card, the preview may come first (painted sooner than the full page).
  await page.goBack();
  await expect(card).toBeVisible();
  await page.goForward();
  await expect(rentPanel).toBeVisible();
  expect(await previewSeen(), 'the preview, going back to the vehicle').toEqual([]);
});
