import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import { createTestCatalogue, createVehicleViaApi } from './vehicles-support';

/** Live notifications: an owner's bell rises while another user books their vehicle in another browser. */

const SCREENS = process.env.NOTIFY_SCREENS;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

async function expectNoSeriousA11yViolations(page: Page) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('the owner sees a booking of their vehicle arrive live, reads it in the bell panel, and it is marked read', async ({
  browser,
  baseURL,
}) => {
  const setup = await browser.newContext({ baseURL });
  const ownerUser = await registerUser(setup.request, 'own');
  const renterUser = await registerUser(setup.request, 'ren');
  await setup.close();
  const owner = await signedInContext(browser, baseURL!, ownerUser.username, ownerUser.password);
  const renter = await signedInContext(browser, baseURL!, renterUser.username, renterUser.password);
  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const catalogue = await createTestCatalogue(employee.request);
  await employee.close();
  const vehicleId = await createVehicleViaApi(owner.request, catalogue);

  // The owner browses the site (not the page a booking links to, where no toast is needed); nothing waits yet.
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/');
  const bell = ownerPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(ownerPage.getByText('No notifications yet.')).toBeVisible();
  await ownerPage.keyboard.press('Escape');

  // The renter, in another browser, tops up and books the vehicle.
  const topUp = await renter.request.post('/api/wallet/add-funds', {
    data: { amount: 200, cardNumber: '4242424242424242', cardHolderName: 'Test User', expiryMonth: 12, expiryYear: NEXT_YEAR, cvv: '123' },
  });
  expect(topUp.ok(), await topUp.text()).toBeTruthy();
  const rent = await renter.request.post(`/api/rental/rent/${vehicleId}`, { data: { bookedDates: [isoDay(20), isoDay(21)] } });
  expect(rent.ok(), await rent.text()).toBeTruthy();

  // Without a reload: the count rises and a toast tells the owner.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(ownerPage.locator('[data-toast]').filter({ hasText: `${renterUser.username} booked your` })).toBeVisible();

  if (SCREENS) {
    for (const width of [390, 1366, 1920]) {
      await ownerPage.setViewportSize({ width, height: 200 });
      await ownerPage.screenshot({ path: `${SCREENS}/bell-badge-${width}.png` });
    }
    await ownerPage.setViewportSize({ width: 1280, height: 720 });
  }

  // The panel lists it with a link to the owner's vehicles; opening it marks it read.
  await bell.click();
  const panel = ownerPage.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: /booked your/ });
  await expect(item).toContainText(renterUser.username);
  await expect(item).toHaveAttribute('href', '/profile/vehicles');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expectNoSeriousA11yViolations(ownerPage);

  if (SCREENS) {
    for (const width of [390, 1366, 1920]) {
      await ownerPage.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await ownerPage.screenshot({ path: `${SCREENS}/bell-panel-${width}.png` });
    }
  }

  // Read for good: a reload still shows no unread count.
  await ownerPage.reload();
  await expect(ownerPage.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
  const list = (await (await owner.request.get('/api/notifications')).json()) as { unreadCount: number };
  expect(list.unreadCount).toBe(0);

  await owner.close();
  await renter.close();
});
