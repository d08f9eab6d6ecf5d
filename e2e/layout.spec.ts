import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext, type TestUser } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

/**
 * What a user notices first at the widths we design for: nothing scrolls sideways, every header link
 * can be reached, card titles and table actions are readable in full, Delete looks destructive,
 * phones keep Rent Now in view, and every route has its own tab title.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 800, height: 900 },
  { width: 390, height: 844 },
];
const DANGER_RGB = 'rgb(185, 28, 28)';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

interface Fixture {
  owner: TestUser;
  renter: TestUser;
  /** The owner's vehicles (make 'Mercedes-Benz', the longest demo make). */
  vehicleIds: string[];
}
let fixture: Fixture;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function rent(request: APIRequestContext, vehicleId: string, fromOffset: number): Promise<string> {
  const res = await request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: [isoDay(fromOffset), isoDay(fromOffset + 1)] } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: string }).id;
}

/**
 * A renter whose My Rentals shows every action at once (Confirm Rental, Leave a Review, Cancel: the
 * widest rows) on vehicles of their own owner, so no other spec changes them.
 */
async function createFixture(browser: Browser, baseURL: string): Promise<Fixture> {
  const setup = await browser.newContext({ baseURL });
  const owner = await registerUser(setup.request, 'lay');
  const renter = await registerUser(setup.request, 'lay');
  await setup.close();
  const employee = await signedInContext(browser, baseURL, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  await employee.close();
  const ownerContext = await signedInContext(browser, baseURL, owner.username, owner.password);
  const vehicleIds = [];
  for (let i = 0; i < 3; i++) vehicleIds.push(await createVehicleViaApi(ownerContext.request, catalogue, 'Mercedes-Benz'));
  await ownerContext.close();

  const renterContext = await signedInContext(browser, baseURL, renter.username, renter.password);
  const request = renterContext.request;
  const topUp = await request.post('/api/wallet/add-funds', {
    data: { amount: 1000, cardNumber: '4242424242424242', cardHolderName: 'Lay Out', expiryMonth: 12, expiryYear: NEXT_YEAR, cvv: '123' },
  });
  expect(topUp.ok(), await topUp.text()).toBeTruthy();
  // Ended yesterday: Confirm Rental.
  const toConfirm = await rent(request, vehicleIds[0]!, 3);
  expect((await request.post(`/api/test/rentals/${toConfirm}/shift-past-end`)).ok()).toBeTruthy();
  // Ended and confirmed, not reviewed: Leave a Review.
  const toReview = await rent(request, vehicleIds[1]!, 3);
  expect((await request.post(`/api/test/rentals/${toReview}/shift-past-end`)).ok()).toBeTruthy();
  expect((await request.post(`/api/rental/confirm-rental/${toReview}`)).ok()).toBeTruthy();
  // Upcoming: Cancel.
  await rent(request, vehicleIds[2]!, 10);
  await renterContext.close();
  return { owner, renter, vehicleIds };
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  fixture = await createFixture(browser, baseURL!);
});

async function pageAs(browser: Browser, baseURL: string, size: { width: number; height: number }, user?: TestUser | string) {
  const context = user
    ? await signedInContext(
        browser,
        baseURL,
        typeof user === 'string' ? user : user.username,
        typeof user === 'string' ? DEMO_PASSWORD : user.password,
      )
    : await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.setViewportSize(size);
  return page;
}

/** The element is not wider than its box (nothing cut or scrolled sideways). */
async function expectNoOverflow(target: Locator, what: string) {
  const sizes = await target.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll, `${what}: content ${sizes.scroll} px in a box of ${sizes.client} px`).toBeLessThanOrEqual(sizes.client);
}

async function expectPageFits(page: Page, what: string) {
  await expectNoOverflow(page.locator('html'), `${what} page`);
}

async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  // A dialog fading in is half transparent: axe would measure its text's contrast mid-animation.
  await animationsDone(page);
  let builder = new AxeBuilder({ page }).exclude('iframe');
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Each link is visible in the header bar, or in the menu its button opens. */
async function expectHeaderLinksReachable(page: Page, names: (string | RegExp)[]) {
  const banner = page.getByRole('banner');
  await expectNoOverflow(banner, 'header');
  const menuButton = banner.getByRole('button', { name: /^Open menu/ });
  for (const name of names) {
    const link = banner.getByRole('link', { name, exact: typeof name === 'string' }).filter({ visible: true });
    // Retried: until the session has loaded the header shows the signed-out bar, which a signed-in
    // user's narrower screens then swap for the menu.
    await expect(
      async () => {
        if ((await link.count()) === 0 && (await menuButton.isVisible()) && (await menuButton.getAttribute('aria-expanded')) !== 'true') {
          await menuButton.click();
        }
        await expect(link.first()).toBeInViewport({ ratio: 1, timeout: 1_000 });
      },
      `header link ${String(name)}`,
    ).toPass({ timeout: 10_000 });
  }
}

async function expectDangerColour(buttons: Locator) {
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(buttons.nth(i)).toHaveCSS('color', DANGER_RGB);
  }
}

/** A data table fits its card from 1024 px; below that it is shown as stacked cards (no header row). */
async function expectTableFits(page: Page, table: Locator, width: number, what: string) {
  const wrapper = table.locator('xpath=..');
  await expectNoOverflow(wrapper, `${what} table`);
  if (width >= 1024) await expect(table.locator('thead')).toBeVisible();
  else await expect(table.locator('thead')).toBeHidden();
  // Every button and link in it is shown in full.
  for (const control of await table.locator('button, a').all()) {
    const cut = await control.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut, `${what}: '${await control.textContent()}' is cut`).toBe(false);
    const box = (await control.boundingBox())!;
    const card = (await wrapper.boundingBox())!;
    expect(box.x + box.width, `${what}: '${await control.textContent()}' sticks out`).toBeLessThanOrEqual(card.x + card.width + 1);
  }
  await expectPageFits(page, what);
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test('the header keeps every link reachable on one line', async ({ browser, baseURL }) => {
      const visitor = await pageAs(browser, baseURL!, size);
      await visitor.goto('/');
      await expectHeaderLinksReachable(visitor, ['Home', 'Listing', 'Contact', 'Register', 'Login']);
      await visitor.context().close();

      // The owner has money pending from the renter's upcoming rental: the longest balance text.
      const page = await pageAs(browser, baseURL!, size, fixture.owner);
      await page.goto('/');
      await expectHeaderLinksReachable(page, ['Home', 'Listing', 'Contact', /^Chat/, 'My Profile', 'List a vehicle', /^Balance: /]);
      const balance = page.getByTestId('header-balance').filter({ visible: true }).first();
      await expect(balance).toContainText('Pending:');
      const box = (await balance.boundingBox())!;
      expect(box.height, 'the balance stays on one line').toBeLessThan(40);
      await expectPageFits(page, 'home');
      await page.context().close();

      const employee = await pageAs(browser, baseURL!, size, DEMO.employee);
      await employee.goto('/');
      await expectHeaderLinksReachable(employee, ['Home', 'Listing', 'Contact', /^Chat/, 'My Profile', 'List a vehicle']);
      const banner = employee.getByRole('banner');
      const manage = banner.getByRole('button', { name: 'Manage' });
      // The employee's header parts arrive in their own chunk: wait for the menu button or the links
      // before choosing which to check (checking at once took 'not there yet' for 'links shown').
      await expect(manage.or(banner.getByRole('link', { name: 'Vehicle Types', exact: true })).first()).toBeVisible();
      if (await manage.isVisible()) {
        await manage.click();
        for (const name of ['Vehicle Types', 'Vehicle Type Categories', 'Vehicle Type Properties']) {
          await expect(employee.getByRole('menuitem', { name })).toBeVisible();
        }
      } else {
        for (const name of ['Vehicle Types', 'Vehicle Type Categories', 'Vehicle Type Properties']) {
          await expect(banner.getByRole('link', { name, exact: true })).toBeInViewport();
        }
      }
      if (size.width === 390) await expectNoSeriousA11yViolations(employee);
      await employee.context().close();
    });

    test('cards show make and model in full', async ({ browser, baseURL }) => {
      const page = await pageAs(browser, baseURL!, size);
      // Demo data has long makes too (Harley-Davidson, Volkswagen); the filter makes sure of one.
      for (const path of ['/', '/listing', '/listing?make=Mercedes-Benz']) {
        await page.goto(path);
        const makes = page.getByTestId('card-make');
        await expect(makes.first()).toBeVisible();
        for (const make of await makes.all()) {
          const fits = await make.evaluate((el) => {
            const card = el.closest('article')!.getBoundingClientRect();
            const box = el.getBoundingClientRect();
            return el.scrollWidth <= el.clientWidth && box.right <= card.right && getComputedStyle(el).textOverflow !== 'ellipsis';
          });
          expect(fits, `${await make.textContent()} is cut on ${path}`).toBe(true);
        }
        await expectPageFits(page, path);
      }
      if (size.width === 1440 || size.width === 390) await expectNoSeriousA11yViolations(page);
      await page.context().close();
    });

    test('My Rentals and My Vehicles fit their card; Delete and Cancel look destructive', async ({ browser, baseURL }) => {
      const page = await pageAs(browser, baseURL!, size, fixture.renter);
      await page.goto('/profile/rentals');
      const rentals = page.getByRole('table', { name: 'My Rentals' });
      await expect(rentals.getByRole('button', { name: /^Confirm Rental of/ })).toBeVisible();
      await expect(rentals.getByRole('button', { name: /^Leave a Review for/ })).toBeVisible();
      await expectTableFits(page, rentals, size.width, 'My Rentals');
      await expectDangerColour(rentals.getByRole('button', { name: /^Cancel rental of/ }));
      // Every profile entry, Logout included, is in view without scrolling sideways.
      const nav = page.getByRole('navigation', { name: 'Profile' });
      for (const name of ['Overview', 'My Rentals', 'My Vehicles', 'Wallet', 'Settings']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
      }
      await expect(nav.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
      if (size.width === 1440 || size.width === 390) {
        await expectNoSeriousA11yViolations(page);
        // The three dialogs of the table, opened and left without acting.
        await rentals.getByRole('button', { name: /^Cancel rental of/ }).click();
        await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible();
        await expectNoSeriousA11yViolations(page, '[role="alertdialog"], [role="dialog"]');
        await page.keyboard.press('Escape');
        await rentals.getByRole('button', { name: /^Confirm Rental of/ }).click();
        await expect(page.getByText('Confirm this rental?')).toBeVisible();
        await expectNoSeriousA11yViolations(page, '[role="alertdialog"], [role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(page.getByText('Confirm this rental?')).toBeHidden();
        await rentals.getByRole('button', { name: /^Leave a Review for/ }).click();
        await expect(page.getByRole('dialog', { name: 'Leave a Review' })).toBeVisible();
        await expectNoSeriousA11yViolations(page, '[role="dialog"]');
        await page.keyboard.press('Escape');
      }
      await page.context().close();

      const owner = await pageAs(browser, baseURL!, size, fixture.owner);
      await owner.goto('/profile/vehicles');
      const vehicles = owner.getByRole('table', { name: 'My vehicles' });
      await expect(vehicles.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
      await expectTableFits(owner, vehicles, size.width, 'My Vehicles');
      await expectDangerColour(vehicles.getByRole('button', { name: /^Delete / }));
      if (size.width === 1440 || size.width === 390) await expectNoSeriousA11yViolations(owner);
      await owner.context().close();
    });

    test('the vehicle page keeps Rent Now in reach', async ({ browser, baseURL }) => {
      const page = await pageAs(browser, baseURL!, size, fixture.renter);
      await page.goto(`/api/vehicle/${fixture.vehicleIds[2]}`);
      const rentNow = page.getByRole('button', { name: 'Rent Now' });
      await expect(rentNow).toHaveCount(1);
      // The calendar comes after hydration with its own chunk: the page has its full height once it is in.
      await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
      const bar = page.locator('[data-rent-bar]');
      if (size.width < 1024) {
        // A bar fixed to the bottom with the price and Rent Now, also at the end of the page...
        await expect(bar).toBeVisible();
        await expect(bar).toContainText('45.50€');
        // Retried: the reviews arrive with their own chunk after hydration and may grow the page after a scroll.
        await expect(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await expect(rentNow).toBeInViewport({ ratio: 1 });
          // ...where it covers nothing: the footer ends above it.
          const footerBox = (await page.getByText(/Co\., Ltd\./).boundingBox())!;
          const barBox = (await bar.boundingBox())!;
          expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(barBox.y);
        }).toPass();
      } else {
        await expect(bar).toBeHidden();
        await expect(rentNow).toBeInViewport();
      }
      await expectPageFits(page, 'vehicle');
      if (size.width === 1440 || size.width === 390) await expectNoSeriousA11yViolations(page);
      await page.context().close();
    });

    test('the catalogue and chat pages fit; edit-row inputs line up and Delete looks destructive', async ({ browser, baseURL }) => {
      const page = await pageAs(browser, baseURL!, size, DEMO.employee);
      await page.goto('/manage/vehicle-type-properties');
      const table = page.getByRole('table', { name: 'Vehicle type properties' });
      await expect(table.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
      await expectDangerColour(table.getByRole('button', { name: /^Delete / }).first());
      await expectPageFits(page, 'properties');
      await table
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const inputs = table
        .locator('tr')
        .filter({ has: page.getByRole('button', { name: /^Save / }) })
        .locator('input, select');
      // Name, value type, unit and type, and the name in each of the five other languages.
      await expect(inputs).toHaveCount(9);
      const xs = await inputs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().x)));
      if (size.width < 640) expect(new Set(xs).size, `inputs start at ${xs.join(', ')}`).toBe(1);
      await expectPageFits(page, 'properties, editing');
      if (size.width === 390) await expectNoSeriousA11yViolations(page);

      await page.goto('/chat');
      const siteHeader = (await page.getByRole('banner').boundingBox())!;
      const heading = (await page.getByText('Chat Dashboard').boundingBox())!;
      expect(heading.y - (siteHeader.y + siteHeader.height), 'space between the site header and the chat heading').toBeGreaterThanOrEqual(
        24,
      );
      await expectPageFits(page, 'chat');
      await page.context().close();
    });
  });
}

test('every route has its own tab title', async ({ browser, baseURL }) => {
  const size = { width: 1280, height: 800 };
  const routes: { user?: TestUser | string; paths: string[] }[] = [
    {
      paths: [
        '/',
        '/listing',
        '/listing?type=Car',
        `/api/vehicle/${fixture.vehicleIds[0]}`,
        '/contact-us',
        '/about',
        '/privacy',
        '/login',
        '/register',
        '/no-such-page',
      ],
    },
    {
      user: fixture.owner,
      paths: [
        '/chat',
        '/profile',
        '/profile/rentals',
        '/profile/vehicles',
        '/profile/settings',
        '/profile/wallet',
        '/manage/vehicles/create',
        `/manage/vehicles/edit/${fixture.vehicleIds[0]}`,
      ],
    },
    { user: DEMO.employee, paths: ['/manage/vehicle-types', '/manage/vehicle-type-categories', '/manage/vehicle-type-properties'] },
  ];
  const titles = new Map<string, string>();
  for (const { user, paths } of routes) {
    const page = await pageAs(browser, baseURL!, size, user);
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveTitle(/^\S.* \| RentDrive$/);
      titles.set(path, await page.title());
    }
    await page.context().close();
  }
  const seen = new Map<string, string>();
  for (const [path, title] of titles) {
    expect(seen.get(title), `${path} and ${seen.get(title)} share '${title}'`).toBeUndefined();
    seen.set(title, path);
  }
  expect(titles.get('/')).toBe('Find Your Next Ride | RentDrive');
  expect(titles.get('/profile/rentals')).toBe('My Rentals | RentDrive');
});
