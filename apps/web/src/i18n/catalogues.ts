import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '@rentdrive/contracts/locales';
import { registerIntlFormatter } from './format-registry';
import { messages as english } from './locales/en.json?lingui';
import { pseudoLong } from './pseudo-long';

/**
 * The message catalogues (ADR 018), compiled at build from the JSON catalogues (no ICU parser in the
 * browser). English, the source language, comes with the app: the messages every public page shows on
 * its first load here, a page's own with its chunk (home-, listing-, vehicle-messages.ts), the others
 * with the components that show them (more-messages.ts). Every other language is
 * one chunk, fetched only when that language is shown: its web catalogues and its api catalogue
 * (the server's validation texts, which the forms show too).
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Messages[]>> = {
  // One chunk per language (languages/<locale>.ts holds its six catalogues): five imports in the
  // app's entry rather than thirty.
  de: () => import('./languages/de').then((m) => m.catalogues),
  fr: () => import('./languages/fr').then((m) => m.catalogues),
  es: () => import('./languages/es').then((m) => m.catalogues),
  it: () => import('./languages/it').then((m) => m.catalogues),
  nl: () => import('./languages/nl').then((m) => m.catalogues),
};

/**
 * The api messages' English (wire) texts by id, to find the id of a text the server or a shared
 * schema wrote: loaded with the first other language, never for English pages.
 */
let englishApiIds: Promise<Map<string, string>> | undefined;
let englishApiIdsLoaded: Map<string, string> | undefined;
function loadEnglishApiIds(): Promise<Map<string, string>> {
  englishApiIds ??= import('@rentdrive/contracts/i18n/en.json?lingui').then(({ messages }) => {
    const ids = new Map<string, string>();
    // Api messages have no ICU arguments: each compiles to its text (or a list of that one text).
    for (const [id, compiled] of Object.entries(messages)) {
      const text = Array.isArray(compiled) && compiled.length === 1 ? compiled[0] : compiled;
      if (typeof text === 'string') ids.set(text, id);
    }
    englishApiIdsLoaded = ids;
    return ids;
  });
  return englishApiIds;
}

/**
 * A text of the API (a contracts schema's validation message, a problem+json detail) in the i18n's
 * language when it is one of the api messages; as it is otherwise (English pages, user text, a
 * message without an id).
 */
export function translateApiText(i18n: I18n, text: string): string {
  const id = englishApiIdsLoaded?.get(text);
  return id && id in i18n.messages ? i18n._(id) : text;
}

/** The other languages' number and date formats (format-intl.ts), with their first catalogue. */
const loadIntlFormatter = () => import('./format-intl').then((m) => registerIntlFormatter(m.createIntlFormatter));

/**
 * Fuel names in the page's language (lib/fuel-name.ts), loaded with every other language's catalogue
 * so that a page renders them translated from its first render, on the server too. English shows
 * the wire's names (no message), so English pages never load them.
 */
let fuelNames: typeof import('../lib/fuel-name') | undefined;
const loadFuelNames = () => import('../lib/fuel-name').then((m) => void (fuelNames = m));

/** A fuel's name as the i18n's language writes it ('Benzin' for 'Petrol' in German). */
export function fuelLabel(i18n: I18n, name: string): string {
  return fuelNames && i18n.locale !== DEFAULT_LOCALE ? fuelNames.fuelName(i18n, name) : name;
}

/** One i18n instance per language: a server rendering pages in several languages at once never mixes them. */
const instances = new Map<string, I18n>();
const pending = new Map<string, Promise<I18n>>();

function create(locale: string, catalogues: Messages[]): I18n {
  const i18n = setupI18n();
  const messages = Object.assign({}, ...catalogues) as Messages;
  // A test build only (VITE_PSEUDO_LONG=1, never in production): German made longer still, to see
  // what a long language cuts or overlaps (issue 24's pseudo-long screenshots).
  i18n.load(locale, import.meta.env.VITE_PSEUDO_LONG === '1' && locale === 'de' ? pseudoLong(messages) : messages);
  i18n.activate(locale);
  instances.set(locale, i18n);
  return i18n;
}

create(DEFAULT_LOCALE, [english]);

/** The language's i18n when its catalogue is loaded, else undefined (see loadCatalogue). */
export function loadedI18n(locale: string): I18n | undefined {
  return instances.get(locale);
}

/** English, always loaded. */
export function englishI18n(): I18n {
  return instances.get(DEFAULT_LOCALE)!;
}

/**
 * Loads a language's catalogues once (later calls share the first); resolves to its i18n. A renderer
 * awaits this before it renders or hydrates a page in that language, so the first render already
 * speaks it (phase 2 of issue 24: the locale of the URL prefix).
 */
export function loadCatalogue(locale: Locale): Promise<I18n> {
  const ready = instances.get(locale);
  if (ready) return Promise.resolve(ready);
  if (locale === 'en') return Promise.resolve(englishI18n());
  let loading = pending.get(locale);
  if (!loading) {
    loading = Promise.all([loaders[locale](), loadEnglishApiIds(), loadIntlFormatter(), loadFuelNames()]).then(([catalogues]) =>
      create(locale, catalogues),
    );
    pending.set(locale, loading);
    loading.catch(() => pending.delete(locale));
  }
  return loading;
}

/** Tests only: a catalogue given as is (e.g. the pseudo-locale's), under its own language tag. */
export function installCatalogue(locale: string, catalogues: Messages[]): I18n {
  return create(locale, catalogues);
}
