import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { OwnerDashboard } from '@rentdrive/contracts/dashboard';
import { animationsDone } from './support/animations';
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
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
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
    // Nothing wider than the screen at any size, and no chart's label cut by the chart's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBeTruthy();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('svg[role="img"]')].flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')]
          .filter((text) => {
            const r = text.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1);
          })
          .map((text) => {
            const r = text.getBoundingClientRect();
            const out = [r.left - box.left, box.right - r.right, r.top - box.top, box.bottom - r.bottom].map(Math.round);
            return `${svg.getAttribute('aria-label') ?? svg.getAttribute('aria-labelledby')}: ${text.textContent} (room ${out.join(' ')})`;
          });
      }),
    );
    expect(cut, `${name} at ${size}`).toEqual([]);
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

  test("a year of seven vehicles' figures: stacked bars, ratings and strips fit every screen", async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const owner = await registerUser(request, 'dash7');
    const context = await signedInContext(browser, baseURL!, owner.username, owner.password);
    const figures = yearOfSevenVehicles();
    // The screen's one answer, made here: seven vehicles with long names, a year of earnings, ratings.
    await context.route(/\/api\/dashboard\/owner\?/, (route) => route.fulfill({ json: figures }));
    const page = await context.newPage();
    await page.setViewportSize(SIZES.laptop);
    await page.goto('/profile/dashboard');
    const earnings = page.locator('figure', { hasText: 'Earnings by month' });
    await expect(earnings.getByRole('img', { name: 'Earnings by month' })).toBeVisible();
    // Six vehicles by name, the seventh in 'Other vehicles', and the pending share.
    await expect(earnings.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveCount(8);
    await expect(earnings.getByRole('list', { name: 'Legend' })).toContainText('Other vehicles');
    await expect(page.getByRole('img', { name: 'Average rating by month' })).toBeVisible();
    // Eleven months of seven segments (six vehicles and the other one), this month one of pending money.
    const segments = await earnings.locator('svg[role="img"] rect[stroke]').count();
    expect(segments).toBe(11 * 7 + 1);
    await page.setViewportSize(SIZES.phone);
    await expect(page.getByRole('button', { name: /Availability of Volkswagen Multivan/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'owner-dashboard-seven');
    await context.close();
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

/** An owner's dashboard answer for the last 12 months: seven vehicles, each earning every month, ratings for three. */
function yearOfSevenVehicles(): OwnerDashboard {
  const names = [
    'Volkswagen Multivan California Ocean',
    'Tesla Model 3',
    'Fiat 500',
    'Mercedes-Benz Sprinter 316',
    'BMW R 1250 GS',
    'Renault Zoe',
    'Citroën Berlingo',
  ];
  const now = new Date();
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
  const vehicles = names.map((name, v) => ({
    id: `v${v}`,
    name,
    occupancy: { last30: 0.1 * v, last90: 0.08 * v, last365: 0.05 * v, next30: 0.12 * v },
    strip: Array.from({ length: 60 }, (_, day) => ((day + v) % 7 < 2 ? 'b' : (day + v) % 11 === 0 ? 'x' : 'f')).join(''),
    ratings: v < 3 ? months.slice(v * 2).map((month, i) => ({ month, average: 3 + ((i + v) % 5) / 2.5, count: 1 + i })) : [],
  }));
  const earned = (v: number, m: number) => 2_000 + ((v * 7 + m * 13) % 9) * 4_500;
  const monthRows = months.map((month, m) => ({
    month,
    vehicles: vehicles.map((vehicle, v) => ({
      vehicleId: vehicle.id,
      earnedCents: m === 11 ? 0 : earned(v, m),
      pendingCents: m === 11 ? earned(v, m) : 0,
      daysBooked: 1 + ((v + m) % 6),
    })),
  }));
  const sum = (pick: (row: OwnerDashboard['months'][number]['vehicles'][number]) => number) =>
    monthRows.reduce((total, row) => total + row.vehicles.reduce((s, v) => s + pick(v), 0), 0);
  const today = now.toISOString().slice(0, 10);
  return {
    from: `${months[0]}-01`,
    to: today,
    today,
    months: monthRows,
    totals: { earnedCents: sum((v) => v.earnedCents), pendingCents: sum((v) => v.pendingCents), daysBooked: sum((v) => v.daysBooked) },
    previous: { earnedCents: 150_000, pendingCents: 0, daysBooked: 120, from: '2024-01-01', to: '2024-12-31' },
    vehicles,
    cancellations: {
      bookings: 40,
      cancelled: 3,
      byRenter: 2,
      byOwner: 1,
      bySystem: 0,
      rate: 0.075,
      ownerRate: 0.025,
      refundedCents: 9_100,
      declined: 1,
      expired: 2,
    },
    upcoming: [
      { kind: 'pickup', date: isoDay(2), rentalId: 'r1', vehicleId: 'v0', vehicleName: names[0]!, renterName: 'Rita Renter' },
      { kind: 'return', date: isoDay(4), rentalId: 'r1', vehicleId: 'v0', vehicleName: names[0]!, renterName: 'Rita Renter' },
    ],
  };
}
