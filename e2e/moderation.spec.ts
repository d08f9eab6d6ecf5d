import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi, expectNoSeriousA11yViolations, shortId } from './vehicles-support';

test.describe.configure({ mode: 'serial' });

/** The moderation queue at the three widths the issue asks for (with SHOTS=1). */
async function shootWidths(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync('.tmp/shots', { recursive: true });
  for (const width of [360, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `.tmp/shots/moderation-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function reportViaApi(request: APIRequestContext, targetType: string, targetId: string) {
  const res = await request.post('/api/reports', {
    data: { targetType, targetId, reason: 'fraud', details: 'Asks for money outside the site.' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: string }).id;
}

test('a user reports a listing, an employee hides it with a reason, the owner sees why and answers, the employee restores it', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  // Registering signs the new user in on the context that registers: not the employee's.
  const setup = await browser.newContext({ baseURL });
  const ownerUser = await registerUser(setup.request, 'own');
  const owner = await signedInContext(browser, baseURL!, ownerUser.username, ownerUser.password);
  const make = `Mod${shortId()}`;
  const vehicleId = await createVehicleViaApi(owner.request, catalogue, make);
  const reporterUser = await registerUser(setup.request, 'rep');
  await setup.close();
  const reporter = await signedInContext(browser, baseURL!, reporterUser.username, reporterUser.password);

  // The reporter flags the listing from its page.
  const reporterPage = await reporter.newPage();
  await reporterPage.goto(`/api/vehicle/${vehicleId}`);
  await reporterPage.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByLabel('Reason').selectOption('dangerous-vehicle');
  await dialog.getByLabel('Description').fill('The photos show bald tyres.');
  await expectNoSeriousA11yViolations(reporterPage);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporterPage.getByText('Our moderators will look at your report')).toBeVisible();

  // The employee hides it with a reason.
  const employeePage = await employee.newPage();
  await employeePage.goto('/manage/moderation');
  await expect(employeePage.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const card = employeePage.locator('article').filter({ hasText: make });
  await expect(card.getByText('The photos show bald tyres.')).toBeVisible();
  await expectNoSeriousA11yViolations(employeePage);
  await shootWidths(employeePage, 'queue');
  await card.getByLabel('Decision').selectOption('hide-listing');
  await card.getByLabel('Reason').fill('Unsafe tyres: replace them and answer this decision.');
  await card.getByRole('button', { name: 'Save decision' }).click();
  await expect(employeePage.getByText('Decision saved.')).toBeVisible();
  await expect(employeePage.locator('article').filter({ hasText: make })).toHaveCount(0);

  // Gone for the reporter; the owner sees why and answers.
  const hidden = await reporter.request.get(`/api/vehicle/${vehicleId}`, { headers: { accept: 'application/json' } });
  expect(hidden.status()).toBe(404);
  // The page server renders every page as an anonymous visitor, so the hidden listing's own page is
  // 'not found' for its owner too; the owner reads why where the notification and the mail link to.
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/profile/decisions');
  await expect(ownerPage.getByText('Unsafe tyres: replace them and answer this decision.')).toBeVisible();
  await expect(ownerPage.getByRole('heading', { name: 'Moderation decisions' })).toBeVisible();
  await ownerPage.getByLabel('Your answer').fill('New tyres fitted yesterday, photos updated.');
  await expectNoSeriousA11yViolations(ownerPage);
  await ownerPage.getByRole('button', { name: 'Send answer' }).click();
  await expect(ownerPage.getByText('You answered this decision.')).toBeVisible();

  // The answer is back in the queue; the employee restores the listing.
  await employeePage.reload();
  const again = employeePage.locator('article').filter({ hasText: make });
  await expect(again.getByText('New tyres fitted yesterday, photos updated.')).toBeVisible();
  await again.getByLabel('Decision').selectOption('restore-listing');
  await again.getByLabel('Reason').fill('Tyres checked on the new photos.');
  await again.getByRole('button', { name: 'Save decision' }).click();
  await expect(employeePage.getByText('Decision saved.')).toBeVisible();
  const shown = await reporter.request.get(`/api/vehicle/${vehicleId}`, { headers: { accept: 'application/json' } });
  expect(shown.status()).toBe(200);

  await Promise.all([employee.close(), owner.close(), reporter.close()]);
});

test('a suspended user cannot sign in and sees until when', async ({ browser, baseURL, page }) => {
  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  // Registering signs the new user in on the context that registers: not the employee's.
  const setup = await browser.newContext({ baseURL });
  const suspect = await registerUser(setup.request, 'sus');
  const reporterUser = await registerUser(setup.request, 'rep');
  await setup.close();
  const reporter = await signedInContext(browser, baseURL!, reporterUser.username, reporterUser.password);
  const users = await employee.request.get(`/api/moderation/users?q=${suspect.username}`);
  const suspectId = ((await users.json()) as { id: string }[])[0]!.id;
  const reportId = await reportViaApi(reporter.request, 'user', suspectId);
  const decided = await employee.request.post(`/api/moderation/reports/${reportId}/decision`, {
    data: { action: 'suspend-user', reason: 'Scam attempts in chat.', until: '2099-01-01T12:00:00Z' },
  });
  expect(decided.ok(), await decided.text()).toBeTruthy();

  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(suspect.username);
  await page.getByLabel('Password', { exact: true }).fill(suspect.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('This account is suspended until 2099-01-01 12:00 UTC.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectNoSeriousA11yViolations(page);
  await Promise.all([employee.close(), reporter.close()]);
});
