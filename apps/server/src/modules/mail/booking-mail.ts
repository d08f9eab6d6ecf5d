import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Tx } from '../../db/client';
import { rentals, users, vehicles } from '../../db/schema/index';
import { mailLocale, type MailTranslate } from './mail-i18n';
import { defineMail, mailDay, mailMoney, type MailContext, type MailDraft } from './mail-kinds';
import { MailMessages, type MailMessage } from './mail-messages';
import type { MailService } from './mail.service';

export interface BookingMailDeps {
  mail: MailService;
  productName: string;
  /** The origin of the links (PUBLIC_URL, or the local address in development). */
  origin: string;
}

const owners = alias(users, 'owners');

/** What a booking mail stores (ADR 020): facts, not words; the words come at delivery. */
interface BookingValues {
  vehicleId: string;
  vehicle: string;
  owner: string;
  renter: string;
  startDate: string;
  endDate: string;
  days: number;
  totalCents: number;
  /** What went back to the renter's wallet (a declined or expired request: the total and the deposit). */
  refundCents: number;
}

/** The values a booking text reads, in the recipient's language. */
function words(locale: MailContext['locale'], v: BookingValues) {
  return {
    vehicle: v.vehicle,
    owner: v.owner,
    renter: v.renter,
    start: mailDay(locale, v.startDate),
    end: mailDay(locale, v.endDate),
    days: v.days,
    total: mailMoney(locale, v.totalCents),
    refund: mailMoney(locale, v.refundCents),
  };
}

type Frame = {
  button: MailMessage;
  path: (v: BookingValues) => string;
  why: MailMessage;
  /** The kind in Settings → Notifications that switches this one off too. */
  preference?: string;
};
const renterFrame: Frame = { button: MailMessages.rentalsButton, path: () => WebPaths.profile.rentals, why: MailMessages.renterWhy };
const ownerFrame: Frame = { button: MailMessages.vehiclesButton, path: () => WebPaths.profile.vehicles, why: MailMessages.ownerWhy };

/** A booking mail of one subject and one paragraph, its button and its reason. */
function bookingKind<E extends Record<string, number> = Record<string, never>>(
  kind: string,
  subject: MailMessage,
  body: MailMessage,
  frame: Frame,
  extra: (locale: MailContext['locale'], values: BookingValues & E) => Record<string, string | number> = () => ({}),
) {
  return defineMail<BookingValues & E>(kind, {
    security: false,
    preference: frame.preference,
    build: (t: MailTranslate, v, { origin, productName, locale }): MailDraft => {
      const values = { ...words(locale, v), ...extra(locale, v) };
      return {
        subject: t(subject, values),
        paragraphs: [t(body, values)],
        button: { label: t(frame.button), url: `${origin}${frame.path(v)}` },
        why: t(frame.why, { product: productName }),
      };
    },
  });
}

const confirmedMail = bookingKind(
  'booking-confirmed',
  MailMessages.bookingConfirmedSubject,
  MailMessages.bookingConfirmedBody,
  renterFrame,
);
const receivedMail = bookingKind('booking-received', MailMessages.ownerBookingSubject, MailMessages.ownerBookingBody, ownerFrame);
const cancelledMail = bookingKind('booking-cancelled', MailMessages.bookingCancelledSubject, MailMessages.bookingCancelledBody, {
  ...renterFrame,
  button: MailMessages.walletButton,
  path: () => WebPaths.profile.wallet,
});
const cancelledOwnerMail = bookingKind(
  'booking-cancelled-owner',
  MailMessages.ownerCancelledSubject,
  MailMessages.ownerCancelledBody,
  ownerFrame,
);
const completedMail = bookingKind('rental-completed', MailMessages.completedSubject, MailMessages.completedBody, {
  ...renterFrame,
  button: MailMessages.reviewButton,
});
const completedOwnerMail = bookingKind<{ ownerCents: number }>(
  'rental-completed-owner',
  MailMessages.ownerCompletedSubject,
  MailMessages.ownerCompletedBody,
  { ...ownerFrame, button: MailMessages.walletButton, path: () => WebPaths.profile.wallet },
  (locale, v) => ({ earnings: mailMoney(locale, v.ownerCents) }),
);
const reviewedMail = bookingKind<{ stars: number }>(
  'review-received',
  MailMessages.reviewReceivedSubject,
  MailMessages.reviewReceivedBody,
  { ...ownerFrame, button: MailMessages.reviewsButton, path: (v) => WebPaths.vehicle(v.vehicleId) },
  (_locale, v) => ({ stars: v.stars }),
);
// On-request bookings (issue 27): the owner is asked, the renter told the answer. Switched off with
// the kind of mail they belong to in Settings → Notifications (a new booking, confirmed, cancelled).
const requestedMail = bookingKind('booking-requested', MailMessages.ownerRequestSubject, MailMessages.ownerRequestBody, {
  ...ownerFrame,
  button: MailMessages.ownerRequestButton,
  preference: 'booking-received',
});
const acceptedMail = bookingKind('booking-request-accepted', MailMessages.requestAcceptedSubject, MailMessages.requestAcceptedBody, {
  ...renterFrame,
  preference: 'booking-confirmed',
});
const refundFrame: Frame = {
  ...renterFrame,
  button: MailMessages.walletButton,
  path: () => WebPaths.profile.wallet,
  preference: 'booking-cancelled',
};
const declinedMail = bookingKind(
  'booking-request-declined',
  MailMessages.requestDeclinedSubject,
  MailMessages.requestDeclinedBody,
  refundFrame,
);
const expiredMail = bookingKind(
  'booking-request-expired',
  MailMessages.requestExpiredSubject,
  MailMessages.requestExpiredBody,
  refundFrame,
);

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Booking mail (issues 25 and 27): written in the transaction of the event (rent, request answered,
 * cancel, completion, review), so a booking that rolls back sends nothing. Only the facts are stored;
 * the worker renders them in the recipient's language at delivery.
 */
export function createBookingMail({ mail, origin }: BookingMailDeps) {
  async function factsOf(tx: Tx, rentalId: string) {
    const [f] = await tx
      .select({
        status: rentals.status,
        startDate: rentals.startDate,
        endDate: rentals.endDate,
        totalCents: rentals.totalCents,
        depositCents: rentals.depositCents,
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
    if (!f) throw new Error(`booking mail: rental ${rentalId} not found in its own transaction`);
    const start = String(f.startDate);
    const end = String(f.endDate);
    const values: BookingValues = {
      vehicleId: f.vehicleId,
      vehicle: `${f.make} ${f.model}`,
      owner: f.ownerName,
      renter: f.renterName,
      startDate: start,
      endDate: end,
      days: f.pricePerDayCents > 0 ? Math.round(f.totalCents / f.pricePerDayCents) : daysBetween(start, end),
      totalCents: f.totalCents,
      refundCents: f.totalCents + f.depositCents,
    };
    return {
      status: f.status,
      values,
      renter: { userId: f.renterId, address: f.renterEmail, username: f.renterName, locale: mailLocale(f.renterLanguage) },
      owner: { userId: f.ownerId, address: f.ownerEmail, username: f.ownerName, locale: mailLocale(f.ownerLanguage) },
    };
  }

  return {
    /** A new booking: confirmed to the renter and announced to the owner; a request only asks the owner. */
    async booked(tx: Tx, rentalId: string): Promise<void> {
      const f = await factsOf(tx, rentalId);
      if (f.status === 'Requested') {
        await mail.compose(tx, origin, f.owner, requestedMail, f.values);
        return;
      }
      await mail.compose(tx, origin, f.renter, confirmedMail, f.values);
      await mail.compose(tx, origin, f.owner, receivedMail, f.values);
    },

    /** A request answered by its owner (accepted, declined) or by the clock (expired): the renter hears. */
    async requestAnswered(tx: Tx, rentalId: string, outcome: 'Active' | 'Declined' | 'Expired'): Promise<void> {
      const f = await factsOf(tx, rentalId);
      const kind = outcome === 'Active' ? acceptedMail : outcome === 'Declined' ? declinedMail : expiredMail;
      await mail.compose(tx, origin, f.renter, kind, f.values);
    },

    async cancelled(tx: Tx, rentalId: string): Promise<void> {
      const f = await factsOf(tx, rentalId);
      await mail.compose(tx, origin, f.renter, cancelledMail, f.values);
      await mail.compose(tx, origin, f.owner, cancelledOwnerMail, f.values);
    },

    /**
     * Completion (the renter's confirm or the automatic one): the renter is asked for a review, the
     * owner told their earnings, the share after the company fee (`ownerCents`, from the payout).
     */
    async completed(tx: Tx, rentalId: string, { ownerCents }: { ownerCents: number }): Promise<void> {
      const f = await factsOf(tx, rentalId);
      await mail.compose(tx, origin, f.renter, completedMail, f.values);
      await mail.compose(tx, origin, f.owner, completedOwnerMail, { ...f.values, ownerCents });
    },

    /** A renter reviewed the rental: its vehicle's owner hears of it. */
    async reviewed(tx: Tx, rentalId: string, starRating: number): Promise<void> {
      const f = await factsOf(tx, rentalId);
      await mail.compose(tx, origin, f.owner, reviewedMail, { ...f.values, stars: starRating });
    },
  };
}
export type BookingMail = ReturnType<typeof createBookingMail>;
