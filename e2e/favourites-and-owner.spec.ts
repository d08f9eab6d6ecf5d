import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext, type TestUser } from './support/users';
import { createTestCatalogue, createVehicleViaApi, expectNoSeriousA11yViolations } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * Keeping what you like and talking to the owner (issue 29): the heart on cards and the vehicle page,
 * the 'Saved vehicles' list, a visitor's heart kept through login, 'Message owner' opening the chat
 * with a draft, Share / 'Copy link', this device's 'Recently viewed' on home, and the total for the
 * listing's days on each card.
 */

const SHOTS = '.tmp/shots-h3';
const WIDTHS = [360, 1024, 1920];

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

interface Listed {
  id: string;
  typeName: string;
  owner: TestUser;
}

/** A vehicle of its own type (the listing filtered by it shows only this one), listed by a new owner. */
async function listVehicle(browser: Browser, baseURL: string, make: string): Promise<Listed> {
  const employee = await signedInContext(browser, baseURL, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  await employee.close();
  const context = await browser.newContext({ baseURL });
  const owner = await registerUser(context.request, 'fown');
  await context.request.post('/api/account/login', { data: { emailOrUsername: owner.username, password: owner.password } });
  const id = await createVehicleViaApi(context.request, catalogue, make);
  await context.close();
  return { id, typeName: catalogue.typeName, owner };
}

async function signInNew(page: Page, prefix: string): Promise<TestUser> {
  const user = await registerUser(page.request, prefix);
  const res = await page.request.post('/api/account/login', { data: { emailOrUsername: user.username, password: user.password } });
  expect(res.ok()).toBeTruthy();
  return user;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() => window.scrollTo(0, 0));
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('favourites', () => {
  test('a heart on a card and Save on the vehicle page keep the vehicle in the saved list', async ({ page, browser, baseURL }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Favmobil');
    await signInNew(page, 'fav');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/listing?type=${encodeURIComponent(vehicle.typeName)}`);
    const heart = page.getByRole('button', { name: /^Save Favmobil M/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/Favmobil M\w+ is saved\./)).toBeVisible();

    await page.goto('/profile/saved');
    await expect(page.getByRole('heading', { name: 'Saved vehicles' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Favmobil/ })).toHaveAttribute('href', `/api/vehicle/${vehicle.id}`);
    await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Saved' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'saved-list');

    // The vehicle page knows it is saved; pressing it again forgets it.
    await page.goto(`/api/vehicle/${vehicle.id}`);
    const save = page.getByRole('button', { name: 'Saved' });
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'vehicle-page');
    await save.click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(/was removed from your saved vehicles/)).toBeVisible();

    await page.goto('/profile/saved');
    await expect(page.getByText('No saved vehicles yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse vehicles' })).toBeVisible();
    await shoot(page, 'saved-empty');
  });

  test('a visitor pressing the heart logs in and finds the vehicle saved', async ({ page, browser, baseURL }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Heartmobil');
    const other = await browser.newContext({ baseURL });
    const user = await registerUser(other.request, 'vis');
    await other.close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The vehicle is saved. Find it under Saved in your profile.')).toBeVisible();

    await page.goto('/profile/saved');
    await expect(page.getByRole('link', { name: /Heartmobil/ })).toHaveAttribute('href', `/api/vehicle/${vehicle.id}`);
  });
});

test.describe('the owner one tap away', () => {
  test("'Message owner' opens the chat with that owner and, the first time, a draft naming the vehicle and dates", async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Chatmobil');
    await signInNew(page, 'msg');
    const from = isoDay(30);
    const to = isoDay(32);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    await page.getByRole('link', { name: 'Message owner' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat\\?user=[0-9a-f-]+&name=${vehicle.owner.username}$`));
    await expect(page.getByRole('heading', { name: `Chat with ${vehicle.owner.username}` })).toBeVisible();
    const input = page.getByRole('textbox', { name: /message/i });
    await expect(input).toHaveValue(
      new RegExp(`^Hello ${vehicle.owner.username}, I would like to rent your Chatmobil M\\w+ from .+ to .+\\. Is it available\\?$`),
    );
    // A draft is never sent by itself.
    await expect(page.getByRole('log').getByText(/I would like to rent your Chatmobil/)).toHaveCount(0);

    // The second time the chat opens empty.
    await page.goto(`/api/vehicle/${vehicle.id}?from=${from}&to=${to}`);
    await page.getByRole('link', { name: 'Message owner' }).click();
    await expect(page.getByRole('heading', { name: `Chat with ${vehicle.owner.username}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /message/i })).toHaveValue('');
  });

  test("the owner sees no 'Message owner' on their own vehicle; a visitor is asked to log in first", async ({ page, browser, baseURL }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Ownmobil');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await page.getByRole('link', { name: 'Message owner' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(vehicle.owner.username);
    await page.getByLabel('Password', { exact: true }).fill(vehicle.owner.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // Login goes on to the chat it was asked for (here the owner's own name: nobody to open).
    await expect(page).toHaveURL(/\/chat\?user=/);
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Message owner' })).toHaveCount(0);
  });
});

test.describe('messages from rentals and bookings', () => {
  test("'Message owner' in My Rentals and 'Message renter' in the booking history open those chats with a draft", async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Rentmobil');
    const renter = await signInNew(page, 'rnt');
    const topUp = await page.request.post('/api/wallet/add-funds', {
      data: {
        amount: 100,
        cardNumber: '4242424242424242',
        cardHolderName: 'Test User',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 1,
        cvv: '123',
      },
    });
    expect(topUp.ok(), await topUp.text()).toBeTruthy();
    const rent = await page.request.post(`/api/rental/rent/${vehicle.id}`, {
      data: { bookedDates: [isoDay(10), isoDay(11)] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(rent.ok(), await rent.text()).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/profile/rentals');
    await page.getByRole('button', { name: /^Message the owner of Rentmobil M/ }).click();
    await expect(page.getByRole('heading', { name: `Chat with ${vehicle.owner.username}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /message/i })).toHaveValue(
      new RegExp(`^Hello ${vehicle.owner.username}, about my rental of your Rentmobil M\\w+ from .+ to .+: $`),
    );

    const owner = await signedInContext(browser, baseURL!, vehicle.owner.username, vehicle.owner.password);
    const ownerPage = await owner.newPage();
    await ownerPage.setViewportSize({ width: 1280, height: 900 });
    await ownerPage.goto('/profile/vehicles');
    // A click on the row (not on its vehicle link) opens the booking history.
    await ownerPage.getByRole('row').filter({ hasText: 'Rentmobil' }).first().click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Booking History' });
    await dialog.getByRole('button', { name: `Message ${renter.username}` }).click();
    await expect(ownerPage.getByRole('heading', { name: `Chat with ${renter.username}` })).toBeVisible();
    await expect(ownerPage.getByRole('textbox', { name: /message/i })).toHaveValue(
      new RegExp(`^Hello ${renter.username}, about your rental of my Rentmobil M\\w+ from .+ to .+: $`),
    );
    await owner.close();
  });
});

test.describe('share', () => {
  test("'Copy link' copies the vehicle's address and says so", async ({ page, browser, baseURL, context }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Sharemobil');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/api/vehicle/${vehicle.id}`);
    // The page's actions are a region whose code loads after hydration: a click before it lands is
    // lost on a loaded machine (CI), so the click is repeated until the button answers.
    const copied = page.getByRole('button', { name: 'Link copied' });
    await expect(async () => {
      if (!(await copied.isVisible())) await page.getByRole('button', { name: 'Copy link' }).click({ timeout: 2_000 });
      await expect(copied).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('Link copied. Paste it anywhere to share this vehicle.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/api/vehicle/${vehicle.id}`);
  });

  test('where the browser has a share sheet, Share opens it with the vehicle', async ({ page, browser, baseURL }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Sheetmobil');
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: expect.stringMatching(/^Sheetmobil M/),
        url: `${baseURL}/api/vehicle/${vehicle.id}`,
      });
  });
});

test.describe('recently viewed and totals', () => {
  test("home shows this device's recently viewed vehicles, newest first, without removed ones", async ({ page, browser, baseURL }) => {
    const first = await listVehicle(browser, baseURL!, 'Viewmobil');
    const second = await listVehicle(browser, baseURL!, 'Seenmobil');
    const gone = await listVehicle(browser, baseURL!, 'Gonemobil');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Recent Listing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recently viewed' })).toHaveCount(0);

    for (const vehicle of [first, gone, second]) {
      await page.goto(`/api/vehicle/${vehicle.id}`);
      await expect(page.getByTestId('vehicle-actions')).toBeVisible();
      // The server's HTML shows the actions before the scripts run: wait until the view is recorded.
      await expect
        .poll(() => page.evaluate((id) => (localStorage.getItem('rentdrive.recentlyViewed') ?? '').includes(id), vehicle.id))
        .toBe(true);
    }
    // The owner removes one of them.
    const owner = await signedInContext(browser, baseURL!, gone.owner.username, gone.owner.password);
    expect((await owner.request.delete(`/api/vehicle/delete/${gone.id}`)).ok()).toBeTruthy();
    await owner.close();

    await page.goto('/');
    const section = page.getByRole('region', { name: 'Recently viewed' });
    await expect(section.getByTestId('card-make')).toHaveText(['Seenmobil', 'Viewmobil']);
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'home');
  });

  test("a listing searched for days shows each card's total for those days beside the price per day", async ({
    page,
    browser,
    baseURL,
  }) => {
    const vehicle = await listVehicle(browser, baseURL!, 'Totalmobil');
    const type = encodeURIComponent(vehicle.typeName);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/listing?type=${type}&from=${isoDay(20)}&to=${isoDay(22)}`);
    await expect(page.getByTestId('card-total')).toHaveText('136.50€ for 3 days');
    // The card's link carries the days to the vehicle page.
    await expect(page.getByRole('link', { name: /Totalmobil/ })).toHaveAttribute(
      'href',
      `/api/vehicle/${vehicle.id}?from=${isoDay(20)}&to=${isoDay(22)}`,
    );
    await page.goto(`/listing?type=${type}&from=${isoDay(20)}&to=${isoDay(20)}`);
    await expect(page.getByTestId('card-total')).toHaveText('45.50€ for 1 day');
    await page.goto(`/listing?type=${type}`);
    await expect(page.getByText('45.50€')).toBeVisible();
    await expect(page.getByTestId('card-total')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Totalmobil/ })).toHaveAttribute('href', `/api/vehicle/${vehicle.id}`);
  });
});
