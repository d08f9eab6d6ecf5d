import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './vehicles-support';

// A vehicle opened from its listing card: what the card showed is on the page at once, while the
// vehicle's own answer (GET /api/vehicle/<id> as JSON) is held here; the rest follows that answer.
const VEHICLE_JSON = /\/api\/vehicle\/[0-9a-f-]{36}$/;

test('a vehicle opened from the listing shows its card at once, then the rest once its answer is in', async ({ page }) => {
  await page.goto('/listing?type=Car');
  await expect(page.locator('html[data-interactive="true"]')).toBeAttached();
  const card = page.locator('main article').first();
  const [make, model] = (await card.locator('h3 span').allTextContents()).map((t) => t.trim());
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(VEHICLE_JSON, async (route) => {
    if (route.request().resourceType() !== 'document') await held;
    await route.continue();
  });

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
