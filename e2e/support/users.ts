import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';

/** Demo accounts seeded on first start (README). */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO = { employee: 'emma.employee', alice: 'alice', bob: 'bob', company: 'rentdrive' } as const;

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

/** A new user registered through the API (unique name), for tests that need a clean account. */
export async function registerUser(request: APIRequestContext, prefix = 'u'): Promise<TestUser> {
  const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`.slice(0, 20);
  const user = { username, email: `${username}@example.com`, password: 'Passw0rd1' };
  const res = await request.post('/api/account/register', {
    data: { username, email: user.email, password: 'Passw0rd1', comfirmedPassword: 'Passw0rd1' },
  });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return user;
}

/** A browser context already signed in as the user (the session cookie set through the API). */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  emailOrUsername: string,
  password: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/account/login', { data: { emailOrUsername, password } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return context;
}
