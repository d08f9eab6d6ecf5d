import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * The tab title as React 19 document metadata (lib/document-title.tsx): a server-rendered page's head
 * has its title and description once, as sent and once the scripts have taken over, and every screen
 * a visitor moves to, back to or reads in another language keeps exactly one of each, the title its
 * own. Reads the demo seed; creates nothing.
 */

interface HeadCount {
  titles: number;
  descriptions: number;
  title: string;
}

/** The document's <title> and description elements now (anywhere in the document, not only in <head>). */
const headNow = (page: Page): Promise<HeadCount> =>
  page.evaluate(() => ({
    titles: document.querySelectorAll('title').length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    title: document.title,
  }));

/** Once the screen's title is `title`: one title and one description. */
async function expectOneTitle(page: Page, title: string | RegExp, when: string) {
  await expect(page, when).toHaveTitle(title);
  const now = await headNow(page);
  expect({ titles: now.titles, descriptions: now.descriptions }, `${when}: <title> and description elements`).toEqual({
    titles: 1,
    descriptions: 1,
  });
}

function countInHtml(html: string) {
  return {
    titles: html.match(/<title[\s>]/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
  };
}

test('the server sends one title and one description, in <head>, for a crawler and for a browser', async ({ request }) => {
  const [card] = (await (await request.get('/api/vehicle/recent')).json()) as { id: string; make: string; model: string }[];
  for (const [url, title] of [
    ['/', 'Find Your Next Ride | RentDrive'],
    ['/login', 'RentDrive'],
    [`/api/vehicle/${card!.id}`, new RegExp(`^${card!.make} ${card!.model}.* \\| RentDrive$`)],
  ] as const) {
    for (const userAgent of ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', 'Googlebot/2.1']) {
      const html = await (await request.get(url, { headers: { 'user-agent': userAgent, accept: 'text/html' } })).text();
      expect(countInHtml(html), `${url} for ${userAgent}`).toEqual({ titles: 1, descriptions: 1 });
      const head = html.slice(0, html.indexOf('</head>'));
      expect(countInHtml(head), `${url}: the title and description are in <head>`).toEqual({ titles: 1, descriptions: 1 });
      expect(head.match(/<title>([^<]*)<\/title>/)?.[1], url).toMatch(title);
    }
  }
});

test('one title and one description before and after hydration, after client navigations, back and a language switch', async ({ page }) => {
  // What the parsed server document holds before any module script runs (React's first).
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      Object.assign(window, {
        beforeHydration: {
          titles: document.querySelectorAll('title').length,
          descriptions: document.querySelectorAll('meta[name="description"]').length,
          title: document.title,
        },
      });
    });
  });
  await page.goto('/');
  expect(await page.evaluate(() => (window as unknown as { beforeHydration: HeadCount }).beforeHydration)).toEqual({
    titles: 1,
    descriptions: 1,
    title: 'Find Your Next Ride | RentDrive',
  });
  await expectOneTitle(page, 'Find Your Next Ride | RentDrive', 'home after hydration');
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  const banner = page.getByRole('banner');
  await banner.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectOneTitle(page, 'Login to Your Account | RentDrive', 'login, reached from home');

  await banner.getByRole('link', { name: 'Listing', exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/listing$/);
  await expectOneTitle(page, 'All Vehicles | RentDrive', 'the listing, reached from login');

  await page.getByRole('main').locator('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/api\/vehicle\//);
  await expectOneTitle(page, /^(?!Vehicle Details).+ \| RentDrive$/, 'a vehicle, reached from the listing');

  await page.goBack();
  await expect(page).toHaveURL(/\/listing$/);
  await expectOneTitle(page, 'All Vehicles | RentDrive', 'the listing after back');
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expectOneTitle(page, 'Login to Your Account | RentDrive', 'login after back');
  await page.goForward();
  await expectOneTitle(page, 'All Vehicles | RentDrive', 'the listing after forward');

  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'no page load on the way').toBe(true);

  // The language switch on a server-rendered page: the same screen in German, without a page load.
  // (On a screen reached by a client navigation, the switch's new router logs React Router's 'No
  // HydrateFallback' warning, with or without this change: app/language.ts.)
  await page.goto('/listing');
  await expectOneTitle(page, 'All Vehicles | RentDrive', 'the listing, server-rendered');
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  const languageButton = banner.getByRole('button', { name: 'Language (EN)' });
  await expect(languageButton).toHaveAttribute('data-language-switch', 'ready');
  await languageButton.click();
  const list = page.locator(`[id="${await languageButton.getAttribute('aria-controls')}"]`);
  await list.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/listing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectOneTitle(page, /^(?!All Vehicles).+ \| RentDrive$/, 'the listing in German');
  await page.goBack();
  await expectOneTitle(page, 'All Vehicles | RentDrive', 'the listing in English again, after back');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'no page load').toBe(true);
});

test("a server-rendered vehicle page's title is the vehicle's, once, before and after hydration", async ({ page, request }) => {
  const [card] = (await (await request.get('/api/vehicle/recent')).json()) as { id: string; make: string; model: string }[];
  const title = new RegExp(`^${card!.make} ${card!.model}.* \\| RentDrive$`);
  await page.goto(`/api/vehicle/${card!.id}`);
  await expectOneTitle(page, title, 'a vehicle page after hydration');
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).filter({ visible: true }).click();
  await expectOneTitle(page, 'Contact Us | RentDrive', 'Contact, reached from the vehicle');
  await page.goBack();
  await expectOneTitle(page, title, 'the vehicle after back');
});
