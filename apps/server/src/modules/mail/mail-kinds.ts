import type { Locale } from '@rentdrive/contracts/locales';
import type { MailTranslate } from './mail-i18n';

/** What a kind of message says, in the recipient's language; the service adds the frame. */
export interface MailDraft {
  subject: string;
  paragraphs: string[];
  button: { label: string; url: string };
  after?: string[];
  why: string;
}

/** What every template knows besides its own values. */
export interface MailContext {
  /** The origin of the message's links. */
  origin: string;
  productName: string;
  /** The recipient's language (for numbers, sums and dates). */
  locale: Locale;
}

export function mailMoney(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A calendar day ('2026-12-01') in the recipient's language. */
export function mailDay(locale: Locale, isoDay: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}

/** A moment, to the minute, in UTC ('2026-11-27 18:04 UTC'). */
export function mailMoment(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ') + ' UTC';
}

/**
 * One kind of message (ADR 020): the event's transaction stores only its kind and `values` (JSON);
 * `build` turns them into words at delivery, in the recipient's language. So `build` must read
 * nothing but its arguments: no clock, no database, no closure over the event.
 */
export interface MailKind<V> {
  kind: string;
  /** Security mail is always sent, carries no unsubscribe and says so. */
  security: boolean;
  /**
   * The kind a recipient switches off in Settings → Notifications or by the unsubscribe link, when
   * it is not this one (a booking request belongs with 'booking-received').
   */
  preference?: string;
  build(t: MailTranslate, values: V, context: MailContext): MailDraft;
}

const kinds = new Map<string, MailKind<never>>();

/**
 * Declares a kind of message where it is written (module scope), so every instance that can write
 * it can also render it. The worker finds the template by the row's kind.
 */
export function defineMail<V>(kind: string, template: Omit<MailKind<V>, 'kind'>): MailKind<V> {
  const defined: MailKind<V> = { kind, ...template };
  kinds.set(kind, defined);
  return defined;
}

export function mailKindOf(kind: string): MailKind<Record<string, unknown>> | undefined {
  return kinds.get(kind);
}
