import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { TEST_IMAGES, pickPlace, shortId } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * The rough edges a first-time renter hit (issue 29), each as a person meets it in Chromium: the wallet
 * at 360 px, the vehicle form's order and a petrol car's range, a file that is not an image, one toast
 * per cancellation, units and empty options in the facets, a phone typed with spaces, 'New' for a
 * listing without reviews, focus after the full-screen image, in chat and after a catalogue 'Add', and
 * the search box's placeholder on a phone.
 */

const SHOTS = '.tmp/shots-h4';
const WIDTHS = [360, 1024, 1920] as const;
const HEIGHTS: Record<number, number> = { 360: 780, 1024: 768, 1920: 1080 };
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

async function shootAtWidths(page: Page, name: string, check?: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHTS[width]! });
    await check?.(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function topUp(request: APIRequestContext, amount: number) {
  const res = await request.post('/api/wallet/add-funds', {
    data: { amount, cardNumber: '4242424242424242', cardHolderName: 'Test User', expiryMonth: 12, expiryYear: NEXT_YEAR, cvv: '123' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('the wallet does not scroll sideways at 360 px with a withdrawal in its history', async ({ browser, baseURL }) => {
  // alice, a demo owner, withdrew part of her earnings (the seed): a row 'Withdraw to DE•• •••• 3000'.
  const context = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/profile/wallet');
  const withdrawal = page.getByText(/^to DE•• •••• \d{4}$/).first();
  await expect(withdrawal).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Every transaction card fits the window.
  const widest = await page
    .getByRole('table', { name: 'Transaction History' })
    .locator('tbody tr')
    .evaluateAll((rows) => Math.max(...rows.map((r) => r.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await shootAtWidths(page, 'wallet', async () => {
    await expect(withdrawal).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
  await context.close();
});

test("the vehicle form asks for type and fuel first; a petrol car's range is optional; a PDF is refused by name; the new listing says 'New'", async ({
  browser,
  baseURL,
}) => {
  const setup = await browser.newContext({ baseURL });
  const owner = await registerUser(setup.request, 'vf');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, owner.username, owner.password);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/manage/vehicles/create');

  // Type, category and fuel come before the make.
  const typeBox = await page.getByLabel('Vehicle type').boundingBox();
  const fuelBox = await page.getByLabel('Fuel type').boundingBox();
  const makeBox = await page.getByLabel('Make').boundingBox();
  expect(typeBox!.y).toBeLessThan(makeBox!.y);
  expect(fuelBox!.y).toBeLessThan(makeBox!.y);
  await expect(page.getByLabel('Fuel type')).toBeDisabled();

  await page.getByLabel('Vehicle type').selectOption({ label: 'Car' });
  await page.getByLabel('Category').selectOption({ label: 'Hatchback' });
  await page.getByLabel('Fuel type').selectOption('Electric');
  // An electric car's range is asked for; a petrol car's is not.
  await expect(page.getByLabel('Range (km)')).toHaveAttribute('aria-required', 'true');
  await page.getByLabel('Fuel type').selectOption('Petrol');
  await expect(page.getByLabel('Range (km)')).not.toHaveAttribute('aria-required');
  await expect(page.getByText('Optional for this fuel.')).toBeVisible();

  const model = `Clio ${shortId()}`;
  await page.getByLabel('Make').fill('Renault');
  await page.getByLabel('Model').fill(model);
  await page.getByLabel('Color').fill('Orange');
  await page.getByLabel('Date of production').fill('2020-06-01');
  await page.getByLabel('Price per day (€)').fill('31');
  await page.getByLabel('Curb weight (kg)').fill('1150');
  await page.getByLabel('Description').fill('A small petrol car for the city.');
  await page.getByLabel('Power (kW)').fill('74');
  await page.getByLabel('Seats', { exact: true }).fill('5');
  await page.getByLabel('Doors', { exact: true }).fill('5');
  await page.getByLabel('Trunk Volume (L)').fill('340');

  // A PDF is refused in the browser by its content, by name; nothing is sent.
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/vehicle/create')) uploads++;
  });
  await page
    .getByLabel('Choose images')
    .setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') }]);
  await expect(page.getByText('notes.pdf is not an image.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected images' })).toHaveCount(0);
  expect(uploads).toBe(0);
  await page.getByLabel('Choose images').setInputFiles([TEST_IMAGES[0]!]);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(1);

  await expectNoSeriousA11yViolations(page);
  await shootAtWidths(page, 'vehicle-form', async () => expectNoSidewaysScroll(page));
  await page.setViewportSize({ width: 1024, height: 768 });

  // Saved without a range.
  await pickPlace(page);
  await page.getByRole('button', { name: 'List Vehicle' }).click();
  await expect(page).toHaveURL(/\/listing/);

  // A listing nobody reviewed yet says 'New', not five empty stars and '(0 Reviews)'.
  await page.goto('/profile/vehicles');
  await page
    .getByRole('row')
    .filter({ hasText: model })
    .getByRole('link', { name: `Renault ${model}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(model);
  await expect(page.getByTestId('rating-new').first()).toHaveText('New');
  await expect(page.getByText('(0 Reviews)')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // The details list no range for it.
  await expect(page.getByText('Trunk Volume')).toBeVisible();
  await expect(page.getByText(/^Range$/)).toHaveCount(0);
  await context.close();
});

test('a cancellation shows one toast, with the money written once and alike', async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  const renter = await registerUser(setup.request, 'cx');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, renter.username, renter.password);
  await topUp(context.request, 500);
  // The cheapest of bob's vehicles, on days nobody holds.
  const bob = await signedInContext(browser, baseURL!, DEMO.bob, DEMO_PASSWORD);
  const owned = (await (await bob.request.get('/api/vehicle/user-vehicles')).json()) as { id: string; pricePerDay: number }[];
  await bob.close();
  const vehicle = owned.sort((a, b) => a.pricePerDay - b.pricePerDay)[0]!;
  const booked = new Set((await (await context.request.get(`/api/rental/${vehicle.id}`)).json()) as string[]);
  let days: string[] = [];
  for (let start = 30; start < 150 && days.length === 0; start++) {
    const run = [isoDay(start), isoDay(start + 1)];
    if (run.every((d) => !booked.has(d))) days = run;
  }
  const rent = await context.request.post(`/api/rental/rent/${vehicle.id}`, { data: { bookedDates: days } });
  expect(rent.ok(), await rent.text()).toBeTruthy();

  const page = await context.newPage();
  await page.goto('/profile/rentals');
  const row = page.getByRole('row').filter({ hasText: 'Active' }).first();
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await page.getByRole('dialog', { name: 'Cancel this rental?' }).getByRole('button', { name: 'Cancel Rental' }).click();
  const toasts = page.locator('[aria-live="polite"] li');
  await expect(toasts.filter({ hasText: 'refunded to your wallet' })).toHaveCount(1);
  // The refund's live notification arrives too: it goes to the bell, not into a second toast.
  await expect(page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).first()).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toHaveText(/^Rental cancelled\. \d+\.\d{2}€ refunded to your wallet\./);
  await context.close();
});

test("the facets write units as the vehicle page does, and makes and colours nothing has can't be ticked", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/listing?type=Motorcycle');
  await page.getByRole('button', { name: 'Top Speed' }).click();
  const speeds = page.getByRole('group', { name: 'Top Speed' });
  await expect(speeds.getByText(/^\d+ km\/h$/).first()).toBeVisible();
  await expect(page.getByText(/KmPerHour/)).toHaveCount(0);

  // With one make chosen, the colours it has none of are listed but cannot be ticked.
  await page.goto('/listing?type=Car&make=Toyota');
  const colours = page.getByRole('group', { name: 'Color' });
  // Toyota's colours come first, ready to tick; the others follow, greyed out.
  await expect(colours.getByRole('checkbox').first()).toBeEnabled();
  await colours.getByRole('button', { name: /^Show all/ }).click();
  const empty = colours.getByRole('checkbox', { disabled: true });
  await expect(empty.first()).toBeVisible();
  const emptyCount = await empty.count();
  expect(emptyCount).toBeGreaterThan(0);
  await expect(colours.getByRole('checkbox').last()).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await shootAtWidths(page, 'listing-facets');
});

test("the search box's placeholder fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/listing');
  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  await expect(search).toHaveAttribute('placeholder', 'Search by make, model, type...');
  const fit = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const placeholder = getComputedStyle(input, '::placeholder');
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
    const text = context.measureText(input.placeholder).width;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, room };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);
});

test("the demo user's 'Member since' comes before their first rental", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
  const overview = (await (await context.request.get('/api/account/overview-details')).json()) as { memberSince: string };
  const rentals = (await (await context.request.get('/api/rental/my-rentals')).json()) as { bookedOn: string; startDate: string }[];
  expect(rentals.length).toBeGreaterThan(0);
  const first = rentals.map((r) => r.bookedOn).sort()[0]!;
  expect(new Date(overview.memberSince).getTime()).toBeLessThan(new Date(first).getTime());
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page.getByText('Member since')).toBeVisible();
  await context.close();
});

test('settings accept a phone typed with spaces and keep its digits', async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  const user = await registerUser(setup.request, 'ph');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, user.username, user.password);
  const page = await context.newPage();
  await page.goto('/profile/settings');
  await page.getByLabel('Phone number').fill('+49 151 1234 5678');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile details updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue('+4915112345678');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('focus goes back to the image after the full-screen view, to the message input after choosing a chat with Enter, and into the new catalogue row', async ({
  browser,
  baseURL,
}) => {
  const alice = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
  const page = await alice.newPage();
  const recent = (await (await page.request.get('/api/vehicle/recent')).json()) as { id: string }[];
  await page.goto(`/api/vehicle/${recent[0]!.id}`);
  const opener = page.getByRole('button', { name: /full screen$/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog');
  await expect(lightbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.goto('/chat');
  const chats = page.getByRole('list', { name: 'Recent chats' }).getByRole('button');
  await chats.first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('Type a message...')).toBeFocused();
  await alice.close();

  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const manage = await employee.newPage();
  await manage.goto('/manage/vehicle-types');
  await manage.getByRole('button', { name: 'Add Vehicle Type' }).click();
  const focused = manage.locator('tbody tr').first().locator('input, select, textarea').first();
  await expect(focused).toBeFocused();
  await employee.close();
});
