import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Every spec imports `test` and `expect` from here, not from '@playwright/test' (lint enforces it):
 *
 * - A test fails when any page it opens, in any browser context, logs a console error (React
 *   reports hydration mismatches and render errors there), throws an uncaught error, or warns
 *   about hydration. Expected failed loads (4xx answers a test provokes, the 401 of /me when
 *   signed out, another site's resources such as map tiles when offline) are ignored.
 * - page.goto and page.reload wait until the app has taken over the server-rendered page
 *   (`<html data-interactive>`), so a test never types into markup React has not hydrated yet.
 */
export const test = base.extend<{ pageGuard: void }>({
  pageGuard: [
    async ({ context, browser, javaScriptEnabled }, use) => {
      const problems: string[] = [];
      const guard = (c: BrowserContext) => guardContext(c, problems, javaScriptEnabled !== false);
      guard(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        guard(created);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(problems, 'errors and hydration warnings in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const FAILED_LOAD = /^Failed to load resource: /;
const CLIENT_ERROR_STATUS = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * The browser's own line for a failed load is not an error of the page when the app handles the
 * answer (a 4xx it provoked) or the resource is another site's (map tiles, unreachable offline).
 */
function isExpectedFailedLoad(message: ConsoleMessage): boolean {
  const text = message.text();
  if (!FAILED_LOAD.test(text)) return false;
  if (CLIENT_ERROR_STATUS.test(text)) return true;
  const page = message.page();
  try {
    return page !== null && new URL(message.location().url).origin !== new URL(page.url()).origin;
  } catch {
    return false;
  }
}

function guardContext(context: BrowserContext, problems: string[], waitForApp: boolean): void {
  context.on('console', (message) => {
    const text = message.text();
    const isError = message.type() === 'error' && !isExpectedFailedLoad(message);
    const isHydrationWarning = message.type() === 'warning' && /hydrat/i.test(text);
    if (isError || isHydrationWarning) problems.push(`${message.type()} on ${message.page()?.url() ?? '?'}: ${text}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught on ${error.page()?.url() ?? '?'}: ${error.error().message}`));
  if (!waitForApp) return;
  for (const page of context.pages()) waitForAppOnLoad(page);
  context.on('page', waitForAppOnLoad);
}

const patched = new WeakSet<Page>();

function waitForAppOnLoad(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => afterLoad(page, await goto(...args));
  page.reload = async (...args) => afterLoad(page, await reload(...args));
}

async function afterLoad<R extends { headers(): Record<string, string> } | null>(page: Page, response: R): Promise<R> {
  if (response && (response.headers()['content-type'] ?? '').includes('text/html')) {
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  }
  return response;
}
