import { isLocale, type Locale } from '@rentdrive/contracts/locales';
import { formatServerMessage } from '../../lib/server-messages';

/**
 * The notifications' texts (issue 24), in the `api` catalogue (packages/contracts/src/i18n/, ADR 018)
 * like the server's other texts. A notification is written in its recipient's language
 * (users.language) when its event happens and stored as text, so rows written before stay readable
 * as they were; English is exactly the text it always was.
 */
export const NotificationMessages = {
  bookingReceived: /*i18n*/ { id: 'notification.bookingReceived', message: '{renter} booked your {vehicle} for {period} ({amount}).' },
  bookingCancelled: /*i18n*/ {
    id: 'notification.bookingCancelled',
    message: '{renter} cancelled their booking of your {vehicle} for {period}.',
  },
  cancelledByOwner: /*i18n*/ {
    id: 'notification.cancelledByOwner',
    message: 'The owner cancelled your booking of the {vehicle} for {period}. {amount} is back in your wallet.',
  },
  refund: /*i18n*/ {
    id: 'notification.refund',
    message: '{amount} refunded to your wallet for the cancelled rental of the {vehicle} ({period}).',
  },
  rentalCompleted: /*i18n*/ {
    id: 'notification.rentalCompleted',
    message: "{renter}'s rental of your {vehicle} ({period}) is complete: you earned {amount}.",
  },
  rentalAutoCompleted: /*i18n*/ {
    id: 'notification.rentalAutoCompleted',
    message: 'Your rental of the {vehicle} ({period}) was completed automatically.',
  },
  reviewReceived: /*i18n*/ {
    id: 'notification.reviewReceived',
    message: '{renter} rated your {vehicle} {stars, plural, one {# star} other {# stars}}.',
  },
  withdrawalPaid: /*i18n*/ { id: 'notification.withdrawalPaid', message: '{amount} paid out to your account {account}.' },
  chatMessage: /*i18n*/ { id: 'notification.chatMessage', message: '{sender} sent you a message: "{preview}"' },
  someone: /*i18n*/ { id: 'notification.someone', message: 'Someone' },
} as const;

export type NotificationMessage = (typeof NotificationMessages)[keyof typeof NotificationMessages];

/** A stored language as one of ours; null (accounts from before the column) reads English. */
export function recipientLocale(language: string | null | undefined): Locale {
  return isLocale(language) ? language : 'en';
}

/** A notification's text in `locale`. Values are inserted as they are (names and chat text are never parsed as ICU). */
export function notificationText(locale: Locale, message: NotificationMessage, values: Record<string, string | number> = {}): string {
  return formatServerMessage(locale, message, values);
}

/**
 * A rental's days in `locale`: English keeps its own form ('2-3 Jun 2026', formatPeriod); the other
 * languages as Intl writes a range there ('2.–3. Juni 2026', '30 juin – 3 juil. 2026').
 */
export function periodIn(locale: Locale, startDate: string, endDate: string, english: (start: string, end: string) => string): string {
  if (locale === 'en') return english(startDate, endDate);
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  return startDate === endDate ? format.format(end) : format.formatRange(start, end);
}

/** Money in `locale`: English keeps the spec's '60.00€'; the others as Intl writes euros there ('1.234,50 €', '€ 100,00'). */
export function eurosIn(locale: Locale, cents: number, english: (cents: number) => string): string {
  if (locale === 'en') return english(cents);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
