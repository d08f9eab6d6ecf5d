import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * Money flows end to end: top-up, rent with the calendar, cancel with refund, confirm and
 * review, the owner's booking history and profit, a declined card, insufficient funds, and card money
 * going back only to its card (Refund to card) while only earnings may be withdrawn.
 */

const SHOTS = '.tmp/shots';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const WIDE = { width: 1920, height: 1080 };
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

const monthName = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const dayName = (day: string) => `${Number(day.slice(8))} ${monthName(day)}`;

async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  // As painted: a day just chosen or a button just enabled is mid-transition for 150 ms.
  await animationsDone(page);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs in through the API and returns the request context that carries the cookie. */
async function apiAs(page: Page, username: string, password: string): Promise<APIRequestContext> {
  const res = await page.request.post('/api/account/login', { data: { emailOrUsername: username, password } });
  expect(res.ok()).toBeTruthy();
  return page.request;
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

interface OwnedVehicle {
  id: string;
  make: string;
  model: string;
  pricePerDay: number;
}

/** A vehicle of the demo owner alice, cheapest first, so the tests can afford it. */
async function aliceVehicles(baseURL: string, browser: import('@playwright/test').Browser): Promise<OwnedVehicle[]> {
  const context = await signedInContext(browser, baseURL, DEMO.alice, DEMO_PASSWORD);
  const res = await context.request.get('/api/vehicle/user-vehicles');
  expect(res.ok()).toBeTruthy();
  const list = ((await res.json()) as OwnedVehicle[]).sort((a, b) => a.pricePerDay - b.pricePerDay);
  await context.close();
  expect(list.length).toBeGreaterThan(0);
  return list;
}

/** The first `count` consecutive free days starting at least `fromOffset` days ahead. */
async function freeDays(request: APIRequestContext, vehicleId: string, count: number, fromOffset: number): Promise<string[]> {
  const booked = new Set((await (await request.get(`/api/rental/${vehicleId}`)).json()) as string[]);
  for (let start = fromOffset; start < 150; start++) {
    const days = Array.from({ length: count }, (_, i) => isoDay(start + i));
    if (days.every((d) => !booked.has(d))) return days;
  }
  throw new Error('no free days');
}

async function showMonth(calendar: Locator, day: string) {
  for (let i = 0; i < 7; i++) {
    if ((await calendar.locator('p[aria-live]').textContent()) === monthName(day)) return;
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error(`month of ${day} not reachable`);
}

async function pickDays(dialog: Locator, days: string[]) {
  for (const day of days) {
    await showMonth(dialog, day);
    await dialog.getByRole('button', { name: dayName(day), exact: true }).click();
  }
}

async function fillCard(dialog: Locator, amount: string, cardNumber: string) {
  await dialog.getByLabel('Amount (€)').fill(amount);
  await dialog.getByLabel('Card number').pressSequentially(cardNumber.replace(/\s/g, ''));
  await dialog.getByLabel('Cardholder name').fill('Test User');
  await dialog.getByLabel('Expiry month').selectOption('12');
  await dialog.getByLabel('Expiry year').selectOption(NEXT_YEAR);
  await dialog.getByLabel('CVV').fill('123');
}

const headerBalance = (page: Page) => page.getByTestId('header-balance').first();

test.describe('money', () => {
  test('tops up 100 €, a declined card is shown in the modal', async ({ page }) => {
    const user = await registerUser(page.request, 'wal');
    await apiAs(page, user.username, user.password);
    await page.setViewportSize(DESKTOP);
    await page.goto('/profile/wallet');
    await expect(page.getByText('No transaction history available.')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('0.00€');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add Funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Funds' });
    await fillCard(dialog, '100', '4242424242424242');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(dialog.getByLabel('CVV')).toHaveAttribute('type', 'password');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-add-funds-desktop.png` });
    const addFundsRequest = page.waitForRequest('**/api/wallet/add-funds');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    // A retry of this submission must not pay twice: the server keys it by this header.
    expect((await addFundsRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);

    await expect(dialog).toBeHidden();
    await expect(page.getByText('100.00€ added to your wallet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Funds' })).toBeFocused();
    const firstRow = page.getByRole('table', { name: 'Transaction History' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText('Deposit');
    await expect(firstRow).toContainText('+100.00€');
    await expect(page.getByTestId('wallet-balance')).toHaveText('100.00€');
    await expect(headerBalance(page)).toContainText('Balance: 100.00€');

    // A declined card: the gateway's refusal stays in the modal, no money moves.
    await page.getByRole('button', { name: 'Add Funds' }).click();
    await fillCard(dialog, '50', '4000000000000002');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await expect(dialog.getByRole('alert')).toContainText(/declined/i);
    await expect(dialog).toBeVisible();
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-add-funds-declined-desktop.png` });
    await page.setViewportSize(PHONE);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-add-funds-phone.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Add Funds' })).toBeFocused();
    await expect(page.getByTestId('wallet-balance')).toHaveText('100.00€');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-wallet-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-wallet-desktop.png`, fullPage: true });
  });

  test('rents 3 consecutive days, sees them booked, cancels for a full refund', async ({ page, browser, baseURL }) => {
    const vehicles = await aliceVehicles(baseURL!, browser);
    const user = await registerUser(page.request, 'rent');
    const request = await apiAs(page, user.username, user.password);
    const vehicle = vehicles[0]!;
    const total = vehicle.pricePerDay * 3;
    // 100 € as the issue says, more when alice's cheapest vehicle costs more for three days.
    await topUpByApi(request, Math.max(100, Math.ceil(total)));
    const balanceBefore = Math.max(100, Math.ceil(total));
    const days = await freeDays(request, vehicle.id, 3, 3);

    await page.setViewportSize(DESKTOP);
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await expect(page.getByRole('group', { name: 'Availability' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[data-slot="rent-panel"]');
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Rental Dates' });
    await expect(dialog.getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();
    await pickDays(dialog, days);
    await expect(dialog.getByTestId('rent-total')).toHaveText(`${total.toFixed(2)}€`);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-rent-modal-desktop.png` });
    await page.setViewportSize(PHONE);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-rent-modal-phone.png` });
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Confirm Rental' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Booked 3 days.', { exact: false })).toBeVisible();
    // Focus goes back to Rent Now, not to <body>.
    await expect(page.getByRole('button', { name: 'Rent Now' })).toBeFocused();

    // The page's own calendar now shows the days booked; the balance went down by the total.
    const pageCalendar = page.getByRole('group', { name: 'Availability' });
    await showMonth(pageCalendar, days[0]!);
    await expect(pageCalendar.getByText(`${dayName(days[0]!).replace(/^\d+ /, '')}, unavailable`).first()).toBeAttached();
    const booked = (await (await request.get(`/api/rental/${vehicle.id}`)).json()) as string[];
    expect(days.every((d) => booked.includes(d))).toBe(true);
    const after = (balanceBefore - total).toFixed(2);
    await expect(headerBalance(page)).toContainText(`Balance: ${after}€`);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-details-panel-desktop.png` });
    await page.setViewportSize(PHONE);
    await page.locator('[data-slot="rent-panel"]').scrollIntoViewIfNeeded();
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-details-panel-phone.png` });
    await page.setViewportSize(DESKTOP);

    await page.goto('/profile/rentals');
    const row = page.getByRole('row').filter({ hasText: `${vehicle.make} ${vehicle.model}` });
    await expect(row).toContainText('Active');
    await expectNoSeriousA11yViolations(page);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-rentals-desktop.png`, fullPage: true });
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this rental?' });
    await expect(confirm).toContainText('full refund');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Cancel Rental' }).click();
    await expect(row).toContainText('Cancelled');
    // The Cancel button is gone with the action: focus lands on the row's vehicle, not <body>.
    await expect(row.getByRole('link', { name: `${vehicle.make} ${vehicle.model}` })).toBeFocused();
    await expect(headerBalance(page)).toContainText(`Balance: ${balanceBefore.toFixed(2)}€`);
    await page.goto('/profile/wallet');
    await expect(page.getByRole('table', { name: 'Transaction History' }).getByRole('row').nth(1)).toContainText('Refund');
  });

  test('a completed rental is confirmed and reviewed; the owner sees the booking and the profit', async ({ page, browser, baseURL }) => {
    // A new owner and vehicle per run: the hook below always moves the rental onto the days just before
    // today, and a seeded vehicle's rental from an earlier run (a CI retry) already holds those days.
    const setup = await browser.newContext({ baseURL });
    const ownerUser = await registerUser(setup.request, 'own');
    await setup.close();
    const owner = await signedInContext(browser, baseURL!, ownerUser.username, ownerUser.password);
    const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
    const catalogue = await createTestCatalogue(employee.request);
    await employee.close();
    const vehicleId = await createVehicleViaApi(owner.request, catalogue);
    const ownVehicles = (await (await owner.request.get('/api/vehicle/user-vehicles')).json()) as OwnedVehicle[];
    const vehicle = ownVehicles.find((v) => v.id === vehicleId)!;
    expect(vehicle).toBeDefined();
    const user = await registerUser(page.request, 'rev');
    const request = await apiAs(page, user.username, user.password);
    await topUpByApi(request, Math.max(100, Math.ceil(vehicle.pricePerDay * 2)));
    const days = await freeDays(request, vehicle.id, 2, 2);
    const rentRes = await request.post(`/api/rental/rent/${vehicle.id}`, { data: { bookedDates: days } });
    expect(rentRes.ok(), await rentRes.text()).toBeTruthy();
    const rental = (await rentRes.json()) as { id: string; totalPrice: number };
    // The e2e test hook moves the rental so its last day was yesterday (E2E_TEST_HOOKS=true).
    const shift = await request.post(`/api/test/rentals/${rental.id}/shift-past-end`);
    expect(shift.ok(), await shift.text()).toBeTruthy();

    await page.setViewportSize(DESKTOP);
    await page.goto('/profile/rentals');
    const row = page
      .getByRole('row')
      .filter({ hasText: `${vehicle.make} ${vehicle.model}` })
      .first();
    // Confirming pays the owner and cannot be undone: it asks first, saying so.
    await row.getByRole('button', { name: /^Confirm Rental/ }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm this rental?' });
    await expect(confirmDialog).toContainText('the owner is paid');
    await expect(confirmDialog).toContainText('This cannot be undone.');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-confirm-dialog-desktop.png` });
    await confirmDialog.getByRole('button', { name: 'Not Yet' }).click();
    await expect(confirmDialog).toBeHidden();
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: /^Confirm Rental/ })).toBeFocused();
    await row.getByRole('button', { name: /^Confirm Rental/ }).click();
    await confirmDialog.getByRole('button', { name: 'Confirm Rental' }).click();
    await expect(row).toContainText('Completed');
    // Confirm Rental became Leave a Review: focus moves to it.
    await expect(row.getByRole('button', { name: /^Leave a Review/ })).toBeFocused();
    await row.getByRole('button', { name: /^Leave a Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    // Keyboard: the first radio takes focus, arrows move the rating.
    await dialog.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await dialog.getByLabel('Comment (optional)').fill('Clean, quick handover. Would rent again.');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-review-modal-desktop.png` });
    await page.setViewportSize(PHONE);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-review-modal-phone.png` });
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('4-star review was saved')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Leave a Review/ })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `${vehicle.make} ${vehicle.model}` })).toBeFocused();
    await page.setViewportSize(PHONE);
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-rentals-phone.png`, fullPage: true });

    // The owner: the booking in the history modal, the profit in the wallet.
    const ownerPage = await owner.newPage();
    await ownerPage.setViewportSize(DESKTOP);
    await ownerPage.goto('/profile/vehicles');
    await ownerPage
      .getByRole('row')
      .filter({ hasText: `${vehicle.make} ${vehicle.model}` })
      .first()
      .click();
    const history = ownerPage.getByRole('dialog', { name: 'Booking History' });
    await expect(history.getByRole('row').filter({ hasText: user.username })).toContainText('Completed');
    await expectNoSeriousA11yViolations(ownerPage, '[role="dialog"]');
    if (process.env.SHOTS) await ownerPage.screenshot({ path: `${SHOTS}/money-booking-history-desktop.png` });
    await ownerPage.setViewportSize(PHONE);
    if (process.env.SHOTS) await ownerPage.screenshot({ path: `${SHOTS}/money-booking-history-phone.png` });
    await ownerPage.setViewportSize(DESKTOP);
    await ownerPage.goto('/profile/wallet');
    const profit = (Math.round(rental.totalPrice * 100) - Math.round(rental.totalPrice * 20)) / 100;
    await expect(ownerPage.getByRole('row').filter({ hasText: 'Rental Profit' }).first()).toContainText(`+${profit.toFixed(2)}€`);
    await owner.close();
  });

  test('card money goes back only to its card: Refund to card, and Withdraw offers only earnings', async ({ page }) => {
    const user = await registerUser(page.request, 'card');
    const request = await apiAs(page, user.username, user.password);
    await topUpByApi(request, 60);
    await page.setViewportSize(DESKTOP);
    await page.goto('/profile/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('60.00€');
    await expect(page.getByTestId('wallet-withdrawable')).toHaveText('0.00€');
    await expect(page.getByTestId('wallet-refundable')).toHaveText('60.00€');
    await expectNoSeriousA11yViolations(page);

    // Withdraw: the card money is not available to withdraw; the dialog says so before sending anything.
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const withdrawDialog = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(withdrawDialog.getByText('Available to withdraw:')).toContainText('0.00€');
    await withdrawDialog.getByLabel('Amount (€)').fill('20');
    await withdrawDialog.getByLabel('Account holder').fill('Test User');
    await withdrawDialog.getByLabel('IBAN').pressSequentially('DE89370400440532013000');
    await withdrawDialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(withdrawDialog.getByText(/^Insufficient funds.*refunded to that card/)).toBeVisible();
    await withdrawDialog.getByRole('button', { name: 'Cancel' }).click();

    // Refund to card: prefilled with everything refundable; more is refused in the dialog.
    await page.getByRole('button', { name: 'Refund to card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund to card' });
    await expect(dialog.getByLabel('Amount (€)')).toHaveValue('60.00');
    await dialog.getByLabel('Amount (€)').fill('60.01');
    await dialog.getByRole('button', { name: 'Refund to card' }).click();
    await expect(dialog.getByText('You can refund at most your card top-ups not yet spent (Refundable to card).')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-refund-to-card-desktop.png` });
    await dialog.getByLabel('Amount (€)').fill('25');
    const refundRequest = page.waitForRequest('**/api/wallet/refund-to-card');
    await dialog.getByRole('button', { name: 'Refund to card' }).click();
    expect((await refundRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('25.00€ refunded to •••• 4242.')).toBeVisible();
    const firstRow = page.getByRole('table', { name: 'Transaction History' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText('Refund to Card');
    await expect(firstRow).toContainText('-25.00€');
    await expect(page.getByTestId('wallet-balance')).toHaveText('35.00€');
    await expect(page.getByTestId('wallet-refundable')).toHaveText('35.00€');
    await expect(headerBalance(page)).toContainText('Balance: 35.00€');
    for (const [name, size] of [
      ['phone', PHONE],
      ['tablet', { width: 800, height: 900 }],
      ['laptop', { width: 1024, height: 800 }],
      ['desktop', DESKTOP],
      ['wide', WIDE],
    ] as const) {
      await page.setViewportSize(size);
      // The balance card, its two figures and its three buttons fit the width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(true);
      await expect(page.getByRole('button', { name: 'Refund to card' })).toBeInViewport();
      if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-wallet-buckets-${name}.png`, fullPage: true });
    }
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Refund to card' }).click();
    await expect(dialog.getByLabel('Amount (€)')).toHaveValue('35.00');
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/money-refund-to-card-phone.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('insufficient balance disables confirm with the spec text; owners and visitors cannot rent', async ({ page, browser, baseURL }) => {
    const vehicles = await aliceVehicles(baseURL!, browser);
    const vehicle = vehicles[0]!;
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await expect(page.getByRole('link', { name: 'Log in to rent' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rent Now' })).toHaveCount(0);

    const user = await registerUser(page.request, 'poor');
    const request = await apiAs(page, user.username, user.password);
    const [day] = await freeDays(request, vehicle.id, 2, 1);
    await page.goto(`/api/vehicle/${vehicle.id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Rental Dates' });
    await pickDays(dialog, [day!]);
    // Keyboard: the arrow moves to the next day, Enter extends the selection.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('(2 days)')).toBeVisible();
    await expect(dialog.getByText('Insufficient funds to rent this vehicle.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();

    const owner = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`/api/vehicle/${vehicle.id}`);
    await expect(ownerPage.getByText('This is your vehicle')).toBeVisible();
    await expect(ownerPage.getByRole('button', { name: 'Rent Now' })).toHaveCount(0);
    await owner.close();
  });
});
