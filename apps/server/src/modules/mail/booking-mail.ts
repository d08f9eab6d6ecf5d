import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '@rentdrive/contracts/locales';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Tx } from '../../db/client';
import { rentals, users, vehicles } from '../../db/schema/index';
import { mailLocale } from './mail-i18n';
import { MailMessages } from './mail-messages';
import type { MailService } from './mail.service';

export interface BookingMailDeps {
  mail: MailService;
  productName: string;
  /** The origin of the links (PUBLIC_URL, or the local address in development). */
  origin: string;
}

const owners = alias(users, 'owners');

function money(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

function day(locale: Locale, isoDay: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Booking mail (issue 25): written in the rent and cancel transactions, so a booking that rolls back
 * sends nothing. The renter: confirmed, cancelled (with the refund); the owner: a new booking, a
 * cancellation; on completion the renter is asked for a review and the owner told the earnings; a
 * review reaches the owner. Each in its recipient's language.
 */
export function createBookingMail({ mail, productName, origin }: BookingMailDeps) {
  async function factsOf(tx: Tx, rentalId: string) {
    const [facts] = await tx
      .select({
        startDate: rentals.startDate,
        endDate: rentals.endDate,
        totalCents: rentals.totalCents,
        pricePerDayCents: rentals.pricePerDayCents,
        vehicleId: vehicles.id,
        make: vehicles.make,
        model: vehicles.model,
        renterId: users.id,
        renterName: users.username,
        renterEmail: users.email,
        renterLanguage: users.language,
        ownerId: owners.id,
        ownerName: owners.username,
        ownerEmail: owners.email,
        ownerLanguage: owners.language,
      })
      .from(rentals)
      .innerJoin(vehicles, eq(vehicles.id, rentals.vehicleId))
      .innerJoin(users, eq(users.id, rentals.renterId))
      .innerJoin(owners, eq(owners.id, vehicles.ownerId))
      .where(eq(rentals.id, rentalId))
      .limit(1);
    if (!facts) throw new Error(`booking mail: rental ${rentalId} not found in its own transaction`);
    return facts;
  }

  function values(locale: Locale, f: Awaited<ReturnType<typeof factsOf>>) {
    const start = String(f.startDate);
    const end = String(f.endDate);
    return {
      vehicle: `${f.make} ${f.model}`,
      owner: f.ownerName,
      renter: f.renterName,
      start: day(locale, start),
      end: day(locale, end),
      days: f.pricePerDayCents > 0 ? Math.round(f.totalCents / f.pricePerDayCents) : daysBetween(start, end),
      total: money(locale, f.totalCents),
    };
  }

  const link = (path: string) => `${origin}${path}`;

  return {
    async booked(tx: Tx, rentalId: string): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const renter = mailLocale(f.renterLanguage);
      const owner = mailLocale(f.ownerLanguage);
      await mail.compose(tx, origin, { userId: f.renterId, address: f.renterEmail, username: f.renterName, locale: renter }, (t) => ({
        kind: 'booking-confirmed',
        subject: t(MailMessages.bookingConfirmedSubject, values(renter, f)),
        paragraphs: [t(MailMessages.bookingConfirmedBody, values(renter, f))],
        button: { label: t(MailMessages.rentalsButton), url: link(WebPaths.profile.rentals) },
        why: t(MailMessages.renterWhy, { product: productName }),
        security: false,
      }));
      await mail.compose(tx, origin, { userId: f.ownerId, address: f.ownerEmail, username: f.ownerName, locale: owner }, (t) => ({
        kind: 'booking-received',
        subject: t(MailMessages.ownerBookingSubject, values(owner, f)),
        paragraphs: [t(MailMessages.ownerBookingBody, values(owner, f))],
        button: { label: t(MailMessages.vehiclesButton), url: link(WebPaths.profile.vehicles) },
        why: t(MailMessages.ownerWhy, { product: productName }),
        security: false,
      }));
    },

    async cancelled(tx: Tx, rentalId: string): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const renter = mailLocale(f.renterLanguage);
      const owner = mailLocale(f.ownerLanguage);
      await mail.compose(tx, origin, { userId: f.renterId, address: f.renterEmail, username: f.renterName, locale: renter }, (t) => ({
        kind: 'booking-cancelled',
        subject: t(MailMessages.bookingCancelledSubject, values(renter, f)),
        paragraphs: [t(MailMessages.bookingCancelledBody, values(renter, f))],
        button: { label: t(MailMessages.walletButton), url: link(WebPaths.profile.wallet) },
        why: t(MailMessages.renterWhy, { product: productName }),
        security: false,
      }));
      await mail.compose(tx, origin, { userId: f.ownerId, address: f.ownerEmail, username: f.ownerName, locale: owner }, (t) => ({
        kind: 'booking-cancelled-owner',
        subject: t(MailMessages.ownerCancelledSubject, values(owner, f)),
        paragraphs: [t(MailMessages.ownerCancelledBody, values(owner, f))],
        button: { label: t(MailMessages.vehiclesButton), url: link(WebPaths.profile.vehicles) },
        why: t(MailMessages.ownerWhy, { product: productName }),
        security: false,
      }));
    },

    /**
     * Completion (the renter's confirm or the automatic one): the renter is asked for a review, the
     * owner told their earnings, the share after the company fee (`ownerCents`, from the payout).
     */
    async completed(tx: Tx, rentalId: string, { ownerCents }: { ownerCents: number }): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const renter = mailLocale(f.renterLanguage);
      const owner = mailLocale(f.ownerLanguage);
      await mail.compose(tx, origin, { userId: f.renterId, address: f.renterEmail, username: f.renterName, locale: renter }, (t) => ({
        kind: 'rental-completed',
        subject: t(MailMessages.completedSubject),
        paragraphs: [t(MailMessages.completedBody, values(renter, f))],
        button: { label: t(MailMessages.reviewButton), url: link(WebPaths.profile.rentals) },
        why: t(MailMessages.renterWhy, { product: productName }),
        security: false,
      }));
      await mail.compose(tx, origin, { userId: f.ownerId, address: f.ownerEmail, username: f.ownerName, locale: owner }, (t) => ({
        kind: 'rental-completed-owner',
        subject: t(MailMessages.ownerCompletedSubject),
        paragraphs: [t(MailMessages.ownerCompletedBody, { ...values(owner, f), earnings: money(owner, ownerCents) })],
        button: { label: t(MailMessages.walletButton), url: link(WebPaths.profile.wallet) },
        why: t(MailMessages.ownerWhy, { product: productName }),
        security: false,
      }));
    },

    /** A renter reviewed the rental: its vehicle's owner hears of it. */
    async reviewed(tx: Tx, rentalId: string, starRating: number): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const owner = mailLocale(f.ownerLanguage);
      await mail.compose(tx, origin, { userId: f.ownerId, address: f.ownerEmail, username: f.ownerName, locale: owner }, (t) => ({
        kind: 'review-received',
        subject: t(MailMessages.reviewReceivedSubject, values(owner, f)),
        paragraphs: [t(MailMessages.reviewReceivedBody, { ...values(owner, f), stars: starRating })],
        button: { label: t(MailMessages.reviewsButton), url: link(WebPaths.vehicle(f.vehicleId)) },
        why: t(MailMessages.ownerWhy, { product: productName }),
        security: false,
      }));
    },
  };
}
export type BookingMail = ReturnType<typeof createBookingMail>;
