import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * Booking rules (issue 27): a moderate-policy cancellation shows and pays the previewed refund; an
 * on-request booking is accepted by the owner in a second browser. Axe on the new dialogs.
 */

const SHOTS = '.tmp/shots';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function expectNoSeriousA11yViolations(page: Page, include: string) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function topUp(request: APIRequestContext, amount: number) {
  const res = await request.post('/api/wallet/add-funds', {
    data: { amount, cardNumber: '4242424242424242', cardHolderName: 'Test User', expiryMonth: 12, expiryYear: NEXT_YEAR, cvv: '123' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/account/me');
  return ((await res.json()) as { balance: number }).balance;
}

/** A new owner with a vehicle (45.50 € a day) under the given booking rules, and a funded renter. */
async function world(browser: import('@playwright/test').Browser, baseURL: string, rules: Record<string, unknown>) {
  const employee = await signedInContext(browser, baseURL, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  await employee.close();
  const anonymous = await browser.newContext({ baseURL });
  const ownerUser = await registerUser(anonymous.request, 'own');
  const renterUser = await registerUser(anonymous.request, 'ren');
  await anonymous.close();
  const owner = await signedInContext(browser, baseURL, ownerUser.username, ownerUser.password);
  const vehicleId = await createVehicleViaApi(owner.request, catalogue, 'Rulewagen');
  const put = await owner.request.put(`/api/vehicle/booking-rules/${vehicleId}`, {
    data: {
      bookingMode: 'instant',
      cancellationPolicy: 'flexible',
      weeklyDiscountPercent: 0,
      monthlyDiscountPercent: 0,
      minDays: 1,
      maxDays: null,
      advanceNoticeDays: 0,
      deposit: 0,
      ...rules,
    },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  const renter = await signedInContext(browser, baseURL, renterUser.username, renterUser.password);
  await topUp(renter.request, 500);
  return { owner, renter, vehicleId };
}

test.describe('booking rules', () => {
  test('a moderate-policy cancellation inside 5 days shows and pays the previewed refund', async ({ browser, baseURL }) => {
    const { owner, renter, vehicleId } = await world(browser, baseURL!, { cancellationPolicy: 'moderate', deposit: 100 });
    const rented = await renter.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: [isoDay(2), isoDay(3)] } });
    expect(rented.ok(), await rented.text()).toBeTruthy();
    // 2 × 45.50 = 91.00 paid, 100.00 deposit held.
    expect(await balanceOf(renter.request)).toBeCloseTo(309, 2);

    const page = await renter.newPage();
    await page.goto('/profile/rentals');
    const row = page.getByRole('row').filter({ hasText: 'Rulewagen' });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this rental?' });
    const preview = dialog.getByTestId('cancel-preview');
    await expect(preview).toContainText('You get 45.50€ back; 45.50€ goes to the owner.');
    await expect(preview).toContainText('Your deposit of 100.00€ comes back too.');
    await expect(preview).toContainText('Moderate cancellation');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/booking-rules-cancel-preview.png` });
    await dialog.getByRole('button', { name: 'Cancel Rental' }).click();
    await expect(row).toContainText('Cancelled');
    // Paid what the preview said: 309 + 45.50 + 100.
    expect(await balanceOf(renter.request)).toBeCloseTo(454.5, 2);
    await renter.close();
    await owner.close();
  });

  test('an on-request booking: the renter sees the breakdown, the owner accepts in a second browser', async ({ browser, baseURL }) => {
    const { owner, renter, vehicleId } = await world(browser, baseURL!, { bookingMode: 'request', weeklyDiscountPercent: 10, deposit: 50 });
    const quote = await renter.request.post(`/api/rental/quote/${vehicleId}`, {
      data: { bookedDates: Array.from({ length: 7 }, (_, i) => isoDay(10 + i)) },
    });
    expect(await quote.json()).toMatchObject({
      days: 7,
      subtotal: 318.5,
      discount: 31.85,
      total: 286.65,
      deposit: 50,
      bookingMode: 'request',
    });
    const rented = await renter.request.post(`/api/rental/rent/${vehicleId}`, {
      data: { bookedDates: Array.from({ length: 7 }, (_, i) => isoDay(10 + i)) },
    });
    expect(rented.ok(), await rented.text()).toBeTruthy();
    expect(await rented.json()).toMatchObject({ status: 'Requested', totalPrice: 286.65 });

    const renterPage = await renter.newPage();
    await renterPage.goto('/profile/rentals');
    await expect(renterPage.getByRole('row').filter({ hasText: 'Rulewagen' })).toContainText('Requested');

    const ownerPage = await owner.newPage();
    await ownerPage.goto('/profile/vehicles');
    // A row of My Vehicles opens its booking history (its Enter key does the same as a click).
    await ownerPage.getByRole('row', { name: /^Show bookings of Rulewagen/ }).press('Enter');
    const history = ownerPage.getByRole('dialog', { name: 'Booking History' });
    await expect(history).toContainText('Requested');
    await expectNoSeriousA11yViolations(ownerPage, '[role="dialog"]');
    if (process.env.SHOTS) await ownerPage.screenshot({ path: `${SHOTS}/booking-rules-request.png` });
    await history.getByRole('button', { name: /^Accept the request of/ }).click();
    await expect(history).toContainText('Active');
    await expect(history.getByRole('button', { name: /^Accept the request of/ })).toHaveCount(0);

    await renterPage.reload();
    await expect(renterPage.getByRole('row').filter({ hasText: 'Rulewagen' })).toContainText('Active');
    await renter.close();
    await owner.close();
  });
});
