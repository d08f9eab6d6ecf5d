import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * Renting without friction (issue 29): dates that travel from home and the listing into the vehicle
 * page and its rent dialog, the 'Pick-up' and 'Return' fields, 'Add X € and rent' in one step (and
 * its failures), the cancellation notice before paying, My Rentals saying a started booking can no
 * longer be cancelled, and 'Log in to rent' coming back to the vehicle with the dates.
 */

const SHOTS = '.tmp/shots-h2';
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);
/** createVehicleViaApi lists at this price per day. */
const PRICE = 45.5;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

const short = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const euros = (amount: number) => `${amount.toFixed(2)}€`;

async function expectNoSeriousA11yViolations(page: Page, include: string) {
  // As painted: a day just chosen or a button just enabled is mid-transition for 150 ms.
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

interface FreshVehicle {
  id: string;
  typeName: string;
}

/** A vehicle of its own type, listed by a new owner: its calendar is empty and its type lists only it. */
async function freshVehicle(browser: Browser, baseURL: string): Promise<FreshVehicle> {
  const employee = await signedInContext(browser, baseURL, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  await employee.close();
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await registerUser(ownerContext.request, 'own');
  await ownerContext.request.post('/api/account/login', { data: { emailOrUsername: owner.username, password: owner.password } });
  const id = await createVehicleViaApi(ownerContext.request, catalogue, 'Datemobil');
  await ownerContext.close();
  return { id, typeName: catalogue.typeName };
}

/** A new renter signed in on the page (the page's requests share its cookies). */
async function signInNewRenter(page: Page, prefix: string) {
  const user = await registerUser(page.request, prefix);
  const res = await page.request.post('/api/account/login', { data: { emailOrUsername: user.username, password: user.password } });
  expect(res.ok()).toBeTruthy();
  return user;
}

async function topUpByApi(request: APIRequestContext, amount: number) {
  const res = await request.post('/api/wallet/add-funds', {
    data: {
      amount,
      cardNumber: '4242424242424242',
      cardHolderName: 'Test User',
      expiryMonth: 12,
      expiryYear: Number(NEXT_YEAR),
      cvv: '123',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Another renter books the days through the API (a rival, or to make a taken day). */
async function bookByAnotherRenter(browser: Browser, baseURL: string, vehicleId: string, days: string[]) {
  const context = await browser.newContext({ baseURL });
  await signInNewRenter(await context.newPage(), 'riv');
  await topUpByApi(context.request, 1000);
  const res = await context.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: days } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await context.close();
}

async function fillCard(scope: Locator, cardNumber = '4242424242424242') {
  await scope.getByLabel('Card number').pressSequentially(cardNumber);
  await scope.getByLabel('Cardholder name').fill('Test User');
  await scope.getByLabel('Expiry month').selectOption('12');
  await scope.getByLabel('Expiry year').selectOption(NEXT_YEAR);
  await scope.getByLabel('CVV').fill('123');
}

const rentDialog = (page: Page) => page.getByRole('dialog', { name: 'Select Rental Dates' });
const headerBalance = (page: Page) => page.getByTestId('header-balance').first();

async function openRentDialog(page: Page) {
  await page.getByRole('button', { name: 'Rent Now' }).filter({ visible: true }).first().click();
  const dialog = rentDialog(page);
  await expect(dialog.getByRole('group', { name: 'Rental dates' })).toBeVisible();
  return dialog;
}

async function shoot(page: Page, name: string, widths: number[], fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 800 ? 780 : 1000 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
}

test.describe('renting with dates', () => {
  test('home banner asks for a type and days at once; on the vehicle page they arrive selected in the calendar and the rent dialog', async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    await signInNewRenter(page, 'dat');
    await topUpByApi(page.request, 500);
    const from = isoDay(10);
    const to = isoDay(13);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Find Your Next Ride' });
    await banner.getByLabel('Vehicle type').selectOption({ label: vehicle.typeName });
    await banner.getByLabel('Available from').fill(from);
    await banner.getByLabel('Available to').fill(to);
    await shoot(page, 'home-banner-with-dates', [360, 1024, 1920]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await banner.getByRole('button', { name: 'Search Now' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/listing\\?type=${encodeURIComponent(vehicle.typeName).replace(/%20/g, '\\+')}&from=${from}&to=${to}$`),
    );
    await expect(page.getByLabel('Available from')).toHaveValue(from);

    await expect(page.getByRole('link', { name: /Datemobil/ }).first()).toBeVisible();
    await shoot(page, 'listing-with-dates', [360, 1024, 1920], true);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The vehicle page as the listing's cards link to it (vehiclePathWithDates; see the next test).
    await page.goto(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    // The page's calendar shows the days selected, and so does the rent dialog, with the total.
    const pageCalendar = page.getByRole('group', { name: 'Availability' });
    await expect(pageCalendar.getByText('Selected', { exact: true })).toBeVisible();
    const dialog = await openRentDialog(page);
    await expect(dialog.getByText(`${short(from)} – ${short(to)} (4 days)`)).toBeVisible();
    await expect(dialog.getByTestId('rent-total')).toHaveText(euros(PRICE * 4));
    await expect(dialog.getByLabel('Pick-up')).toHaveValue(from);
    await expect(dialog.getByLabel('Return')).toHaveValue(to);
    await expect(dialog.getByTestId('cancellation-notice')).toHaveText(
      `Free cancellation with a full refund until the end of ${short(isoDay(9))} (UTC time).`,
    );
    await dialog.getByRole('button', { name: 'Confirm Rental' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Booked 4 days.', { exact: false })).toBeVisible();
  });

  test('a listing searched for days links its cards to the vehicle page with those days', async ({ page, browser, baseURL }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    const from = isoDay(10);
    const to = isoDay(13);
    await page.goto(`/listing?type=${encodeURIComponent(vehicle.typeName)}&from=${from}&to=${to}`);
    const card = page.getByRole('link', { name: /Datemobil/ }).first();
    await expect(card).toHaveAttribute('href', `/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    await card.click();
    await expect(page).toHaveURL(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    await expect(page.getByRole('group', { name: 'Availability' }).getByText('Selected', { exact: true })).toBeVisible();
  });

  test('Pick-up and Return fill the whole range, or name the day that is taken; two months on wide screens; axe clean', async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    const taken = isoDay(12);
    await bookByAnotherRenter(browser, baseURL!, vehicle.id, [taken]);
    await signInNewRenter(page, 'fld');
    await topUpByApi(page.request, 500);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}`);
    const dialog = await openRentDialog(page);
    // Wide screens: two months side by side.
    await expect(dialog.getByRole('table')).toHaveCount(2);
    await dialog.getByLabel('Pick-up').fill(isoDay(8));
    await dialog.getByLabel('Return').fill(isoDay(11));
    await expect(dialog.getByText(`${short(isoDay(8))} – ${short(isoDay(11))} (4 days)`)).toBeVisible();
    await expect(dialog.getByTestId('rent-total')).toHaveText(euros(PRICE * 4));

    await dialog.getByLabel('Return').fill(isoDay(14));
    await expect(dialog.getByRole('alert')).toHaveText(
      `${short(taken)} is not available, so these dates cannot be booked together. Pick days that are all free.`,
    );
    await expect(dialog.getByText('None selected')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');

    // The spec's click rules still hold beside the fields: a click on a free day starts a new run.
    await dialog.getByLabel('Pick-up').fill(isoDay(13));
    await dialog.getByLabel('Return').fill(isoDay(15));
    await expect(dialog.getByText(`${short(isoDay(13))} – ${short(isoDay(15))} (3 days)`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await shoot(page, 'rent-dialog', [360, 1024, 1920]);

    // Phones: one month.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(dialog.getByRole('table')).toHaveCount(1);
  });

  test("a short balance: 'Add X € and rent' tops up the missing amount and rents in one step; a declined card books nothing", async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    await signInNewRenter(page, 'top');
    await topUpByApi(page.request, 20);
    const from = isoDay(20);
    const to = isoDay(21);
    const total = PRICE * 2;
    const missing = total - 20;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    const dialog = await openRentDialog(page);
    await expect(dialog.getByText('Insufficient funds to rent this vehicle.')).toBeVisible();
    const payButton = dialog.getByRole('button', { name: `Add ${euros(missing)} and rent` });
    await expect(payButton).toBeVisible();
    await expect(dialog.getByLabel('Amount (€)')).toHaveValue(String(missing));

    // A declined card: the top-up fails, nothing is booked, the balance stays.
    await fillCard(dialog, '4000000000000002');
    await payButton.click();
    await expect(dialog.getByText('The top-up failed: nothing was charged and nothing was booked.')).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
    expect((await (await page.request.get(`/api/rental/${vehicle.id}`)).json()) as string[]).toEqual([]);
    await expect(headerBalance(page)).toContainText(`Balance: ${euros(20)}`);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await page.screenshot({ path: `${SHOTS}/rent-top-up-declined-1280.png` });

    // A good card: one click pays the top-up (with an Idempotency-Key) and books (with its own).
    await dialog.getByLabel('Card number').fill('');
    await dialog.getByLabel('Card number').pressSequentially('4242424242424242');
    const topUpRequest = page.waitForRequest('**/api/wallet/add-funds');
    const rentRequest = page.waitForRequest(`**/api/rental/rent/${vehicle.id}`);
    await payButton.click();
    expect((await topUpRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect((await rentRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Booked 2 days.', { exact: false })).toBeVisible();
    await expect(headerBalance(page)).toContainText(`Balance: ${euros(0)}`);
    expect((await (await page.request.get(`/api/rental/${vehicle.id}`)).json()) as string[]).toEqual([from, to]);
  });

  test('a top-up that went through and a rent that failed: the money stays in the wallet and the dialog says so', async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    await signInNewRenter(page, 'hlf');
    const day = isoDay(30);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}?from=${day}&to=${day}`);
    const dialog = await openRentDialog(page);
    await fillCard(dialog);
    // Someone else books the day while the card is typed in.
    await bookByAnotherRenter(browser, baseURL!, vehicle.id, [day]);
    await dialog.getByRole('button', { name: `Add ${euros(PRICE)} and rent` }).click();
    await expect(
      dialog.getByText(`The top-up of ${euros(PRICE)} went through and stays in your wallet, but the booking failed:`),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(headerBalance(page)).toContainText(`Balance: ${euros(PRICE)}`);
    await page.screenshot({ path: `${SHOTS}/rent-top-up-then-taken-1280.png` });
  });

  test('a booking starting today says before paying that it cannot be cancelled; My Rentals says so instead of a dash', async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    await signInNewRenter(page, 'tdy');
    await topUpByApi(page.request, 200);
    const today = isoDay(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}?from=${today}&to=${isoDay(1)}`);
    const dialog = await openRentDialog(page);
    await expect(dialog.getByTestId('cancellation-notice')).toHaveText(
      'This booking starts today, so it cannot be cancelled once confirmed.',
    );
    await dialog.getByRole('button', { name: 'Confirm Rental' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/profile/rentals');
    const row = page.getByRole('row').filter({ hasText: 'Datemobil' });
    await expect(row.getByText(`Started ${short(today)}: can no longer be cancelled`)).toBeVisible();
    await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  });

  test("'Log in to rent' comes back to the vehicle with the dates; the login screen opened directly still goes home", async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await freshVehicle(browser, baseURL!);
    // Registered elsewhere: registering signs in, and this page must stay signed out.
    const other = await browser.newContext({ baseURL });
    const user = await registerUser(other.request, 'lgn');
    await other.close();
    const from = isoDay(40);
    const to = isoDay(42);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    await page.getByRole('link', { name: 'Log in to rent' }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    const dialog = await openRentDialog(page);
    await expect(dialog.getByText(`${short(from)} – ${short(to)} (3 days)`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.request.post('/api/account/logout');
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
