import { chromium, type Page } from '@playwright/test';

/**
 * Interaction figures of the public pages in Chromium with a 4x slower CPU (as Lighthouse's mobile
 * setting), each the median of `runs` fresh page loads:
 * - a listing filter click (the first Make checkbox of the sidebar, at 1280 px): the click's Event
 *   Timing duration (what INP counts: input to the next paint after the handlers), and the time until
 *   the new results are painted (the cards' names differ from before, then a frame);
 * - opening a vehicle from the listing (a click on the first card's link): the time until its page's
 *   heading with the vehicle's name is painted, and until the whole vehicle is (its rent panel, which
 *   comes with the vehicle's own answer: the heading may come first, from the card's data).
 */
export interface InteractionFigures {
  filterInpMs: number;
  filterResultsMs: number;
  openVehicleMs: number;
  /** Until the vehicle page's rent panel (drawn from the vehicle's answer) is painted. */
  openVehicleFullMs: number;
  runs: number;
}

/** Debian's Chromium on this machine: no sandbox (root), no GPU, no calls home. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Opens `url` at 4x CPU slowdown and waits until the app has hydrated it and a second has passed. */
async function openSlowed(page: Page, url: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url);
  await page.locator('html[data-interactive="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(1000);
  // Event Timing entries of 16 ms and longer; the click listener notes when the input happened.
  await page.evaluate(() => {
    const w = window as unknown as { benchEvents: { name: string; duration: number; interactionId: number }[]; benchClickAt: number };
    w.benchEvents = [];
    new PerformanceObserver((list) => {
      // Event Timing entries (PerformanceEventTiming; interactionId is newer than the DOM types here).
      for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        w.benchEvents.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId ?? 0 });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    document.addEventListener('click', (event) => (w.benchClickAt = event.timeStamp), { capture: true, once: true });
  });
}

/** The names on the listing's cards, in order. */
const cardNames = () => [...document.querySelectorAll('main article h2, main article h3')].map((e) => e.textContent).join('|');

/** When the app noted the click, and the longest Event Timing entry of an interaction since. */
const clickTiming = () => {
  const w = window as unknown as { benchEvents: { duration: number; interactionId: number }[]; benchClickAt: number };
  const durations = w.benchEvents.filter((e) => e.interactionId > 0).map((e) => e.duration);
  return { clickAt: w.benchClickAt, inp: durations.length ? Math.max(...durations) : 0 };
};

async function filterClick(page: Page, base: string): Promise<{ inp: number; results: number }> {
  await openSlowed(page, `${base}/listing?type=Car`);
  const before = await page.evaluate(cardNames);
  // Checked at every frame: the first frame whose cards differ is the one that paints them.
  const painted = page.waitForFunction(
    (before) => {
      const names = [...document.querySelectorAll('main article h2, main article h3')].map((e) => e.textContent).join('|');
      return names !== before ? performance.now() : false;
    },
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  await page.getByRole('group', { name: 'Make' }).getByRole('checkbox').first().click();
  const paintedAt = (await (await painted).jsonValue()) as number;
  const { clickAt, inp } = await page.evaluate(clickTiming);
  await page.waitForTimeout(500); // the Event Timing entry of the click arrives after its frame
  const late = await page.evaluate(clickTiming);
  return { inp: Math.max(inp, late.inp), results: paintedAt - clickAt };
}

async function openVehicle(page: Page, base: string): Promise<{ heading: number; full: number }> {
  await openSlowed(page, `${base}/listing?type=Car`);
  const card = page.locator('main article').first();
  // The card's heading holds the make and the model in two spans; the page's <h1> names both.
  const parts = (await card.locator('h3 span').allTextContents()).map((t) => t.trim()).filter(Boolean);
  const painted = page.waitForFunction(
    (parts) =>
      [...document.querySelectorAll('main h1')].some((h) => parts.every((part) => h.textContent?.includes(part)))
        ? performance.now()
        : false,
    parts,
    { polling: 'raf', timeout: 60_000 },
  );
  const full = page.waitForFunction(
    () => (document.querySelector('main [data-slot="rent-panel"]') ? performance.now() : false),
    undefined,
    {
      polling: 'raf',
      timeout: 60_000,
    },
  );
  await card.getByRole('link').first().click();
  const paintedAt = (await (await painted).jsonValue()) as number;
  const fullAt = (await (await full).jsonValue()) as number;
  const { clickAt } = await page.evaluate(clickTiming);
  return { heading: paintedAt - clickAt, full: fullAt - clickAt };
}

export async function measureInteractions(base: string, chromePath: string, runs = 5): Promise<InteractionFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
  const inp: number[] = [];
  const results: number[] = [];
  const open: number[] = [];
  const openFull: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const click = await filterClick(page, base);
      inp.push(click.inp);
      results.push(click.results);
      const opened = await openVehicle(page, base);
      open.push(opened.heading);
      openFull.push(opened.full);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    filterInpMs: median(inp),
    filterResultsMs: median(results),
    openVehicleMs: median(open),
    openVehicleFullMs: median(openFull),
    runs,
  };
}
