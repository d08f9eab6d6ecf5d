import { randomUUID } from 'node:crypto';
import { BookingRuleMessages, type CancelPreview } from '@rentdrive/contracts/booking-rules';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { isUuid } from '@rentdrive/contracts/ids';
import { RentalMessages, type MyRental, type RentResponse, type VehicleBooking } from '@rentdrive/contracts/rentals';
import { daysInPeriod } from '@rentdrive/domain/booking';
import { REQUEST_ANSWER_HOURS, priceBreakdown, refundFor } from '@rentdrive/domain/booking-rules';
import { addDays, daysBetween } from '@rentdrive/domain/dates';
import { centsToEuros } from '@rentdrive/domain/money';
import { isCancellable, isConfirmable, transitionRental } from '@rentdrive/domain/rental-state';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { runIdempotent } from '../../db/idempotency';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { today, type Clock } from '../../lib/clock';
import { exactPlacesOf } from '../location/location.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { WalletService } from '../wallet/wallet.service';
import { bookingRulesOf } from './booking-rules.repository';
import { checkRequestedDays, createBookingRulesService } from './booking-rules.service';
import { createOwnerBookingsService } from './owner-bookings.service';
import { createRentalsRepository, type LockedRental } from './rentals.repository';
import { reviewsPublishBy, toVehicleBooking } from './vehicle-booking';

export interface RentalsServiceDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  autoCompleteAfterDays: number;
  /** A completed rental's deposit returns to the renter this many days after completion (DEPOSIT_RELEASE_DAYS, default 3). */
  depositReleaseDays?: number;
  wallet: WalletService;
  /** Owners hear of bookings, cancellations and completions; renters of refunds and automatic completions. */
  notifications: Pick<NotificationsService, 'bookingReceived' | 'bookingCancelled' | 'rentalCompleted'> &
    Partial<Pick<NotificationsService, 'bookingCancelledByOwner'>>;
  /** Booking and completion mail to renter and owner, written to the outbox in the same transaction (issue 25). */
  bookingMail?: {
    booked(tx: Tx, rentalId: string): Promise<void>;
    cancelled(tx: Tx, rentalId: string): Promise<void>;
    completed(tx: Tx, rentalId: string, payout: { ownerCents: number }): Promise<void>;
  };
  /**
   * Issue 27: a request was accepted, declined or expired (the renter hears of it). Optional: the mail
   * and notification texts are wired by the notifications module when it has them.
   */
  requestAnswered?: (tx: Tx, rentalId: string, outcome: 'Active' | 'Declined' | 'Expired') => Promise<void>;
}

export interface Caller {
  id: string;
  isCompanyEmployee: boolean;
}

const AUTO_COMPLETE_BATCH = 25;
const DEFAULT_DEPOSIT_RELEASE_DAYS = 3;

type RenterRow = Awaited<ReturnType<ReturnType<typeof createRentalsRepository>['rentalsOfRenter']>>[number];

/** Renting, cancelling, confirming and their money (through the wallet service, in one transaction). */
export function createRentalsService({
  db,
  clock,
  timeZone,
  autoCompleteAfterDays,
  wallet,
  notifications,
  bookingMail,
  requestAnswered,
  depositReleaseDays = DEFAULT_DEPOSIT_RELEASE_DAYS,
}: RentalsServiceDeps) {
  const repo = createRentalsRepository();
  const todayNow = () => today(clock, timeZone);
  const bookingRules = createBookingRulesService({ db, clock, timeZone });

  /** What cancelling a locked rental now gives back: a request in full, otherwise by its policy. */
  function cancellationOutcome(rental: LockedRental, day: string) {
    if (rental.status === 'Requested') {
      return { rule: 'request' as const, refundCents: rental.totalCents, keptCents: 0, depositRefundCents: rental.depositCents };
    }
    return refundFor(rental.cancellationPolicy, rental.totalCents, rental.depositCents, rental.startDate, day);
  }

  /** Declined or expired: the days are free again and everything held goes back in one ledger transaction. */
  async function endRequest(tx: Tx, rental: LockedRental, status: 'Declined' | 'Expired', at: Date): Promise<void> {
    await repo.setStatus(tx, rental.id, status, at);
    await repo.deleteRentalDays(tx, rental.id);
    await wallet.settleCancellation(tx, {
      rentalId: rental.id,
      renterId: rental.renterId,
      ownerId: rental.ownerId,
      isCompanyProperty: rental.isCompanyProperty,
      paidCents: rental.totalCents,
      refundCents: rental.totalCents,
      depositCents: rental.depositCents,
      ownerPendingUntilStart: false,
      at,
    });
    await requestAnswered?.(tx, rental.id, status);
  }

  /** Locks a request and checks the caller may answer it (the vehicle's owner, or an employee for company property). */
  async function lockRequestToAnswer(tx: Tx, caller: Caller, rentalId: string): Promise<LockedRental> {
    if (!isUuid(rentalId)) throw AppError.notFound(RentalMessages.rentalNotFound);
    const rental = await repo.lockRental(tx, rentalId);
    if (!rental) throw AppError.notFound(RentalMessages.rentalNotFound);
    const allowed = rental.ownerId === caller.id || (rental.isCompanyProperty && caller.isCompanyEmployee);
    if (!allowed) throw AppError.forbidden(BookingRuleMessages.notYourRequest);
    if (rental.status !== 'Requested') throw AppError.conflict(BookingRuleMessages.notRequested, ErrorCode.InvalidState);
    return rental;
  }

  async function vehicleBookingOf(rentalId: string, vehicleId: string): Promise<VehicleBooking> {
    const row = (await repo.bookingsOfVehicle(db, vehicleId)).find((r) => r.id === rentalId)!;
    return toVehicleBooking(row, todayNow());
  }

  function toMyRental(row: RenterRow, day: string): MyRental {
    const state = { status: row.status, startDate: row.startDate, endDate: row.endDate };
    return {
      id: row.id,
      vehicleId: row.vehicleId,
      vehicleMake: row.vehicleMake,
      vehicleModel: row.vehicleModel,
      imageUrl: row.imageUrl,
      status: state.status,
      bookedOn: row.bookedAt.toISOString(),
      startDate: row.startDate,
      endDate: row.endDate,
      pricePerDay: centsToEuros(row.pricePerDayCents),
      totalPrice: centsToEuros(row.totalCents),
      isConfirmable: isConfirmable(state, day),
      isCompleted: state.status === 'Completed',
      hasReviewedVehicle: Boolean(row.hasReview),
      isCancellable: isCancellable(state, day),
      isCancelled: state.status === 'Cancelled',
      // Issue 27: the renter's review waits for the owner's (double-blind) until this day at the latest.
      reviewPublishesOn: row.hasReview && !row.reviewPublished && row.completedAt ? reviewsPublishBy(row.completedAt) : null,
    };
  }

  async function myRental(renterId: string, rentalId: string): Promise<MyRental> {
    const [row] = await repo.rentalsOfRenter(db, renterId, rentalId);
    return toMyRental(row!, todayNow());
  }

  /** Locks the rental and checks it is the caller's: 404 unknown, 403 someone else's. */
  async function lockOwnRental(tx: Tx, userId: string, rentalId: string): Promise<LockedRental> {
    if (!isUuid(rentalId)) throw AppError.notFound(RentalMessages.rentalNotFound);
    const rental = await repo.lockRental(tx, rentalId);
    if (!rental) throw AppError.notFound(RentalMessages.rentalNotFound);
    if (rental.renterId !== userId) throw AppError.forbidden(RentalMessages.notYourRental);
    return rental;
  }

  /** Completion, shared by confirm and the auto-complete job; the rental is locked and Active. */
  async function complete(tx: Tx, rental: LockedRental, at: Date, automatic: boolean): Promise<void> {
    await repo.markCompleted(tx, rental.id, at);
    const { ownerCents } = await wallet.payOutRental(tx, {
      rentalId: rental.id,
      ownerId: rental.ownerId,
      isCompanyProperty: rental.isCompanyProperty,
      totalCents: rental.totalCents,
      at,
    });
    await notifications.rentalCompleted(tx, rental.id, { ownerCents, automatic });
    await bookingMail?.completed(tx, rental.id, { ownerCents });
  }

  return {
    /** The days renters cannot book: booked by an Active rental or blocked by the owner (not told apart). */
    async bookedDates(vehicleId: string): Promise<string[]> {
      if (!isUuid(vehicleId)) throw AppError.notFound(RentalMessages.vehicleNotFound);
      const vehicle = await repo.findVehicle(db, vehicleId);
      if (!vehicle || vehicle.deletedAt) throw AppError.notFound(RentalMessages.vehicleNotFound);
      return repo.unavailableDays(db, vehicleId, todayNow());
    },

    /**
     * Rent: the wallet charges the renter (it locks the wallet, checks the balance and pays into
     * escrow) and the days are booked, in one transaction. The rental_days primary key refuses a day
     * booked twice or booked and blocked, whatever the race.
     */
    async rent(renterId: string, vehicleId: string, bookedDates: string[], idempotencyKey: string | undefined): Promise<RentResponse> {
      if (!isUuid(vehicleId)) throw AppError.notFound(RentalMessages.vehicleNotFound);
      const vehicle = await repo.findVehicle(db, vehicleId);
      if (!vehicle || vehicle.deletedAt) throw AppError.notFound(RentalMessages.vehicleNotFound);
      if (vehicle.ownerId === renterId) throw AppError.forbidden(RentalMessages.ownVehicle);
      const day = todayNow();
      const rulesNow = await bookingRulesOf(db, vehicleId);
      const check = checkRequestedDays(rulesNow, bookedDates, day);

      return runIdempotent(
        db,
        { userId: renterId, scope: 'rent', key: idempotencyKey, fingerprint: { vehicleId, days: check.days } },
        async (tx) => {
          const live = await repo.shareLockLiveVehicle(tx, vehicleId);
          if (!live) throw AppError.notFound(RentalMessages.vehicleNotFound);
          // The rules read again inside the transaction (an owner's change just before is the one that applies).
          const rules = await bookingRulesOf(tx, vehicleId);
          checkRequestedDays(rules, check.days, day);
          const price = priceBreakdown(live.pricePerDayCents, check.days.length, rules);
          const totalCents = price.totalCents;
          const status = rules.bookingMode === 'request' ? ('Requested' as const) : ('Active' as const);
          const at = clock.now();
          // The wallet charges first (its lock and balance check before the days, as ever), under the
          // rental's id chosen here; a refusal rolls everything back.
          const rentalId = randomUUID();
          await wallet.chargeRental(tx, { renterId, rentalId, amountCents: totalCents, at });
          // The deposit is its own movement into the 'deposits' account, in the same database transaction.
          const { balanceCents } = await wallet.holdDeposit(tx, { renterId, rentalId, amountCents: price.depositCents, at });
          const rental = await repo.insertRental(tx, {
            id: rentalId,
            vehicleId,
            renterId,
            status,
            cancellationPolicy: rules.cancellationPolicy,
            discountCents: price.discountCents,
            depositCents: price.depositCents,
            requestExpiresAt: status === 'Requested' ? new Date(at.getTime() + REQUEST_ANSWER_HOURS * 3_600_000) : null,
            startDate: check.startDate,
            endDate: check.endDate,
            pricePerDayCents: live.pricePerDayCents,
            totalCents,
            bookedAt: at,
          });
          try {
            await repo.insertRentalDays(tx, vehicleId, rental.id, check.days);
          } catch (error) {
            if (isUniqueViolation(error, 'rental_days_vehicle_id_day_pk'))
              throw AppError.conflict(RentalMessages.datesUnavailable, ErrorCode.DatesUnavailable);
            throw error;
          }
          await notifications.bookingReceived(tx, rental.id);
          await bookingMail?.booked(tx, rental.id);
          return {
            id: rental.id,
            vehicleId,
            status,
            bookedOn: at.toISOString(),
            startDate: check.startDate,
            endDate: check.endDate,
            bookedDates: check.days,
            pricePerDay: centsToEuros(live.pricePerDayCents),
            totalPrice: centsToEuros(totalCents),
            balance: centsToEuros(balanceCents),
          };
        },
      );
    },

    async myRentals(renterId: string): Promise<MyRental[]> {
      const day = todayNow();
      const rentals = (await repo.rentalsOfRenter(db, renterId)).map((row) => toMyRental(row, day));
      // Issue 26: the renter of a booking sees the exact pick-up place (not for a cancelled one).
      const places = await exactPlacesOf(
        db,
        rentals.filter((r) => !r.isCancelled).map((r) => r.vehicleId),
      );
      return rentals.map((r) => ({ ...r, pickUp: r.isCancelled ? null : (places.get(r.vehicleId) ?? null) }));
    },

    /** Renter confirms after the last day: escrow pays the owner and the company. */
    async confirm(userId: string, rentalId: string): Promise<MyRental> {
      await transact(db, async (tx) => {
        const rental = await lockOwnRental(tx, userId, rentalId);
        const result = transitionRental(rental, 'confirm', todayNow());
        if (!result.ok) throw AppError.conflict(result.message, ErrorCode.InvalidState);
        await complete(tx, rental, clock.now(), false);
      });
      return myRental(userId, rentalId);
    },

    /**
     * Renter cancels before the first day (or withdraws a request): the refund the rental's policy
     * gives today (flexible: in full, the spec's rule), the deposit back, the days free again; the kept
     * part splits owner (in escrow until the first day) / company, all in one ledger transaction.
     */
    async cancel(userId: string, rentalId: string): Promise<MyRental> {
      await transact(db, async (tx) => {
        const rental = await lockOwnRental(tx, userId, rentalId);
        const day = todayNow();
        const result = transitionRental(rental, 'cancel', day);
        if (!result.ok) throw AppError.conflict(result.message, ErrorCode.InvalidState);
        const at = clock.now();
        const outcome = cancellationOutcome(rental, day);
        await repo.markCancelled(tx, rental.id, at, 'renter');
        await repo.deleteRentalDays(tx, rental.id);
        const split = await wallet.settleCancellation(tx, {
          rentalId: rental.id,
          renterId: rental.renterId,
          ownerId: rental.ownerId,
          isCompanyProperty: rental.isCompanyProperty,
          paidCents: rental.totalCents,
          refundCents: outcome.refundCents,
          depositCents: rental.depositCents,
          ownerPendingUntilStart: true,
          at,
        });
        if (split.ownerCents > 0) await repo.markOwnerPending(tx, rental.id, split.ownerCents);
        await notifications.bookingCancelled(tx, rental.id);
        await bookingMail?.cancelled(tx, rental.id);
      });
      return myRental(userId, rentalId);
    },

    /** What cancelling now would give back (the renter's own rental), by the same rule the cancel applies. */
    async cancelPreview(userId: string, rentalId: string): Promise<CancelPreview> {
      return transact(db, async (tx) => {
        const rental = await lockOwnRental(tx, userId, rentalId);
        const day = todayNow();
        if (!transitionRental(rental, 'cancel', day).ok)
          throw AppError.conflict(BookingRuleMessages.notCancellable, ErrorCode.InvalidState);
        const outcome = cancellationOutcome(rental, day);
        return {
          refund: centsToEuros(outcome.refundCents),
          kept: centsToEuros(outcome.keptCents),
          deposit: centsToEuros(rental.depositCents),
          rule: outcome.rule,
          cancellationPolicy: rental.cancellationPolicy,
        };
      });
    },

    /** The owner accepts a request: it becomes an Active rental (its money stays where it is). */
    async accept(caller: Caller, rentalId: string): Promise<VehicleBooking> {
      const vehicleId = await transact(db, async (tx) => {
        const rental = await lockRequestToAnswer(tx, caller, rentalId);
        const now = clock.now();
        // Too late once the 24 hours are over or the stay has begun: the expiry (the job's) returns the money.
        if (todayNow() > rental.startDate || (rental.requestExpiresAt && rental.requestExpiresAt <= now))
          throw AppError.conflict(BookingRuleMessages.requestExpired, ErrorCode.InvalidState);
        await repo.setStatus(tx, rental.id, 'Active', now);
        await requestAnswered?.(tx, rental.id, 'Active');
        return rental.vehicleId;
      });
      return vehicleBookingOf(rentalId, vehicleId);
    },

    /** The owner declines a request: the days are free and the renter gets back everything held, at once. */
    async decline(caller: Caller, rentalId: string): Promise<VehicleBooking> {
      const vehicleId = await transact(db, async (tx) => {
        const rental = await lockRequestToAnswer(tx, caller, rentalId);
        await endRequest(tx, rental, 'Declined', clock.now());
        return rental.vehicleId;
      });
      return vehicleBookingOf(rentalId, vehicleId);
    },

    /**
     * The booking rules' timed work, safe on several instances at once (rows locked with SKIP LOCKED,
     * each change idempotent) and catching up after downtime (it looks for everything overdue, not for
     * what fell due since the last run): unanswered requests expire after 24 hours, a cancellation's
     * owner share is paid on the first day, a completed rental's deposit returns after the release days.
     */
    async runBookingRuleJobs(): Promise<{ expired: number; ownerPayouts: number; depositsReleased: number }> {
      const counts = { expired: 0, ownerPayouts: 0, depositsReleased: 0 };
      for (;;) {
        const done = await transact(db, async (tx) => {
          const at = clock.now();
          const due = await repo.lockExpiredRequests(tx, at, AUTO_COMPLETE_BATCH);
          for (const rental of due) await endRequest(tx, rental, 'Expired', at);
          return due.length;
        });
        counts.expired += done;
        if (done < AUTO_COMPLETE_BATCH) break;
      }
      for (;;) {
        const done = await transact(db, async (tx) => {
          const at = clock.now();
          const due = await repo.lockDueOwnerPending(tx, todayNow(), AUTO_COMPLETE_BATCH);
          for (const rental of due) {
            await wallet.payOwnerPending(tx, { rentalId: rental.id, ownerId: rental.ownerId, amountCents: rental.ownerPendingCents, at });
            await repo.markOwnerPendingPaid(tx, rental.id, at);
          }
          return due.length;
        });
        counts.ownerPayouts += done;
        if (done < AUTO_COMPLETE_BATCH) break;
      }
      for (;;) {
        const done = await transact(db, async (tx) => {
          const at = clock.now();
          const before = new Date(at.getTime() - depositReleaseDays * 86_400_000);
          const due = await repo.lockDueDeposits(tx, before, AUTO_COMPLETE_BATCH);
          for (const rental of due) {
            if (await repo.hasDamageClaim(tx, rental.id)) continue;
            await wallet.releaseDeposit(tx, { rentalId: rental.id, renterId: rental.renterId, amountCents: rental.depositCents, at });
            await repo.markDepositReleased(tx, rental.id, at);
          }
          return due.length;
        });
        counts.depositsReleased += done;
        if (done < AUTO_COMPLETE_BATCH) break;
      }
      return counts;
    },

    bookingRules,
    /** Issue 27: the owner cancels an accepted booking; the vehicle page's public booking terms. */
    ownerBookings: createOwnerBookingsService({ db, clock, timeZone, wallet, notifications, depositReleaseDays }),

    /** Booking history of a vehicle: its owner or a company employee. */
    async vehicleBookings(caller: Caller, vehicleId: string): Promise<VehicleBooking[]> {
      if (!isUuid(vehicleId)) throw AppError.notFound(RentalMessages.vehicleNotFound);
      const vehicle = await repo.findVehicle(db, vehicleId);
      if (!vehicle || vehicle.deletedAt) throw AppError.notFound(RentalMessages.vehicleNotFound);
      if (vehicle.ownerId !== caller.id && !caller.isCompanyEmployee) throw AppError.forbidden(RentalMessages.notYourVehicle);
      const day = todayNow();
      return (await repo.bookingsOfVehicle(db, vehicleId)).map((row) => toVehicleBooking(row, day));
    },

    /**
     * Completes rentals still Active `autoCompleteAfterDays` after their last day, paying out as
     * confirm does. Batches of rows locked with SKIP LOCKED: safe to run on several instances at once
     * and idempotent (a completed rental is no longer Active). Answers how many it completed.
     */
    async completeDueRentals(): Promise<number> {
      const lastEndDate = addDays(todayNow(), -Math.max(autoCompleteAfterDays, 1));
      let completed = 0;
      for (;;) {
        const done = await transact(db, async (tx) => {
          const due = await repo.lockDueForCompletion(tx, lastEndDate, AUTO_COMPLETE_BATCH);
          const at = clock.now();
          for (const rental of due) await complete(tx, rental, at, true);
          return due.length;
        });
        completed += done;
        if (done < AUTO_COMPLETE_BATCH) return completed;
      }
    },

    /** E2E hook: moves the caller's Active rental so its last day was yesterday (keeps its length). */
    async shiftPastEnd(userId: string, rentalId: string): Promise<MyRental> {
      await transact(db, async (tx) => {
        const rental = await lockOwnRental(tx, userId, rentalId);
        if (rental.status !== 'Active') throw AppError.conflict('Only an Active rental can be moved.', ErrorCode.InvalidState);
        const shiftDays = daysBetween(rental.endDate, addDays(todayNow(), -1));
        const startDate = addDays(rental.startDate, shiftDays);
        const endDate = addDays(rental.endDate, shiftDays);
        try {
          await repo.moveRental(tx, rental, startDate, endDate, daysInPeriod(startDate, endDate));
        } catch (error) {
          if (isUniqueViolation(error)) throw AppError.conflict(RentalMessages.datesUnavailable, ErrorCode.DatesUnavailable);
          throw error;
        }
      });
      return myRental(userId, rentalId);
    },
  };
}

export type RentalsService = ReturnType<typeof createRentalsService>;
