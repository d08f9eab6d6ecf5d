import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';

/** Reads the demo seed (60+ vehicles of five types); creates nothing, so it can run beside other specs. */

const cards = (page: Page) => page.getByRole('main').locator('article');

async function expectOnlyType(page: Page, type: string) {
  await expect(cards(page).first()).toBeVisible();
  for (const line of await cards(page).evaluateAll((articles) => articles.map((a) => a.textContent ?? ''))) {
    expect(line).toContain(` · ${type} · `);
  }
}

test('home: choosing a type narrows categories and fuels, Search Now opens the listing of that type', async ({ page, request }) => {
  const types = (await (await request.get('/api/vehicletype/types')).json()) as {
    id: number;
    name: string;
    availableFuels: { name: string }[];
  }[];
  const categories = (await (await request.get('/api/vehicletypecategory/all')).json()) as { name: string; vehicleTypeId: number }[];
  const car = types.find((t) => t.name === 'Car')!;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Find Your Next Ride' })).toBeVisible();
  await expect(page.getByText(/^Over \d+0\+ Active Listings$/)).toBeVisible();
  const category = page.getByRole('combobox', { name: 'Vehicle category' });
  await expect(category.locator('option')).toHaveCount(categories.length + 1);

  await page.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Car' });
  const carCategories = categories.filter((c) => c.vehicleTypeId === car.id).map((c) => c.name);
  await expect(category.locator('option')).toHaveText(['All Vehicle Categories', ...carCategories]);
  await expect(page.getByRole('combobox', { name: 'Fuel type' }).locator('option')).toHaveText([
    'All Fuel Types',
    ...car.availableFuels.map((f) => f.name),
  ]);

  // Choosing a category, then another type, clears the category.
  await category.selectOption({ label: carCategories[0]! });
  await page.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Truck' });
  await expect(category).toHaveValue('');
  await page.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ label: 'Car' });

  await page.getByRole('button', { name: 'Search Now' }).click();
  await expect(page).toHaveURL(/\/listing\?type=Car$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cars' })).toBeVisible();
  await expectOnlyType(page, 'Car');
});

test('listing: make and price in the URL survive a reload, and back restores the previous state', async ({ page }) => {
  await page.goto('/listing?type=Car');
  const sidebar = page.getByRole('complementary', { name: 'Filters' });
  // Makes are listed alphabetically, the first eight until 'Show all'.
  await sidebar
    .getByRole('group', { name: 'Make' })
    .getByRole('button', { name: /^Show all/ })
    .click();
  const toyota = sidebar.getByRole('checkbox', { name: /^Toyota\b/ });
  // The URL is the state: the box shows checked once the navigation it makes has happened.
  await toyota.click();
  await expect(toyota).toBeChecked();
  await expect(page).toHaveURL(/make=Toyota/);
  await expect(page.getByText(/^\d+ vehicles? found$/)).toBeVisible();
  const makeOnlyUrl = page.url();

  const minThumb = sidebar.getByRole('slider', { name: 'Minimum price per day' });
  await expect(minThumb).not.toHaveAttribute('aria-disabled', 'true');
  await minThumb.focus();
  await minThumb.press('PageUp');
  await expect(page).toHaveURL(/minPrice=\d+/);
  const minPrice = Number(new URL(page.url()).searchParams.get('minPrice'));
  await expect(minThumb).toHaveAttribute('aria-valuenow', String(minPrice));

  // Every card is a Toyota at or above the chosen price.
  await expect(async () => {
    const texts = await cards(page).evaluateAll((articles) => articles.map((a) => a.textContent ?? ''));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toMatch(/^Toyota/);
      expect(Number(/(\d+\.\d{2})€/.exec(text)![1])).toBeGreaterThanOrEqual(minPrice);
    }
  }).toPass();

  await page.reload();
  await expect(sidebar.getByRole('checkbox', { name: /^Toyota\b/ })).toBeChecked();
  await expect(sidebar.getByRole('slider', { name: 'Minimum price per day' })).toHaveAttribute('aria-valuenow', String(minPrice));

  await page.goBack();
  await expect(page).toHaveURL(makeOnlyUrl);
  await expect(sidebar.getByRole('checkbox', { name: /^Toyota\b/ })).toBeChecked();
  await expect(page).not.toHaveURL(/minPrice/);
  await page.goBack();
  await expect(page).toHaveURL(/\/listing\?type=Car$/);
  await expect(sidebar.getByRole('checkbox', { checked: true })).toHaveCount(0);
});

test('listing: a ticked make shows at once; the URL and the cards change together when its results come', async ({ page }) => {
  await page.goto('/listing?type=Car');
  await expect(page.locator('html[data-interactive="true"]')).toBeAttached();
  const sidebar = page.getByRole('complementary', { name: 'Filters' });
  const found = page.getByText(/^\d+ vehicles? found$/);
  const before = await found.textContent();
  // The answer to the choice is held: the page shows the choice, and nothing else moves yet.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/vehicle/search', async (route) => {
    if ((route.request().postData() ?? '').includes('Audi')) await held;
    await route.continue();
  });
  const audi = sidebar.getByRole('checkbox', { name: /^Audi\b/ });
  await audi.click();
  await expect(audi).toBeChecked();
  await page.waitForTimeout(200);
  expect(page.url()).not.toContain('make=Audi');
  await expect(found).toHaveText(before!);
  // What the page shows at the moment its URL names the make: Audis only.
  const shownWithUrl = page.waitForFunction(
    () =>
      window.location.search.includes('make=Audi') &&
      [...document.querySelectorAll('main article h3')].map((h) => h.textContent ?? '').join('|'),
    undefined,
    { polling: 'raf' },
  );
  release();
  const names = ((await (await shownWithUrl).jsonValue()) as string).split('|');
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(/^Audi/);
  await expect(found).not.toHaveText(before!);
  await expect(audi).toBeChecked();
});

test('listing: dragging the price slider with the mouse filters once, on release', async ({ page }) => {
  await page.goto('/listing?type=Car');
  const sidebar = page.getByRole('complementary', { name: 'Filters' });
  const maxThumb = sidebar.getByRole('slider', { name: 'Maximum price per day' });
  const max = Number(await maxThumb.getAttribute('aria-valuemax'));
  // The sliders hydrate on their own, after the page: until then the thumbs say they cannot move.
  await expect(maxThumb).not.toHaveAttribute('aria-disabled', 'true');
  await maxThumb.scrollIntoViewIfNeeded();
  const track = (await sidebar.getByRole('group', { name: 'Price per day' }).boundingBox())!;
  const thumb = (await maxThumb.boundingBox())!;
  // The thumb sits at the right end; drag it to the middle of the track.
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.75, thumb.y + thumb.height / 2, { steps: 5 });
  await page.mouse.move(track.x + track.width / 2, thumb.y + thumb.height / 2, { steps: 5 });
  await expect(page).not.toHaveURL(/maxPrice/);
  await page.mouse.up();
  await expect(page).toHaveURL(/maxPrice=\d+/);
  const maxPrice = Number(new URL(page.url()).searchParams.get('maxPrice'));
  expect(maxPrice).toBeLessThan(max);
  await expect(maxThumb).toHaveAttribute('aria-valuenow', String(maxPrice));
  await expect(maxThumb).toBeFocused();
  await expect(async () => {
    // Each card's price is the text just before its 'per day'.
    const prices = await cards(page).evaluateAll((articles) =>
      articles.map((a) =>
        Number(
          /([\d,]+\.\d{2})€$/
            .exec([...a.querySelectorAll('span')].find((s) => s.nextElementSibling?.textContent === 'per day')?.textContent ?? '')?.[1]
            ?.replace(',', ''),
        ),
      ),
    );
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(maxPrice);
  }).toPass();
});

test('listing on a phone: the filters are a dialog, every label and control reference resolves, and a wider window brings the sidebar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/listing?type=Car');
  await expect(page.locator('html[data-interactive="true"]')).toHaveCount(1);
  // The server's sidebar markup (hidden below 1024 px) is dropped on a phone instead of hydrated.
  const sidebar = page.getByRole('complementary', { name: 'Filters' });
  await expect(sidebar.getByRole('checkbox')).toHaveCount(0);
  // Ids the page refers to exist: nothing hydrated kept an id the browser's render no longer makes.
  const dangling = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[for], [aria-controls], [aria-labelledby], [aria-describedby]')].flatMap((element) =>
        ['for', 'aria-controls', 'aria-labelledby', 'aria-describedby']
          .flatMap((name) => (element.getAttribute(name) ?? '').split(' ').filter(Boolean))
          .filter((id) => !document.getElementById(id))
          .map((id) => `${element.tagName.toLowerCase()} -> ${id}`),
      ),
    );
  expect(await dangling()).toEqual([]);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog
    .getByRole('group', { name: 'Make' })
    .getByRole('button', { name: /^Show all/ })
    .click();
  await dialog.getByRole('checkbox', { name: /^Toyota\b/ }).click();
  await expect(page).toHaveURL(/make=Toyota/);
  await expect(dialog.getByRole('checkbox', { name: /^Toyota\b/ })).toBeChecked();
  expect(await dangling()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebar.getByRole('checkbox', { name: /^Toyota\b/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
  expect(await dangling()).toEqual([]);
});

test('listing: a search with a typo finds the vehicle', async ({ page }) => {
  await page.goto('/listing');
  const box = page.getByPlaceholder('Search by make, model, type...');
  await box.fill('toyta');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=toyta/);
  await expect(cards(page).first()).toContainText('Toyota');
  await expect(page.getByText('No vehicles found matching your filters.')).toHaveCount(0);
});

test('listing: an impossible filter shows the empty text', async ({ page }) => {
  await page.goto('/listing?type=Bicycle&fuel=Diesel');
  await expect(page.getByText('No vehicles found matching your filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/listing$/);
  await expect(cards(page).first()).toBeVisible();
});

test('home and listing have no serious or critical accessibility violations', async ({ page }) => {
  for (const path of ['/', '/listing?type=Car&make=Toyota']) {
    await page.goto(path);
    await expect(cards(page).first()).toBeVisible();
    await animationsDone(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/listing?type=Car');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  // The dialog fades in: its text's contrast is measured once it is opaque.
  await animationsDone(page);
  const panel = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(panel.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
