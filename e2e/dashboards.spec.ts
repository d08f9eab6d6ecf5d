import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

/** Issue 30: an owner sees the month of a rental just completed; an employee opens the marketplace figures. */

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const SIZES = {
  phone: { width: 360, height: 800 },
  laptop: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 800 },
  wide: { width: 1920, height: 1080 },
};
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    // From the top: a full-page shot of a scrolled page draws the sticky header in its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
    // Nothing wider than the screen at any size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBeTruthy();
  }
  await page.setViewportSize(SIZES.laptop);
}

test.describe('dashboards', () => {
  test('an owner sees the earnings of a rental just completed in its month, and downloads the CSV', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
    const catalogue = await createTestCatalogue(employee.request);
    await employee.close();
    const owner = await registerUser(request, 'dash');
    const ownerContext = await signedInContext(browser, baseURL!, owner.username, owner.password);
    const vehicleId = await createVehicleViaApi(ownerContext.request, catalogue, 'Dashwagen');
    const renter = await registerUser(request, 'ren');
    const renterContext = await signedInContext(browser, baseURL!, renter.username, renter.password);
    const topUp = await renterContext.request.post('/api/wallet/add-funds', {
      data: {
        amount: 500,
        cardNumber: '4242424242424242',
        cardHolderName: 'Rita Renter',
        expiryMonth: 12,
        expiryYear: NEXT_YEAR,
        cvv: '123',
      },
    });
    expect(topUp.ok(), await topUp.text()).toBeTruthy();
    // Two days at 45.50 €: 91.00 €, of which the owner earns 72.80 € on completion (paid today).
    const rented = await renterContext.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: [isoDay(2), isoDay(3)] } });
    expect(rented.ok(), await rented.text()).toBeTruthy();
    const rentalId = ((await rented.json()) as { id: string }).id;
    expect((await renterContext.request.post(`/api/test/rentals/${rentalId}/shift-past-end`)).ok()).toBeTruthy();
    const confirmed = await renterContext.request.post(`/api/rental/confirm-rental/${rentalId}`, {
      headers: { 'content-type': 'application/json' },
      data: '',
    });
    expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
    await renterContext.close();

    const page = await ownerContext.newPage();
    await page.setViewportSize(SIZES.laptop);
    await page.goto('/profile/vehicles');
    await page.getByRole('link', { name: 'See earnings and occupancy on your dashboard' }).click();
    await expect(page).toHaveURL(/\/profile\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Earnings in the period')).toBeVisible();
    await expect(page.getByText('72.80€').first()).toBeVisible();
    // The screen readers' table of the earnings chart names this month with the owner's earnings.
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Earnings by month' }) });
    await expect(table.getByRole('row', { name: new RegExp(month) })).toContainText('72.80€');
    // The chart: an SVG image named by its caption, a visible legend naming the vehicle, and on hover the
    // month's figures (the last column is this month).
    const earnings = page.locator('figure', { hasText: 'Earnings by month' });
    const chart = earnings.getByRole('img', { name: 'Earnings by month' });
    await expect(chart).toBeVisible();
    await expect(earnings.getByRole('list', { name: 'Legend' })).toContainText(/Dashwagen.*Pending/);
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width - 20, y: box.height / 2 } });
    await expect(earnings.locator('.visx-tooltip')).toContainText(month);
    await expect(earnings.locator('.visx-tooltip')).toContainText('72.80€');
    await page.mouse.move(0, 0);
    await expect(earnings.locator('.visx-tooltip')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Occupancy' }).getByRole('row', { name: /Dashwagen/ })).toBeVisible();
    // The one booking made in the period was not cancelled.
    const cancellations = page.getByRole('region', { name: 'Cancellations' });
    await expect(cancellations).toContainText('Cancellation rate');
    await expect(cancellations).toContainText('0 of 1 booking made in the period');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^rentdrive-transactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.getByRole('button', { name: /Availability of .*Dashwagen/ }).click();
    await expect(page.getByRole('dialog', { name: 'Availability' })).toBeVisible();
    await page.keyboard.press('Escape');

    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'owner-dashboard');
    await ownerContext.close();
  });

  test('an employee opens the marketplace figures; a signed-in non-employee cannot', async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
    const page = await employee.newPage();
    await page.setViewportSize(SIZES.laptop);
    await page.goto('/manage/dashboard');
    await expect(page.getByRole('heading', { name: 'Marketplace figures' })).toBeVisible();
    await expect(page.getByText('Gross booking value').first()).toBeVisible();
    await expect(page.getByText('Money held in wallets')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Gross booking value and take' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Bookings and cancellations' })).toBeVisible();
    await page.getByLabel('Vehicle type', { exact: true }).selectOption({ index: 1 });
    await expect(page.getByText('Active listings')).toBeVisible();
    await page.getByLabel('Vehicle type', { exact: true }).selectOption({ index: 0 });
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'marketplace-dashboard');
    await employee.close();

    const someone = await registerUser(request, 'nemp');
    const context = await signedInContext(browser, baseURL!, someone.username, someone.password);
    expect((await context.request.get('/api/dashboard/marketplace')).status()).toBe(403);
    await context.close();
  });
});
