#!/usr/bin/env node
// Full-page screenshots of every screen and dialog at the widths we design for, against a RUNNING app
// with demo data (this script starts nothing). Look at them after a layout change:
//
//   node scripts/screenshots.mjs http://127.0.0.1:8080 [outDir] [--widths=1440,390] [--only=home,rent]
//
// PNGs land in <outDir>/<width>/<screen>.png (default outDir: .tmp/screens). --max-height=1600 cuts long
// pages to their top part (easier to read at phone widths). Dialogs that change data
// (cancel, confirm) are only opened, never confirmed; still, point it at a throwaway database.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

const baseURL = positional[0];
if (!baseURL) {
  console.error('usage: node scripts/screenshots.mjs <baseURL> [outDir] [--widths=1440,390] [--only=home,rent]');
  process.exit(2);
}
const outDir = path.resolve(positional[1] ?? '.tmp/screens');
const PASSWORD = 'Demo1234';

/** Width -> height of the window (the shot is full page; the height matters for sticky and fixed parts). */
const VIEWPORTS = { 1920: 1080, 1440: 900, 1366: 768, 1024: 768, 800: 900, 390: 844, 360: 780 };
const widths = (option('widths') ?? '1440,1366,1024,800,390').split(',').map(Number);
const only = option('only')?.split(',');
const maxHeight = Number(option('max-height') ?? 0);

/** A vehicle that alice can rent (not hers), found through the public listing. */
async function rentableVehicleId(request) {
  const res = await request.get('/api/vehicle/recent');
  const vehicles = await res.json();
  const list = Array.isArray(vehicles) ? vehicles : (vehicles.items ?? []);
  const pick = list.find((v) => v.ownerName !== 'alice') ?? list[0];
  if (!pick) throw new Error('no vehicles: is the app seeded with demo data?');
  return pick.id;
}

/** An id of one of alice's own vehicles (the owner's menu and the edit form). */
async function ownVehicleId(request) {
  const res = await request.get('/api/vehicle/user-vehicles');
  const list = await res.json();
  return (Array.isArray(list) ? list : (list.items ?? []))[0]?.id;
}

const isPhone = (width) => width < 1024;

/**
 * Each screen: who is signed in, where to go, and optionally what to do before the shot (open a dialog).
 * `open` returns false when the screen has nothing to show at that width (e.g. phone filters on desktop).
 */
const SCREENS = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/listing' },
  { name: 'listing-cars', path: '/listing?type=Car' },
  {
    name: 'phone-filters',
    path: '/listing',
    open: async (page, width) => {
      if (!isPhone(width)) return false;
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await page.getByRole('dialog').waitFor();
      return true;
    },
  },
  { name: 'vehicle', user: 'alice', path: ({ rentable }) => `/api/vehicle/${rentable}` },
  { name: 'vehicle-anonymous', path: ({ rentable }) => `/api/vehicle/${rentable}` },
  {
    name: 'vehicle-scrolled',
    user: 'alice',
    path: ({ rentable }) => `/api/vehicle/${rentable}`,
    fullPage: false,
    open: async (page) => {
      await page.mouse.wheel(0, 1400);
      await page.waitForTimeout(400);
      return true;
    },
  },
  {
    name: 'owner-menu',
    user: 'alice',
    path: ({ own }) => `/api/vehicle/${own}`,
    fullPage: false,
    open: async (page) => {
      await page.getByRole('button', { name: 'Manage this vehicle' }).click();
      await page.getByRole('menu').waitFor();
      return true;
    },
  },
  {
    name: 'rent-modal',
    user: 'alice',
    path: ({ rentable }) => `/api/vehicle/${rentable}`,
    fullPage: false,
    open: async (page) => {
      await page.getByRole('button', { name: 'Rent Now' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(500);
      return true;
    },
  },
  {
    name: 'lightbox',
    path: ({ rentable }) => `/api/vehicle/${rentable}`,
    fullPage: false,
    open: async (page) => {
      await page.getByRole('button', { name: /full screen/ }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
      return true;
    },
  },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'contact', path: '/contact-us' },
  { name: 'about', path: '/about' },
  { name: 'privacy', path: '/privacy' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'chat', user: 'alice', path: '/chat' },
  {
    name: 'chat-conversation',
    user: 'alice',
    path: '/chat',
    open: async (page) => {
      const first = page
        .getByRole('list', { name: /recent/i })
        .getByRole('button')
        .first();
      if ((await first.count()) === 0) return false;
      await first.click();
      await page.waitForTimeout(800);
      return true;
    },
  },
  { name: 'profile-overview', user: 'alice', path: '/profile' },
  { name: 'profile-rentals', user: 'alice', path: '/profile/rentals' },
  { name: 'profile-vehicles', user: 'alice', path: '/profile/vehicles' },
  { name: 'profile-settings', user: 'alice', path: '/profile/settings' },
  { name: 'profile-wallet', user: 'alice', path: '/profile/wallet' },
  {
    name: 'cancel-dialog',
    user: 'alice',
    path: '/profile/rentals',
    fullPage: false,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Cancel rental of/ })
        .first()
        .click();
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
      return true;
    },
  },
  {
    name: 'confirm-dialog',
    user: 'alice',
    path: '/profile/rentals',
    fullPage: false,
    open: async (page) => {
      const button = page.getByRole('button', { name: /^Confirm Rental of/ }).first();
      if ((await button.count()) === 0) return false;
      await button.click();
      // Without a confirmation dialog the click completes the rental: nothing to show then.
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
      return await dialog
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
    },
  },
  {
    name: 'review-modal',
    user: 'alice',
    path: '/profile/rentals',
    fullPage: false,
    open: async (page) => {
      const button = page.getByRole('button', { name: /^Leave a Review for/ }).first();
      if ((await button.count()) === 0) return false;
      await button.click();
      await page.getByRole('dialog').waitFor();
      return true;
    },
  },
  {
    name: 'booking-history',
    user: 'alice',
    path: '/profile/vehicles',
    fullPage: false,
    open: async (page) => {
      // A row with bookings if there is one, else the first.
      const rows = page.getByRole('row', { name: /bookings/i });
      const booked = rows.filter({ has: page.getByRole('cell', { name: /^[1-9]\d*$/ }) });
      await ((await booked.count()) > 0 ? booked : rows).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(500);
      return true;
    },
  },
  {
    name: 'add-funds',
    user: 'alice',
    path: '/profile/wallet',
    fullPage: false,
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Funds' }).click();
      await page.getByRole('dialog').waitFor();
      return true;
    },
  },
  {
    name: 'phone-menu',
    user: 'emma.employee',
    path: '/',
    fullPage: false,
    open: async (page) => {
      const button = page.getByRole('button', { name: /open menu|more/i }).first();
      if (!(await button.isVisible())) return false;
      await button.click();
      await page.waitForTimeout(300);
      return true;
    },
  },
  { name: 'vehicle-create', user: 'alice', path: '/manage/vehicles/create' },
  { name: 'vehicle-edit', user: 'alice', path: ({ own }) => `/manage/vehicles/edit/${own}` },
  { name: 'manage-types', user: 'emma.employee', path: '/manage/vehicle-types' },
  { name: 'manage-categories', user: 'emma.employee', path: '/manage/vehicle-type-categories' },
  { name: 'manage-properties', user: 'emma.employee', path: '/manage/vehicle-type-properties' },
  {
    name: 'manage-categories-editing',
    user: 'emma.employee',
    path: '/manage/vehicle-type-categories',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await page.waitForTimeout(300);
      return true;
    },
  },
  {
    name: 'manage-properties-editing',
    user: 'emma.employee',
    path: '/manage/vehicle-type-properties',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await page.waitForTimeout(300);
      return true;
    },
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

/**
 * Waits until the screen has loaded its data (no 'Loading ...' text or busy region left), then scrolls
 * through it once so lazy images are in the full-page shot, and back to the top.
 */
async function settle(page) {
  await page
    .waitForFunction(() => !/Loading [^\n]*\.\.\./.test(document.body.innerText) && !document.querySelector('[aria-busy="true"]'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

/** One signed-in context per user and width, reused across that user's screens. */
async function contextFor(user, width) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: VIEWPORTS[width] ?? 900 },
    reducedMotion: 'reduce',
  });
  if (user) {
    const res = await context.request.post('/api/account/login', { data: { emailOrUsername: user, password: PASSWORD } });
    if (!res.ok()) throw new Error(`login as ${user} failed: ${res.status()}`);
  }
  return context;
}

const ids = {};
{
  const context = await contextFor('alice', 1440);
  ids.rentable = await rentableVehicleId(context.request);
  ids.own = await ownVehicleId(context.request);
  await context.close();
}

let failures = 0;
for (const width of widths) {
  mkdirSync(path.join(outDir, String(width)), { recursive: true });
  const contexts = new Map();
  for (const screen of SCREENS) {
    if (only && !only.includes(screen.name)) continue;
    const key = screen.user ?? '';
    if (!contexts.has(key)) contexts.set(key, await contextFor(screen.user, width));
    const page = await contexts.get(key).newPage();
    const file = path.join(outDir, String(width), `${screen.name}.png`);
    try {
      const target = typeof screen.path === 'function' ? screen.path(ids) : screen.path;
      await page.goto(target, { waitUntil: 'networkidle' });
      await settle(page);
      const shown = screen.open ? await screen.open(page, width) : true;
      if (shown) {
        const fullPage = screen.fullPage ?? true;
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        const clip = fullPage && maxHeight && pageHeight > maxHeight ? { x: 0, y: 0, width, height: maxHeight } : undefined;
        await page.screenshot({ path: file, fullPage, clip });
        console.log(`${width}/${screen.name}.png  ${await page.title()}`);
      }
    } catch (error) {
      failures += 1;
      console.error(`${width}/${screen.name}: ${error.message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
  }
  for (const context of contexts.values()) await context.close();
}
await browser.close();
process.exit(failures ? 1 : 0);
