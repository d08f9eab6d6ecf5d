import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { FastifyRequest } from 'fastify';
import { apiMessageOf } from '@rentdrive/contracts/api-messages';
import de from '@rentdrive/contracts/i18n/de.json' with { type: 'json' };
import es from '@rentdrive/contracts/i18n/es.json' with { type: 'json' };
import fr from '@rentdrive/contracts/i18n/fr.json' with { type: 'json' };
import it from '@rentdrive/contracts/i18n/it.json' with { type: 'json' };
import nl from '@rentdrive/contracts/i18n/nl.json' with { type: 'json' };
import { localeFromAcceptLanguage, type Locale } from '@rentdrive/contracts/locales';
import { splitLocalePath } from '@rentdrive/contracts/web-paths';

/**
 * The server's texts in the request's language (issue 24, ADR 018): the `api` catalogues that the web's
 * forms use too, compiled here once per language on first use. English is the wire text as it is, so a
 * client that asks for no language gets exactly what it always got.
 */
type Catalogue = Record<string, { message?: string; translation: string }>;
const CATALOGUES: Record<Exclude<Locale, 'en'>, Catalogue> = { de, fr, es, it, nl };

const instances = new Map<Locale, I18n>();

function i18nFor(locale: Exclude<Locale, 'en'>): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    const messages = Object.fromEntries(
      Object.entries(CATALOGUES[locale]).map(([id, entry]) => [id, entry.translation || entry.message || id]),
    );
    i18n.loadAndActivate({ locale, messages });
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * The language a request asks for: a page's URL prefix ('/de/…') first, else its Accept-Language
 * header; undefined for none of ours, and for English (the texts stay as they are). API paths have no
 * prefix, so an API answer follows Accept-Language (the web app sends the language it shows).
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'> & { url?: string }): Locale | undefined {
  const prefixed = request.url ? splitLocalePath(request.url.split('?')[0] ?? '').locale : 'en';
  if (prefixed !== 'en') return prefixed;
  const header = request.headers['accept-language'];
  const locale = localeFromAcceptLanguage(Array.isArray(header) ? header.join(',') : header);
  return locale === 'en' ? undefined : locale;
}

/** 'Seats: ', 'notes.pdf: ': a name the server puts before one of its texts. */
const NAMED = /^([^\n]{1,255}?): (.+)$/s;

/**
 * An English API text in `locale`; the text itself when it has no id (or no language was asked for).
 * A text named by a prefix ('notes.pdf: Only JPEG, PNG or WebP images are accepted.') keeps the name
 * and translates the rest.
 */
export function translateApiText(text: string, locale: Locale | undefined): string {
  if (!locale || locale === 'en') return text;
  const message = apiMessageOf(text);
  if (message) return i18nFor(locale)._(message.id);
  const named = NAMED.exec(text);
  const inner = named ? apiMessageOf(named[2]!) : undefined;
  return named && inner ? `${named[1]}: ${i18nFor(locale)._(inner.id)}` : text;
}

/**
 * Field errors ({ field: [texts] }) in `locale`. `known`: texts already translated (a detail with
 * values in it, repeated on its field), by their English text.
 */
export function translateFieldErrors(
  errors: Record<string, string[]>,
  locale: Locale | undefined,
  known: Record<string, string> = {},
): Record<string, string[]> {
  if (!locale || locale === 'en') return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, texts]) => [
      field,
      texts.map((text) => (Object.hasOwn(known, text) ? known[text]! : translateApiText(text, locale))),
    ]),
  );
}
