import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expectBalance, loginThroughUi } from './support/shell';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser } from './support/users';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

function newName(prefix: string) {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('register, stay signed in, log out, log in with the username, and the guards', async ({ page }) => {
  const username = newName('reg');
  const password = 'Passw0rd1';

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expectBalance(page, 'Balance: 0.00€');
  await expect(mainNav(page).getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

  await page.reload();
  await expectBalance(page, 'Balance: 0.00€');

  // Signed-in users don't see login/register.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);

  // A hard reload of a guarded page waits for the session and stays.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(username).first()).toBeVisible();

  // Not an employee: the manage area sends home, and there is no Manage menu.
  await page.goto('/manage/vehicle-types');
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('button', { name: 'Manage' })).toHaveCount(0);

  // Logout ends the session on the server: the header changes and /profile sends home.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  expect((await page.request.get('/api/account/me')).status()).toBe(401);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);

  await loginThroughUi(page, username, password);
  await expectBalance(page, 'Balance: 0.00€');
});

test('login and register show server refusals on the form', async ({ page, request }) => {
  const existing = await registerUser(request, 'dup');
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(existing.username);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid/i);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Register' }).last().click();
  await expect(page).toHaveURL(/\/register$/);
  // The register screen is its own chunk: until it renders, the login form (with its 'Email or
  // Username' field) is still on the page, so wait for the new heading and match labels exactly.
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(existing.username);
  await page.getByLabel('Email', { exact: true }).fill(`${newName('x')}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd1');
  await page.getByLabel('Confirm Password').fill('Passw0rd1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This username is already taken.')).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('an employee sees the Manage menu and reaches the catalogue pages', async ({ page }) => {
  await loginThroughUi(page, DEMO.employee, DEMO_PASSWORD);
  const manage = mainNav(page).getByRole('button', { name: 'Manage' });
  await manage.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Vehicle Types' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Vehicle Type Categories' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Vehicle Type Properties' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Vehicle Types' }).click();
  await expect(page).toHaveURL(/\/manage\/vehicle-types$/);
  await page.reload();
  await expect(page).toHaveURL(/\/manage\/vehicle-types$/);
});

test('an unknown route shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the contact form validates, sends and thanks the sender', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  // Without internet (CI) the map service is out of reach: the address and a link stand in for the
  // frame, never the browser's broken-frame icon. With internet, the map shows.
  const map = page.locator('figure[data-map-state]');
  await expect(map).toHaveAttribute('data-map-state', /^(failed|shown)$/, { timeout: 15_000 });
  await expect(map.getByText(/Herengracht 182/)).toBeVisible();
  await expect(map.getByRole('link', { name: 'Open in OpenStreetMap' })).toBeVisible();
  if ((await map.getAttribute('data-map-state')) === 'failed') {
    await expect(page.locator('iframe[title="Map of our office location"]')).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required!', { exact: true })).toBeVisible();
  await expect(page.getByText('Message is required!')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Ada');
  await page.getByLabel('Surname').fill('Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Cars').check();
  await page.getByLabel('Traveling').check();
  await page.getByLabel('Message', { exact: true }).fill('Do you rent campers for a week?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Ada!' })).toBeVisible();
});

test('settings save profile details with a toast and show a refusal on its field, with no error modal', async ({ page, request }) => {
  const user = await registerUser(request, 'set');
  await loginThroughUi(page, user.username, user.password);
  await page.goto('/profile/settings');
  await page.getByLabel('Phone number').fill('+359888123456');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile details updated.')).toBeVisible();
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByText('+359888123456')).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Current password').fill('Wrong1234');
  await page.getByLabel('New password', { exact: true }).fill('Better123');
  await page.getByLabel('Confirm new password').fill('Better124');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('New passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Better123');
  await page.getByRole('button', { name: 'Change password' }).click();
  // The message belongs to a field: shown there once (and focused), not again in a modal to dismiss.
  const current = page.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Current password is incorrect.')).toHaveCount(1);
  await expect(current).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password updated.')).toBeVisible();
});

test.describe('accessibility', () => {
  async function expectNoSeriousViolations(page: Page, what: string) {
    await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
    const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }

  test('home, login, register and contact have no serious or critical violations', async ({ page }) => {
    for (const [path, heading] of [
      ['/', null],
      ['/login', 'Login to Your Account'],
      ['/register', 'Create an Account'],
      ['/contact-us', 'Contact Us'],
    ] as const) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoSeriousViolations(page, path);
    }
  });

  test('profile overview and settings have no serious or critical violations', async ({ page, request }) => {
    const user = await registerUser(request, 'axe');
    await loginThroughUi(page, user.username, user.password);
    await page.goto('/profile');
    await expect(page.getByText('Completed rentals')).toBeVisible();
    await expectNoSeriousViolations(page, '/profile');
    await page.goto('/profile/settings');
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expectNoSeriousViolations(page, '/profile/settings');
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the header collapses into a menu button that opens, navigates and closes', async ({ page, request }) => {
    const user = await registerUser(request, 'tiny');
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectBalance(page, 'Balance: 0.00€');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    // Nothing sticks out sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
