import { ErrorCode } from '@rentdrive/contracts/errors';
import { isUuid } from '@rentdrive/contracts/ids';
import { OwnerBookingMessages, type BookingTerms } from '@rentdrive/contracts/owner-bookings';
import { RentalMessages, type VehicleBooking } from '@rentdrive/contracts/rentals';
import { centsToEuros } from '@rentdrive/domain/money';
import type { Db, Tx } from '../../db/client';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { today, type Clock } from '../../lib/clock';
import type { WalletService } from '../wallet/wallet.service';
import { bookingRulesOf } from './booking-rules.repository';
import { createRentalsRepository } from './rentals.repository';
import { toVehicleBooking } from './vehicle-booking';

export interface OwnerBookingsDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  wallet: Pick<WalletService, 'settleCancellation'>;
  /** The renter hears of the owner's cancellation and of the money back. */
  notifications: { bookingCancelledByOwner?: (tx: Tx, rentalId: string, refundCents: number) => Promise<void> };
  /** DEPOSIT_RELEASE_DAYS, told to renters in the booking terms. */
  depositReleaseDays: number;
}

/** The caller as the routes know them. */
export interface Caller {
  id: string;
  isCompanyEmployee: boolean;
}

/**
 * Issue 27, the owner's side of a booking: cancelling an accepted booking (the renter gets everything
 * back) and the public booking terms of a vehicle with its owner's cancellations of the last 12 months.
 */
export function createOwnerBookingsService({ db, clock, timeZone, wallet, notifications, depositReleaseDays }: OwnerBookingsDeps) {
  const repo = createRentalsRepository();
  const todayNow = () => today(clock, timeZone);

  return {
    /**
     * The owner (or an employee for a company vehicle) cancels an accepted booking before its first
     * day: the days are free again and the renter gets total + deposit back in one ledger transaction
     * (the rental's row lock serialises it with the renter's cancel and the completion).
     */
    async cancel(caller: Caller, rentalId: string): Promise<VehicleBooking> {
      if (!isUuid(rentalId)) throw AppError.notFound(RentalMessages.rentalNotFound);
      const vehicleId = await transact(db, async (tx) => {
        const rental = await repo.lockRental(tx, rentalId);
        if (!rental) throw AppError.notFound(RentalMessages.rentalNotFound);
        const allowed = rental.ownerId === caller.id || (rental.isCompanyProperty && caller.isCompanyEmployee);
        if (!allowed) throw AppError.forbidden(OwnerBookingMessages.notYourBooking);
        if (rental.status !== 'Active' || todayNow() >= rental.startDate)
          throw AppError.conflict(OwnerBookingMessages.notOwnerCancellable, ErrorCode.InvalidState);
        const at = clock.now();
        await repo.markCancelled(tx, rental.id, at, 'owner');
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
        await notifications.bookingCancelledByOwner?.(tx, rental.id, rental.totalCents + rental.depositCents);
        return rental.vehicleId;
      });
      const row = (await repo.bookingsOfVehicle(db, vehicleId)).find((r) => r.id === rentalId)!;
      return toVehicleBooking(row, todayNow());
    },

    /** Public: what the vehicle page says before booking, and the owner's cancellations of the last 12 months. */
    async bookingTerms(vehicleId: string): Promise<BookingTerms> {
      if (!isUuid(vehicleId)) throw AppError.notFound(RentalMessages.vehicleNotFound);
      const vehicle = await repo.findVehicle(db, vehicleId);
      if (!vehicle || vehicle.deletedAt) throw AppError.notFound(RentalMessages.vehicleNotFound);
      const { depositCents, ...rules } = await bookingRulesOf(db, vehicleId);
      const yearAgo = clock.now();
      yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
      return {
        ...rules,
        deposit: centsToEuros(depositCents),
        ownerCancellationsLast12Months: await repo.ownerCancellationsSince(db, vehicle.ownerId, yearAgo),
        depositReleaseDays,
      };
    },
  };
}

export type OwnerBookingsService = ReturnType<typeof createOwnerBookingsService>;
