import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';

/**
 * Issue 24 phase 2: the languages in URLs ('/de/…', '/fr/…'), the switch, the suggestion; issue 29:
 * focus after a navigation. Reads the demo seed; creates nothing but a session.
 */

const cards = (page: Page) => page.getByRole('main').locator('article');

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/** 'November 2026' as German writes a calendar's month; a day's button reads '5 November 2026'. */
const germanMonth = (day: string) =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
/** Money as German writes it: '45,00 €' (a no-break space before the sign). */
const euros = (amount: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(amount);

async function pickGermanDays(dialog: Locator, days: string[]) {
  for (const day of days) {
    for (let i = 0; i < 7 && (await dialog.locator('p[aria-live]').first().textContent()) !== germanMonth(day); i++) {
      await dialog.getByRole('button', { name: 'Nächster Monat' }).click();
    }
    await dialog.getByRole('button', { name: `${Number(day.slice(8))} ${germanMonth(day)}`, exact: true }).click();
  }
}

/** 'novembre 2026', '45,00 €' (a narrow no-break space before the sign), '6 janv. 2027': as French writes them. */
const frenchMonth = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const frenchEuros = (amount: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount);
const frenchDate = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function expectAxeClean(page: Page, what: string) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id.includes('lang'));
  expect(serious.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * The demo owner alice's cheapest vehicle, two free days `fromDay` or more days ahead, and `page` signed in
 * as a new person (named from `renterPrefix`) with enough money in the wallet to rent them.
 */
async function fundedRenterOfAlicesCheapest(page: Page, browser: Browser, baseURL: string, renterPrefix: string, fromDay: number) {
  const alice = await signedInContext(browser, baseURL, DEMO.alice, DEMO_PASSWORD);
  const vehicles = (
    (await (await alice.request.get('/api/vehicle/user-vehicles')).json()) as {
      id: string;
      make: string;
      model: string;
      pricePerDay: number;
    }[]
  ).sort((a, b) => a.pricePerDay - b.pricePerDay);
  await alice.close();
  const vehicle = vehicles[0]!;
  const renter = await registerUser(page.request, renterPrefix);
  expect(
    (await page.request.post('/api/account/login', { data: { emailOrUsername: renter.username, password: renter.password } })).ok(),
  ).toBe(true);
  const funds = Math.max(100, Math.ceil(vehicle.pricePerDay * 2));
  const topUp = await page.request.post('/api/wallet/add-funds', {
    data: {
      amount: funds,
      cardNumber: '4242424242424242',
      cardHolderName: 'Test User',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 1,
      cvv: '123',
    },
  });
  expect(topUp.ok(), await topUp.text()).toBe(true);
  const booked = new Set((await (await page.request.get(`/api/rental/${vehicle.id}`)).json()) as string[]);
  let start = fromDay;
  while (booked.has(isoDay(start)) || booked.has(isoDay(start + 1))) start++;
  const days = [isoDay(start), isoDay(start + 1)];
  return { vehicle, days };
}

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('browse /de/listing, filter by make, open a vehicle: German texts, money and dates, links that keep /de, axe clean', async ({
    page,
  }) => {
    await page.goto('/de/listing?type=Car');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Fahrzeugangebote')).toBeVisible();
    await expect(page.getByText(/^\d+ Fahrzeuge? gefunden$/)).toBeVisible();
    // Prices as German writes them: 1.234,56 € (no English '12.50€' left).
    const firstCard = cards(page).first();
    await expect(firstCard).toContainText(/\d+,\d{2}\s€/);
    await expect(firstCard).not.toContainText(/\d\.\d{2}€/);
    await expectAxeClean(page, '/de/listing');

    // Filter: a make from the German sidebar; the URL keeps the prefix and the filter.
    const sidebar = page.getByRole('complementary', { name: 'Filter' });
    const make = sidebar.getByRole('group', { name: 'Marke' }).getByRole('checkbox').first();
    await make.click();
    await expect(page).toHaveURL(/\/de\/listing\?.*make=/);
    await expect(make).toBeChecked();

    // Open the first card: the vehicle's page under /de, in German.
    const link = cards(page).first().getByRole('link').first();
    await expect(link).toHaveAttribute('href', /^\/de\/api\/vehicle\//);
    await link.click();
    await expect(page).toHaveURL(/\/de\/api\/vehicle\/[^/?]+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Mieten anmelden' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/\d+,\d{2}\s€/)
        .first(),
    ).toBeVisible();
    // The availability calendar: German month names and the week from Monday.
    await expect(page.getByRole('heading', { name: 'Verfügbarkeit' })).toBeVisible();
    await expect(
      page.getByText(/^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/).first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(/ mieten \| /);
    await expectAxeClean(page, 'vehicle page in German');
  });

  test("the listing's type named in English or German shows the German heading and the type select on it", async ({ page }) => {
    for (const url of ['/de/listing?type=Car', '/de/listing?type=Auto', '/de/listing?type=voiture']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }), url).toHaveText('Auto');
      const sidebar = page.getByRole('complementary', { name: 'Filter' });
      const typeSelect = sidebar.getByLabel('Fahrzeugtyp', { exact: true });
      await expect(typeSelect, url).toHaveValue('Auto');
      // Categories of the chosen type can be picked (the type is known).
      await expect(sidebar.getByLabel('Fahrzeugkategorie', { exact: true }), url).toBeEnabled();
      await expect(page, url).toHaveTitle(/^Auto \| /);
    }
    // Each language's alternate names the type in that language.
    await page.goto('/de/listing?type=Car');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/listing\?type=Auto$/);
    await expect(page.locator('link[hreflang="fr"]')).toHaveAttribute('href', /\/fr\/listing\?type=Voiture$/);
    await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', /\/listing\?type=Car$/);
  });

  test('rents a vehicle in German: dates, the rent dialog, the confirmation, My Rentals, in euros as German writes them', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { vehicle, days } = await fundedRenterOfAlicesCheapest(page, browser, baseURL!, 'deren', 20);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/de/api/vehicle/${vehicle.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The price per day in euros the German way.
    await expect(page.getByRole('main').getByText(euros(vehicle.pricePerDay)).first()).toBeVisible();
    await page.getByRole('button', { name: 'Jetzt mieten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mietzeitraum wählen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Miete bestätigen' })).toBeDisabled();
    // The calendar's week starts on Monday in German.
    await expect(dialog.locator('th abbr').first()).toHaveAttribute('title', 'Montag');
    await pickGermanDays(dialog, days);
    await expect(dialog.getByTestId('rent-total')).toHaveText(euros(vehicle.pricePerDay * 2));
    await expectAxeClean(page, 'the rent dialog in German');
    await dialog.getByRole('button', { name: 'Miete bestätigen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2 Tage gebucht. Gute Fahrt!')).toBeVisible();

    // My Rentals in German: the rental is active, its days and total as German writes them.
    await page.goto('/de/profile/rentals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Mieten');
    const row = page.getByRole('row').filter({ hasText: `${vehicle.make} ${vehicle.model}` });
    await expect(row).toContainText('Aktiv');
    await expect(row).toContainText(euros(vehicle.pricePerDay * 2));
    const [year, month, day] = days[0]!.split('-');
    await expect(row).toContainText(new RegExp(`${Number(day)}\\.\\s?(${month}\\.|\\S+)`));
    expect(year).toBeTruthy();
    await expectAxeClean(page, '/de/profile/rentals');
  });

  test('a refusal of the server comes in German: a wrong password on /de/login', async ({ page }) => {
    await page.goto('/de/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByLabel('E-Mail oder Benutzername').fill(DEMO.alice);
    await page.getByLabel('Passwort', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Anmelden' }).last().click();
    await expect(page.getByText('E-Mail/Benutzername oder Passwort ist falsch.')).toBeVisible();
    await expectAxeClean(page, '/de/login with a refusal');
  });

  test('signed in, the wallet at /de/profile/wallet shows amounts and dates the German way', async ({ page }) => {
    await page.goto('/de/login');
    await page.getByLabel('E-Mail oder Benutzername').fill(DEMO.alice);
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).last().click();
    // After signing in the app goes home, still in German.
    await expect(page).toHaveURL(/\/de$/);
    await page.goto('/de/profile/wallet');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const main = page.getByRole('main');
    await expect(main.getByText(/\d+,\d{2}\s€/).first()).toBeVisible();
    await expect(main).not.toContainText(/\d\.\d{2}€/);
    // The transaction history's day and time as German writes them: 27.11.2026, 12:05.
    await expect(main.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).first()).toBeVisible();
  });

  test('signed in, the German header fits from 1024 to 1920 px: where its bar has no room, the menu holds every link', async ({
    browser,
    baseURL,
  }) => {
    // alice has money pending: 'Guthaben: … (Ausstehend: …)', the longest header there is.
    const context = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
    const page = await context.newPage();
    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/de/');
      const banner = page.getByRole('banner');
      await expect(banner.getByTestId('header-balance').filter({ visible: true })).toContainText('Ausstehend');
      // Nothing wider than its row or the window (the header switches to its menu after measuring).
      await expect
        .poll(() =>
          page.evaluate(() => {
            const row = document.querySelector('header > div')!;
            return [row.scrollWidth - row.clientWidth, document.documentElement.scrollWidth - window.innerWidth];
          }),
        )
        .toEqual([0, 0]);
      const menuButton = banner.getByRole('button', { name: /^Menü öffnen/ });
      for (const name of ['Startseite', 'Kontakt', /^Chat/, 'Mein Profil', 'Fahrzeug inserieren']) {
        const link = banner.getByRole('link', { name, exact: typeof name === 'string' }).filter({ visible: true });
        await expect(
          async () => {
            if ((await link.count()) === 0 && (await menuButton.isVisible())) await menuButton.click();
            await expect(link.first()).toBeInViewport({ ratio: 1, timeout: 1_000 });
          },
          `${width} px: ${String(name)}`,
        ).toPass({ timeout: 10_000 });
      }
      if (width === 1024) await expectAxeClean(page, '/de/ with the header menu');
    }
    await context.close();
  });

  test('an English page suggests German once, in German, and never redirects', async ({ page }) => {
    await page.goto('/listing');
    await expect(page).toHaveURL(/\/listing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const suggestion = page.getByRole('complementary', { name: 'Sprache' });
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toHaveAttribute('lang', 'de');
    await expect(suggestion).toContainText('Diese Seite gibt es auch auf Deutsch.');
    await expectAxeClean(page, 'English page with the German suggestion');
    await suggestion.getByRole('button', { name: 'Nein, danke' }).click();
    await expect(suggestion).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(page.getByRole('complementary', { name: 'Sprache' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/listing$/);
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the switch keeps the page and its query, loads French without a page load, and is remembered', async ({ page, context }) => {
    await page.goto('/de/listing?type=Car');
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const banner = page.getByRole('banner');
    const languageButton = banner.getByRole('button', { name: 'Sprache (DE)' });
    // The switch is a region that hydrates after the page: a click before that would not be seen.
    await expect(languageButton).toHaveAttribute('data-language-switch', 'ready');
    await languageButton.click();
    await expect(languageButton).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`[id="${await languageButton.getAttribute('aria-controls')}"]`);
    // Each language in its own name.
    await expect(list.getByRole('link')).toHaveText(['English', 'Deutsch', 'Français', 'Español', 'Italiano', 'Nederlands']);
    await list.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/listing\?type=Car$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByText('Annonces de véhicules')).toBeVisible();
    await expect(page.getByText(/^\d+ véhicules? trouvés?$/)).toBeVisible();
    await expect(cards(page).first()).toContainText(/\d+,\d{2}\s€/);
    // No page load: the same document.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // Focus is back on the switch.
    await expect(banner.getByRole('button', { name: 'Langue (FR)' })).toBeFocused();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'rentdrive_lang')?.value).toBe('fr');
    await expectAxeClean(page, '/fr/listing after the switch');

    // Back returns to German, forward to French.
    await page.goBack();
    await expect(page).toHaveURL(/\/de\/listing\?type=Car$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Fahrzeugangebote')).toBeVisible();
    await page.goForward();
    await expect(page.getByText('Annonces de véhicules')).toBeVisible();

    // The footer's links switch too; the remembered language shows on a later English page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Nederlands' }).click();
    await expect(page).toHaveURL(/\/nl\/listing\?type=Car$/);
    await page.goto('/contact-us');
    await expect(page).toHaveURL(/\/nl\/contact-us$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('the switch on a screen reached without a page load shows that screen in the new language at once', async ({ page }) => {
    await page.goto('/de/listing?type=Car');
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const name = (await cards(page).first().locator('h3').innerText()).trim();
    await cards(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/de\/api\/vehicle\//);
    await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
    // The new router starts with this screen in hand (it was reached by a client-side navigation):
    // no empty page while it loads, and no warning in the console (the fixture fails on one).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/api\/vehicle\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split(/\s+/)[0]!);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.locator('title').count()).toBe(1);
  });

  test('rents a vehicle in French: the calendar from Monday, the total and the confirmation, My Rentals, in euros and dates as French writes them', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // a rental, two pages and an axe run: over the default minute on a busy machine
    const { vehicle, days } = await fundedRenterOfAlicesCheapest(page, browser, baseURL!, 'frren', 40);
    await page.goto(`/fr/api/vehicle/${vehicle.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('main').getByText(frenchEuros(vehicle.pricePerDay)).first()).toBeVisible();
    await page.getByRole('button', { name: 'Louer maintenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choisir les dates de location' });
    await expect(dialog.locator('th abbr').first()).toHaveAttribute('title', 'lundi');
    for (const day of days) {
      for (let i = 0; i < 7 && (await dialog.locator('p[aria-live]').first().textContent()) !== frenchMonth(day); i++) {
        await dialog.getByRole('button', { name: 'Mois suivant' }).click();
      }
      await dialog.getByRole('button', { name: `${Number(day.slice(8))} ${frenchMonth(day)}`, exact: true }).click();
    }
    await expect(dialog.getByTestId('rent-total')).toHaveText(frenchEuros(vehicle.pricePerDay * 2));
    await dialog.getByRole('button', { name: 'Confirmer la location' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('2 jours réservés. Bon voyage\u202f!')).toBeVisible();

    await page.goto('/fr/profile/rentals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes locations');
    const row = page.getByRole('row').filter({ hasText: `${vehicle.make} ${vehicle.model}` });
    await expect(row).toContainText('En cours');
    await expect(row).toContainText(frenchEuros(vehicle.pricePerDay * 2));
    await expect(row).toContainText(frenchDate(days[0]!));
    await expectAxeClean(page, '/fr/profile/rentals');
  });

  test("/fr/api/vehicle/{id} is the vehicle's page in French, with its money and a French server refusal", async ({ page, request }) => {
    const [card] = (await (await request.get('/api/vehicle/recent')).json()) as { id: string }[];
    await page.goto(`/fr/api/vehicle/${card!.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Se connecter pour louer' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/\d+,\d{2}\s€/)
        .first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(/ à louer \| /);
    await expectAxeClean(page, 'vehicle page in French');

    await page.goto('/fr/login');
    await page.getByLabel('E-mail ou nom d’utilisateur').fill(DEMO.bob);
    await page.getByLabel('Mot de passe', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Se connecter' }).last().click();
    await expect(page.getByText('E-mail/nom d’utilisateur ou mot de passe incorrect.')).toBeVisible();
  });
});

test('a navigation made before the after-hydration code is in still puts focus on the new heading', async ({ page }) => {
  // A slow phone: the click comes before the chunk with the focus handling (after-hydration) is in.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/after-hydration-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Listing' }).click();
  await expect(page).toHaveURL(/\/listing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Vehicles' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'All Vehicles' })).toBeFocused();
});

test('after a navigation, focus is on the new page’s heading, not on <body>', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Listing' }).click();
  await expect(page).toHaveURL(/\/listing$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeFocused();
  // Tab goes on from the heading, into the page.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#content') !== null)).toBe(true);
  // Back is a navigation too.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
