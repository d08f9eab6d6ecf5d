import { isLocale, type Locale } from '@rentdrive/contracts/locales';
import { formatServerMessage } from '../../lib/server-messages';
import type { MailMessage } from './mail-messages';

/** The recipient's language: their users.language when it is one of ours, English otherwise. */
export function mailLocale(language: string | null | undefined): Locale {
  return language && isLocale(language) ? language : 'en';
}

export type MailTranslate = (message: MailMessage, values?: Record<string, string | number>) => string;

/** Mail texts in `locale`, from the api catalogues (lib/server-messages); a missing one falls back to English. */
export function mailTranslator(locale: Locale): MailTranslate {
  return (message, values) => formatServerMessage(locale, message, values);
}
