#!/usr/bin/env node
// Issue 24: the main screens in pseudo-long German, at 360 and 1440 px, and what they cut or push out.
// Against a RUNNING app built with VITE_PSEUDO_LONG=1 (German messages about 35 % longer, each between
// ⟦ and ⟧; apps/web/src/i18n/pseudo-long.ts) and the demo data; this script starts nothing:
//
//   WEB_OUT_DIR=.tmp/web-pseudo VITE_PSEUDO_LONG=1 npx vite build --config apps/web/vite.config.ts
//   WEB_OUT_DIR=.tmp/web-pseudo VITE_PSEUDO_LONG=1 npx vite build --config apps/web/vite.config.ts --ssr src/entry-server.tsx
//   (start the server on that build: scripts/e2e-server.mjs with WEB_DIST_DIR=.tmp/web-pseudo)
//   node scripts/pseudo-long-screenshots.mjs http://127.0.0.1:8080 [outDir] [--widths=360,1440] [--screens=home,chat]
//
// PNGs land in <outDir>/<width>/<screen>.png (default .tmp/pseudo-long). For each screen it lists the
// page's horizontal overflow, a header wider than its row, and every text box whose text is cut (its
// content wider or taller than its box while the box hides the rest, or an ellipsis): look at those
// first. It exits 1 when any page is wider than the window or any text is cut (a check, issue 24),
// and 3 when a screen could not be shown at all.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const baseURL = positional[0];
if (!baseURL) {
  console.error('usage: node scripts/pseudo-long-screenshots.mjs <baseURL> [outDir] [--widths=360,1440]');
  process.exit(2);
}
const outDir = path.resolve(positional[1] ?? '.tmp/pseudo-long');
const widths = (option('widths') ?? '360,1440').split(',').map(Number);
const only = option('screens')?.split(',');
const PASSWORD = 'Demo1234';

const SCREENS = [
  { name: 'home', path: '/de/' },
  { name: 'listing', path: '/de/listing' },
  { name: 'vehicle', path: ({ rentable }) => `/de/api/vehicle/${rentable}` },
  { name: 'vehicle-signed-in', user: 'alice', path: ({ rentable }) => `/de/api/vehicle/${rentable}` },
  { name: 'login', path: '/de/login' },
  { name: 'register', path: '/de/register' },
  { name: 'contact', path: '/de/contact-us' },
  { name: 'profile-overview', user: 'alice', path: '/de/profile' },
  { name: 'profile-rentals', user: 'alice', path: '/de/profile/rentals' },
  { name: 'profile-vehicles', user: 'alice', path: '/de/profile/vehicles' },
  { name: 'profile-wallet', user: 'alice', path: '/de/profile/wallet' },
  { name: 'profile-settings', user: 'alice', path: '/de/profile/settings' },
  { name: 'chat', user: 'alice', path: '/de/chat' },
  { name: 'vehicle-create', user: 'alice', path: '/de/manage/vehicles/create' },
  { name: 'manage-types', user: 'emma.employee', path: '/de/manage/vehicle-types' },
  { name: 'moderation', user: 'emma.employee', path: '/de/manage/moderation' },
  {
    name: 'phone-menu',
    user: 'emma.employee',
    path: '/de/',
    // The phone menu: its button is the header's last one (named in pseudo German).
    open: async (page) => {
      // Wherever the bar fits (1440 px) there is no menu button to open.
      const button = page.getByRole('banner').getByRole('button').last();
      if (!(await button.getAttribute('aria-expanded'))) return false;
      if (!(await button.isVisible())) return false;
      await button.click();
      await page.waitForTimeout(500);
      return true;
    },
  },
];

/** What the page cuts: horizontal overflow of the document, and text boxes that hide part of their text. */
function findCuts() {
  const found = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) found.push(`page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
  // The header's row (logo, links, balance, bell, language, menu button) within its own box.
  const row = document.querySelector('header > div');
  if (row && row.scrollWidth > row.clientWidth + 1) found.push(`header row needs ${row.scrollWidth}px of its ${row.clientWidth}px`);
  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || !el.offsetParent || el.closest('[aria-hidden="true"], .sr-only, svg')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    // Visually hidden text (sr-only at some widths) is meant to be clipped.
    if (box.width <= 1 && box.height <= 1) continue;
    const hides = (v) => v === 'hidden' || v === 'clip' || v === 'auto' || v === 'scroll';
    const cutX = el.scrollWidth > el.clientWidth + 1 && (hides(style.overflowX) || style.textOverflow === 'ellipsis');
    const cutY = el.scrollHeight > el.clientHeight + 2 && hides(style.overflowY) && style.webkitLineClamp === 'none';
    const clamped = style.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 2;
    // A button's or link's label wider than the button itself (nowrap), drawn over its border.
    const spills = /^(BUTTON|A)$/.test(el.tagName) && style.whiteSpace === 'nowrap' && el.scrollWidth > el.clientWidth + 1;
    const outside = box.right > window.innerWidth + 1;
    // A description clamped to its lines is the design (user text); a catalogue's text (⟦…⟧) is not.
    if (clamped && !el.textContent.includes('⟦')) continue;
    if (cutX || cutY || clamped || outside || spills) {
      const what = cutX ? 'cut across' : cutY ? 'cut below' : clamped ? 'clamped' : spills ? 'wider than its button' : 'beyond the window';
      found.push(`${what}: <${el.tagName.toLowerCase()}> "${el.textContent.trim().slice(0, 60)}"`);
    }
  }
  return found;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
async function contextFor(user, width) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 1024 ? 780 : 900 }, reducedMotion: 'reduce' });
  if (user) {
    const res = await context.request.post('/api/account/login', { data: { emailOrUsername: user, password: PASSWORD } });
    if (!res.ok()) throw new Error(`login as ${user} failed: ${res.status()}`);
  }
  return context;
}

const ids = {};
{
  const context = await contextFor(undefined, 1440);
  const list = await (await context.request.get('/api/vehicle/recent')).json();
  ids.rentable = (Array.isArray(list) ? list : (list.items ?? [])).find((v) => v.ownerName !== 'alice')?.id;
  await context.close();
}

/** The page as a person sees it once it has settled: no skeleton left, a signed-in header with its balance. */
async function settle(page, signedIn) {
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'), undefined, { timeout: 20_000 })
    .catch(() => console.error('    (still loading after 20 s)'));
  if (signedIn)
    await page
      .getByTestId('header-balance')
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 })
      .catch(() => undefined);
  await page.waitForTimeout(500);
}

let cuts = 0;
let failures = 0;
for (const width of widths) {
  mkdirSync(path.join(outDir, String(width)), { recursive: true });
  const contexts = new Map();
  for (const screen of SCREENS) {
    if (only && !only.includes(screen.name)) continue;
    const key = screen.user ?? '';
    if (!contexts.has(key)) contexts.set(key, await contextFor(screen.user, width));
    const page = await contexts.get(key).newPage();
    try {
      await page.goto(typeof screen.path === 'function' ? screen.path(ids) : screen.path, { waitUntil: 'networkidle' });
      await settle(page, Boolean(screen.user));
      if (screen.open && !(await screen.open(page, width))) continue;
      await page.screenshot({ path: path.join(outDir, String(width), `${screen.name}.png`), fullPage: true });
      const found = await page.evaluate(findCuts);
      cuts += found.length;
      console.log(`${width}/${screen.name}.png${found.length ? '' : '  nothing cut'}`);
      for (const line of found) console.log(`    ${line}`);
    } catch (error) {
      failures++;
      console.error(`${width}/${screen.name}: ${error.message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
  }
  for (const context of contexts.values()) await context.close();
}
await browser.close();
console.log(`${cuts} cut or overflowing text boxes${failures ? `, ${failures} screens not shown` : ''}`);
process.exitCode = failures ? 3 : cuts ? 1 : 0;
