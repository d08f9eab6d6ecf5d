import { spawn, type ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { registerUser } from './support/users';

/**
 * Forgot password through the development mailbox (issue 25). The mailbox is never served in
 * production, and the suite's shared server runs as production: this spec starts its own instance in
 * development (no SMTP_URL: mail is kept for /dev/mailbox) on a port of its own, and stops it by PID.
 */
const PORT = Number(process.env.E2E_MAIL_PORT ?? 4521);
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-mail-${PORT}`,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${BASE}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the mail e2e server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
});

async function expectNoAxeViolations(page: Page) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('forgot password: the link from the development mailbox sets a new password, which signs in', async ({ page }) => {
  const user = await registerUser(page.request, 'fp');
  const newPassword = 'Brand9New';
  // Registering signed this browser in; the person who forgot the password is signed out.
  await page.request.post('/api/account/logout');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email or Username').fill(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account matches, we have sent a link');
  await expectNoAxeViolations(page);

  // The development mailbox: the newest message is the reset mail to this user.
  await page.goto('/dev/mailbox');
  const row = page.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'Reset your RentDrive password' });
  await row.getByRole('link', { name: 'Reset your RentDrive password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your RentDrive password' })).toBeVisible();
  await page
    .getByRole('link', { name: /\/reset-password\?token=/ })
    .first()
    .click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed.');

  // The same link a second time is refused, clearly.
  await page.reload();
  await page.getByLabel('New password', { exact: true }).fill('Other9Pass');
  await page.getByLabel('Confirm new password').fill('Other9Pass');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has already been used.');

  // Sign in with the new password.
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`^${BASE}/$`));
  await expect(page.getByTestId('header-balance').filter({ visible: true })).toHaveText(/^Balance: /);

  // A 'password changed' mail went out too.
  await page.goto('/dev/mailbox');
  await expect(
    page.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'Your RentDrive password was changed' }),
  ).toHaveCount(1);
});

test('register, confirm the address from the mailbox, and the notice disappears', async ({ page }) => {
  const user = await registerUser(page.request, 've');
  await page.goto('/profile');
  const notice = page.getByRole('region', { name: 'E-mail address not confirmed' });
  await expect(notice).toContainText(user.email);
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: 'Send again' }).click();
  await expect(notice.getByRole('status')).toHaveText('A new link is on its way.');

  await page.goto('/dev/mailbox');
  await page
    .getByRole('row')
    .filter({ hasText: user.email })
    .getByRole('link', { name: 'Confirm your e-mail address for RentDrive' })
    .first()
    .click();
  await page
    .getByRole('link', { name: /\/verify-email\?token=/ })
    .first()
    .click();
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your e-mail address is confirmed.');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail address not confirmed' })).toHaveCount(0);
});

test('a new address waits for its link: the old one is kept and told, then the account uses the new one', async ({ page }) => {
  const user = await registerUser(page.request, 'ce');
  const newEmail = `new.${user.email}`;
  await page.goto('/profile/settings');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(user.email);
  await email.fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}`)).toBeVisible();
  // The field keeps the current address; the new one is pending, with 'Send the link again'.
  await expect(email).toHaveValue(user.email);
  const pending = page.getByRole('group', { name: 'New e-mail address waiting for confirmation' });
  await expect(pending).toContainText(`Pending: ${newEmail}`);
  await expectNoAxeViolations(page);
  if (process.env.SHOTS) {
    for (const width of [360, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `.tmp/shots/email-pending-${width}.png`, fullPage: true });
    }
  }
  await pending.getByRole('button', { name: 'Send the link again' }).click();
  await expect(pending.getByRole('status')).toHaveText('A new link is on its way.');

  // The old address was told; two links went to the new one (the first and 'Send the link again').
  await page.goto('/dev/mailbox');
  await expect(
    page.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'A new e-mail address was given for your RentDrive account' }),
  ).toHaveCount(1);
  const links = page
    .getByRole('row')
    .filter({ hasText: newEmail })
    .getByRole('link', { name: 'Confirm your e-mail address for RentDrive' });
  await expect(links).toHaveCount(2);
  await links.first().click();
  await page
    .getByRole('link', { name: /\/verify-email\?token=/ })
    .first()
    .click();
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your e-mail address is confirmed.');

  // The account now uses the new address, verified; the old one heard that the change is done.
  await page.goto('/profile');
  const overview = page.locator('dt:text-is("Email") + dd');
  await expect(overview).toContainText(newEmail);
  await expect(overview.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'New e-mail address waiting for confirmation' })).toHaveCount(0);
  await page.goto('/dev/mailbox');
  await expect(
    page.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'The e-mail address of your RentDrive account was changed' }),
  ).toHaveCount(1);
});
