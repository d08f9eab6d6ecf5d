import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { RentalMessages, type MyRental, type RentResponse, type VehicleBooking } from '@rentdrive/contracts/rentals';
import { checkBookingDays, daysInPeriod } from '@rentdrive/domain/booking';
import { addDays, daysBetween } from '@rentdrive/domain/dates';
import { centsToEuros } from '@rentdrive/domain/money';
import { rentalTotalCents } from '@rentdrive/domain/pricing';
import { isCancellable, isConfirmable, transitionRental } from '@rentdrive/domain/rental-state';
import { isUuid } from '@rentdrive/contracts/ids';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { runIdempotent } from '../../db/idempotency';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { today, type Clock } from '../../lib/clock';
import type { NotificationsService } from '../notifications/notifications.service';
import type { WalletService } from '../wallet/wallet.service';
import { createRentalsRepository, type LockedRental } from './rentals.repository';

export interface RentalsServiceDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  autoCompleteAfterDays: number;
  wallet: WalletService;
  /** Owners hear of bookings, cancellations and completions; renters of refunds and automatic completions. */
  notifications: Pick<NotificationsService, 'bookingReceived' | 'bookingCancelled' | 'rentalCompleted'>;
  /** Booking and completion mail to renter and owner, written to the outbox in the same transaction (issue 25). */
  bookingMail?: {
    booked(tx: Tx, rentalId: string): Promise<void>;
    cancelled(tx: Tx, rentalId: string): Promise<void>;
    completed(tx: Tx, rentalId: string, payout: { ownerCents: number }): Promise<void>;
  };
}

export interface Caller {
  id: string;
  isCompanyEmployee: boolean;
}

const AUTO_COMPLETE_BATCH = 25;

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
}: RentalsServiceDeps) {
  const repo = createRentalsRepository();
  const todayNow = () => today(clock, timeZone);

  function toMyRental(row: RenterRow, day: string): MyRental {
    const state = { status: row.status as MyRental['status'], startDate: row.startDate, endDate: row.endDate };
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
      const check = checkBookingDays(bookedDates, todayNow());
      if (!check.ok) throw AppError.validation(check.message, { bookedDates: [check.message] });

      return runIdempotent(
        db,
        { userId: renterId, scope: 'rent', key: idempotencyKey, fingerprint: { vehicleId, days: check.days } },
        async (tx) => {
          const live = await repo.shareLockLiveVehicle(tx, vehicleId);
          if (!live) throw AppError.notFound(RentalMessages.vehicleNotFound);
          const totalCents = rentalTotalCents(live.pricePerDayCents, check.days.length);
          const at = clock.now();
          // The wallet charges first (its lock and balance check before the days, as ever), under the
          // rental's id chosen here; a refusal rolls everything back.
          const rentalId = randomUUID();
          const { balanceCents } = await wallet.chargeRental(tx, { renterId, rentalId, amountCents: totalCents, at });
          const rental = await repo.insertRental(tx, {
            id: rentalId,
            vehicleId,
            renterId,
            status: 'Active',
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
            status: 'Active' as const,
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
      return (await repo.rentalsOfRenter(db, renterId)).map((row) => toMyRental(row, day));
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

    /** Renter cancels before the first day: full refund, the days become free. */
    async cancel(userId: string, rentalId: string): Promise<MyRental> {
      await transact(db, async (tx) => {
        const rental = await lockOwnRental(tx, userId, rentalId);
        const result = transitionRental(rental, 'cancel', todayNow());
        if (!result.ok) throw AppError.conflict(result.message, ErrorCode.InvalidState);
        const at = clock.now();
        await repo.markCancelled(tx, rental.id, at);
        await repo.deleteRentalDays(tx, rental.id);
        await wallet.refundRental(tx, { renterId: rental.renterId, rentalId: rental.id, amountCents: rental.totalCents, at });
        await notifications.bookingCancelled(tx, rental.id);
        await bookingMail?.cancelled(tx, rental.id);
      });
      return myRental(userId, rentalId);
    },

    /** Booking history of a vehicle: its owner or a company employee. */
    async vehicleBookings(caller: Caller, vehicleId: string): Promise<VehicleBooking[]> {
      if (!isUuid(vehicleId)) throw AppError.notFound(RentalMessages.vehicleNotFound);
      const vehicle = await repo.findVehicle(db, vehicleId);
      if (!vehicle || vehicle.deletedAt) throw AppError.notFound(RentalMessages.vehicleNotFound);
      if (vehicle.ownerId !== caller.id && !caller.isCompanyEmployee) throw AppError.forbidden(RentalMessages.notYourVehicle);
      return (await repo.bookingsOfVehicle(db, vehicleId)).map((row) => ({
        id: row.id,
        username: row.username,
        bookedOn: row.bookedAt.toISOString(),
        period: `${row.startDate} - ${row.endDate}`,
        startDate: row.startDate,
        endDate: row.endDate,
        status: row.status as VehicleBooking['status'],
        pricePerDay: centsToEuros(row.pricePerDayCents),
        totalPrice: centsToEuros(row.totalCents),
      }));
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
