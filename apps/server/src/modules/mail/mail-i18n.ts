import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import de from '@rentdrive/contracts/i18n/de.json' with { type: 'json' };
import en from '@rentdrive/contracts/i18n/en.json' with { type: 'json' };
import es from '@rentdrive/contracts/i18n/es.json' with { type: 'json' };
import fr from '@rentdrive/contracts/i18n/fr.json' with { type: 'json' };
import it from '@rentdrive/contracts/i18n/it.json' with { type: 'json' };
import nl from '@rentdrive/contracts/i18n/nl.json' with { type: 'json' };
import { isLocale, type Locale } from '@rentdrive/contracts/locales';
import type { MailMessage } from './mail-messages';

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

/** The recipient's language: their users.language when it is one of ours, English otherwise. */
export function mailLocale(language: string | null | undefined): Locale {
  return language && isLocale(language) ? language : 'en';
}

export type MailTranslate = (message: MailMessage, values?: Record<string, string | number>) => string;

/** Mail texts in `locale`; a message the catalogue lacks falls back to its English text. */
export function mailTranslator(locale: Locale): MailTranslate {
  const i18n = i18nFor(locale);
  return (message, values) => {
    const text = i18n._(message.id, values);
    return text === message.id ? i18nFor('en')._({ id: message.id, message: message.message, values }) : text;
  };
}
