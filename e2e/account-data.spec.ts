import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi, expectNoSeriousA11yViolations } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

/**
 * The user's own data (issue 28): Settings → 'Download my data' gives one JSON document of the
 * account; 'Delete my account' is refused while the wallet holds money and, once it is empty, erases
 * the person: the old review then reads 'Deleted user' and the old name no longer signs in.
 */

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ok(response: Promise<import('@playwright/test').APIResponse>) {
  const res = await response;
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res;
}

async function topUp(request: APIRequestContext, amount: number) {
  await ok(
    request.post('/api/wallet/add-funds', {
      data: { amount, cardNumber: '4242424242424242', cardHolderName: 'Test User', expiryMonth: 12, expiryYear: NEXT_YEAR, cvv: '123' },
    }),
  );
}

test('Download my data gives one JSON document of the account, with its rentals and wallet', async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  const user = await registerUser(setup.request, 'exp');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, user.username, user.password);
  await topUp(context.request, 25);
  const page = await context.newPage();
  await page.goto('/profile/settings');
  const link = page.getByRole('link', { name: 'Download my data (JSON file)' });
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^rentdrive-account-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    format: string;
    account: { username: string; email: string; walletBalanceCents: number };
    walletTransactions: { amountCents: number }[];
  };
  expect(document.format).toBe('rentdrive-account-export');
  expect(document.account).toMatchObject({ username: user.username, email: user.email, walletBalanceCents: 2500 });
  expect(document.walletTransactions.map((t) => t.amountCents)).toContain(2500);
  await context.close();
});

test('Delete my account is refused while the wallet holds money, then erases the person; the review reads Deleted user', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  // An owner's vehicle the user rents, confirms and reviews.
  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  const ownerUser = await registerUser(employee.request, 'own');
  const renterUser = await registerUser(employee.request, 'del');
  await employee.close();
  const owner = await signedInContext(browser, baseURL!, ownerUser.username, ownerUser.password);
  const vehicleId = await createVehicleViaApi(owner.request, catalogue, 'Erasable');

  const renter = await signedInContext(browser, baseURL!, renterUser.username, renterUser.password);
  await topUp(renter.request, 500);
  const rent = await ok(
    renter.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: [dayFromToday(3), dayFromToday(4)] } }),
  );
  const rental = (await rent.json()) as { id: string };
  await ok(renter.request.post(`/api/test/rentals/${rental.id}/shift-past-end`));
  await ok(renter.request.post(`/api/rental/confirm-rental/${rental.id}`));
  // The owner rates the renter too, so the renter's review is published at once (double-blind, issue 27).
  await ok(owner.request.post(`/api/rental/renter-review/${rental.id}`, { data: { starRating: 5 } }));
  await owner.close();
  const comment = `Spotless ${Date.now()}`;
  await ok(renter.request.post('/api/vehiclereview/add', { data: { rentalId: rental.id, starRating: 5, comment } }));

  // Money left in the wallet: the dialog shows the server's reason and nothing is erased.
  const page = await renter.newPage();
  await page.goto('/profile/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill(renterUser.password);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your wallet still holds money. Withdraw it or refund it to your card first.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The card money goes back to the card; then the deletion goes through.
  const me = (await (await ok(renter.request.get('/api/account/me'))).json()) as { balance: number };
  expect(me.balance).toBeGreaterThan(0);
  await ok(renter.request.post('/api/wallet/refund-to-card', { data: { amount: me.balance } }));
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Password').fill(renterUser.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile/);

  // The review stays, by 'Deleted user'; the old name no longer signs in.
  await page.goto(`/api/vehicle/${vehicleId}`);
  const review = page.locator('li, article').filter({ hasText: comment }).first();
  await expect(review).toContainText('Deleted user');
  await expect(page.getByText(renterUser.username)).toHaveCount(0);
  const login = await page.request.post('/api/account/login', {
    data: { emailOrUsername: renterUser.username, password: renterUser.password },
  });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  expect(login.status()).toBeLessThan(500);
  await renter.close();
});
