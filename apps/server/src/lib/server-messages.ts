import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import de from '@rentdrive/contracts/i18n/de.json' with { type: 'json' };
import en from '@rentdrive/contracts/i18n/en.json' with { type: 'json' };
import es from '@rentdrive/contracts/i18n/es.json' with { type: 'json' };
import fr from '@rentdrive/contracts/i18n/fr.json' with { type: 'json' };
import it from '@rentdrive/contracts/i18n/it.json' with { type: 'json' };
import nl from '@rentdrive/contracts/i18n/nl.json' with { type: 'json' };
import type { Locale } from '@rentdrive/contracts/locales';

/**
 * The server's own texts with ICU arguments (notifications, issue 24) in any of the six languages,
 * from the `api` catalogues (ADR 018), each compiled once per language on first use. A message a
 * catalogue lacks falls back to its English text.
 */
export interface ServerMessage {
  readonly id: string;
  /** English, with its ICU arguments. */
  readonly message: string;
}

type Catalogue = Record<string, { message?: string; translation: string }>;
const CATALOGUES: Record<Locale, Catalogue> = { en, de, fr, es, it, nl };
const instances = new Map<Locale, I18n>();

function i18nFor(locale: Locale): I18n {
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

/** `message` in `locale` with `values` put in (as they are: a value is never parsed as ICU). */
export function formatServerMessage(locale: Locale, message: ServerMessage, values: Record<string, string | number> = {}): string {
  const text = i18nFor(locale)._(message.id, values);
  return text === message.id ? i18nFor('en')._({ id: message.id, message: message.message, values }) : text;
}

/** The message `id` with `values` in `locale`; undefined when that language's catalogue lacks it. */
export function translateMessageId(locale: Locale, id: string, values: Record<string, string | number>): string | undefined {
  const text = i18nFor(locale)._(id, values);
  return text === id ? undefined : text;
}
