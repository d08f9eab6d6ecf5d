import { expect, type Page } from '@playwright/test';

/** The header's balance text once the signed-in user has loaded. */
export async function expectBalance(page: Page, text: string | RegExp = /^Balance: \d+\.\d{2}€/) {
  await expect(page.getByTestId('header-balance').filter({ visible: true })).toHaveText(text);
}

/** Signs in through the login screen and waits for home. */
export async function loginThroughUi(page: Page, emailOrUsername: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(emailOrUsername);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}
