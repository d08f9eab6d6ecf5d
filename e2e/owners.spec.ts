import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext, type TestUser } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * An owner's business: earnings paid out to a bank account, days taken off the calendar, and a
 * renter who then finds those days unavailable and cannot rent them.
 */

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 800 }, wide: { width: 1920, height: 1080 } };
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
const monthName = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const dayName = (day: string) => `${Number(day.slice(8))} ${monthName(day)}`;

async function expectNoSeriousA11yViolations(page: Page, include: string) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
  }
  await page.setViewportSize(SIZES.laptop);
}

async function showMonth(calendar: Locator, day: string) {
  for (let i = 0; i < 7; i++) {
    if ((await calendar.locator('p[aria-live]').textContent()) === monthName(day)) return;
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error(`month of ${day} not reachable`);
}

async function contextFor(browser: Browser, baseURL: string, user: TestUser) {
  return signedInContext(browser, baseURL, user.username, user.password);
}

/** A new owner whose vehicle earned money: a renter rented one day, the rental ended and was confirmed. */
async function ownerWithEarnings(browser: Browser, baseURL: string, request: APIRequestContext) {
  const employee = await signedInContext(browser, baseURL, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  await employee.close();
  const owner = await registerUser(request, 'own');
  const ownerContext = await contextFor(browser, baseURL, owner);
  const vehicleId = await createVehicleViaApi(ownerContext.request, catalogue, 'Ownerwagen');
  const renter = await registerUser(request, 'ren');
  const renterContext = await contextFor(browser, baseURL, renter);
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
  // Two days at 45.50 €: 91.00 €, of which the owner earns 80 % on completion.
  const rented = await renterContext.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: [isoDay(2), isoDay(3)] } });
  expect(rented.ok(), await rented.text()).toBeTruthy();
  const rentalId = ((await rented.json()) as { id: string }).id;
  expect((await renterContext.request.post(`/api/test/rentals/${rentalId}/shift-past-end`)).ok()).toBeTruthy();
  const confirmed = await renterContext.request.post(`/api/rental/confirm-rental/${rentalId}`, {
    headers: { 'content-type': 'application/json' },
    data: '',
  });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  return { owner, ownerContext, renter, renterContext, vehicleId };
}

test.describe('owners', () => {
  test('an owner withdraws part of the earnings and blocks three days; a renter finds them unavailable', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const { ownerContext, renterContext, vehicleId } = await ownerWithEarnings(browser, baseURL!, request);
    const page = await ownerContext.newPage();
    await page.setViewportSize(SIZES.laptop);

    // Withdraw: 72.80 € earned; a bad IBAN and too much are refused in the modal, then 50 € is paid out.
    await page.goto('/profile/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('72.80€');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(dialog.getByText('72.80€')).toBeVisible();
    await dialog.getByLabel('Amount (€)').fill('80');
    await dialog.getByLabel('Account holder').fill('Olga Owner');
    await dialog.getByLabel('IBAN').pressSequentially('DE89370400440532013001');
    await expect(dialog.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 01');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(dialog.getByText(/^Insufficient funds/)).toBeVisible();
    await expect(dialog.getByText('This IBAN is not valid: check it for typos.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await shoot(page, 'withdraw-modal-errors');
    // The bank's refusal (the documented test IBAN) shows in the modal; nothing moves.
    await dialog.getByLabel('Amount (€)').fill('50');
    await dialog.getByLabel('IBAN').fill('');
    await dialog.getByLabel('IBAN').pressSequentially('DE79000000000000000002');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(dialog.getByRole('alert')).toContainText('refused');
    await dialog.getByLabel('IBAN').fill('');
    await dialog.getByLabel('IBAN').pressSequentially('DE89 3704 0044 0532 0130 00');
    await shoot(page, 'withdraw-modal');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('wallet-balance')).toHaveText('22.80€');
    const firstRow = page.getByRole('table', { name: 'Transaction History' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText('Withdraw');
    await expect(firstRow).toContainText('DE•• •••• 3000');
    await expect(firstRow).toContainText('-50.00€');
    await shoot(page, 'wallet-after-withdraw');

    // Block three days from My Vehicles.
    const blocked = [isoDay(20), isoDay(21), isoDay(22)];
    await page.goto('/profile/vehicles');
    await page.getByRole('button', { name: /^Availability of Ownerwagen/ }).click();
    const calendarDialog = page.getByRole('dialog', { name: 'Availability' });
    const calendar = calendarDialog.getByRole('group', { name: 'Blocked days' });
    await expect(calendar).toBeVisible();
    await showMonth(calendar, blocked[0]!);
    await calendar.getByRole('button', { name: dayName(blocked[0]!), exact: true }).click();
    if (monthName(blocked[2]!) !== monthName(blocked[0]!)) await showMonth(calendar, blocked[2]!);
    await calendar.getByRole('button', { name: dayName(blocked[2]!), exact: true }).click({ modifiers: ['Shift'] });
    await expect(calendarDialog.getByTestId('blocked-summary')).toHaveText('3 days blocked. Not saved yet.');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await shoot(page, 'availability-modal');
    await calendarDialog.getByRole('button', { name: 'Save' }).click();
    await expect(calendarDialog).toBeHidden();
    await expect(page.getByText('Availability saved: 3 days blocked.')).toBeVisible();
    const ownerView = await ownerContext.request.get(`/api/vehicle/blocked-days/${vehicleId}`);
    expect(((await ownerView.json()) as { blockedDays: string[] }).blockedDays).toEqual(blocked);

    // The renter sees the days unavailable on the vehicle page, and the server refuses to rent them.
    const renterPage = await renterContext.newPage();
    await renterPage.setViewportSize(SIZES.laptop);
    await renterPage.goto(`/api/vehicle/${vehicleId}`);
    const details = renterPage.getByRole('group', { name: 'Availability' });
    await expect(details).toBeVisible();
    await expect(details.getByText('Unavailable', { exact: true })).toBeVisible();
    await showMonth(details, blocked[1]!);
    await expect(details.getByText(`${dayName(blocked[1]!).replace(/^\d+ /, '')}, unavailable`).first()).toBeAttached();
    await renterPage.getByRole('button', { name: 'Rent Now' }).click();
    const rentDialog = renterPage.getByRole('dialog', { name: 'Select Rental Dates' });
    await showMonth(rentDialog, blocked[1]!);
    const blockedButton = rentDialog.getByRole('button', { name: `${dayName(blocked[1]!)}, unavailable`, exact: true });
    await expect(blockedButton).toHaveAttribute('aria-disabled', 'true');
    // Clicking it anyway (aria-disabled keeps it reachable by keyboard) selects nothing.
    await blockedButton.click({ force: true });
    await expect(rentDialog.getByRole('button', { name: 'Confirm Rental' })).toBeDisabled();
    await expectNoSeriousA11yViolations(renterPage, '[role="dialog"]');
    await shoot(renterPage, 'renter-calendar-unavailable');
    const refused = await renterContext.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: blocked } });
    expect(refused.status()).toBe(409);
    await ownerContext.close();
    await renterContext.close();
  });

  test('the owner menu on the vehicle page opens the availability calendar', async ({ browser, baseURL, request }) => {
    const { ownerContext, renterContext, vehicleId } = await ownerWithEarnings(browser, baseURL!, request);
    const page = await ownerContext.newPage();
    await page.goto(`/api/vehicle/${vehicleId}`);
    await page.getByRole('button', { name: 'Manage this vehicle' }).click();
    await page.getByRole('menuitem', { name: 'Availability' }).click();
    const calendarDialog = page.getByRole('dialog', { name: 'Availability' });
    await expect(calendarDialog.getByRole('group', { name: 'Blocked days' })).toBeVisible();
    await expect(calendarDialog.getByText('Booked', { exact: true })).toBeVisible();
    await ownerContext.close();
    await renterContext.close();
  });
});
