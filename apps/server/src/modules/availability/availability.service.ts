import { AvailabilityMessages, type BlockedDaysResponse } from '@rentdrive/contracts/availability';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { isUuid } from '@rentdrive/contracts/ids';
import { bookingWindow, checkBlockDays } from '@rentdrive/domain/booking';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { today, type Clock } from '../../lib/clock';
import { createAvailabilityRepository } from './availability.repository';

export interface AvailabilityServiceDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** Called inside the change's transaction (before commit) when days were blocked or unblocked. */
  onBlockedDaysChanged?: (tx: DbOrTx, change: BlockedDaysChanged) => Promise<void>;
}

export interface AvailabilityCaller {
  id: string;
  isCompanyEmployee: boolean;
}

/** What a change of blocked days did, for whoever must hear of it in the same transaction. */
export interface BlockedDaysChanged {
  vehicleId: string;
  changedBy: string;
  blocked: string[];
  unblocked: string[];
}

/**
 * Owners take days off the calendar (a service, a holiday). Blocked days live in rental_days next
 * to booked ones, so the table's primary key refuses a day that is both, whatever the race, and the
 * search sees them through the same change log as bookings.
 */
export function createAvailabilityService({ db, clock, timeZone, onBlockedDaysChanged }: AvailabilityServiceDeps) {
  const repo = createAvailabilityRepository();

  /** 404 unknown or deleted; 403 unless the owner, or an employee for a company vehicle. */
  async function checkCaller(caller: AvailabilityCaller, vehicleId: string) {
    if (!isUuid(vehicleId)) throw AppError.notFound(AvailabilityMessages.vehicleNotFound);
    const vehicle = await repo.findVehicle(db, vehicleId);
    if (!vehicle || vehicle.deletedAt) throw AppError.notFound(AvailabilityMessages.vehicleNotFound);
    const allowed = vehicle.ownerId === caller.id || (vehicle.isCompanyProperty && caller.isCompanyEmployee);
    if (!allowed) throw AppError.forbidden(AvailabilityMessages.notAllowed);
  }

  async function view(tx: DbOrTx, vehicleId: string): Promise<BlockedDaysResponse> {
    const window = bookingWindow(today(clock, timeZone));
    const taken = await repo.takenDays(tx, vehicleId, window.firstDay, window.lastDay);
    return {
      vehicleId,
      firstDay: window.firstDay,
      lastDay: window.lastDay,
      blockedDays: taken.filter((d) => d.blocked).map((d) => d.day),
      bookedDays: taken.filter((d) => !d.blocked).map((d) => d.day),
    };
  }

  return {
    /** The owner's view: the booking window, its blocked days and its booked days. */
    async blockedDays(caller: AvailabilityCaller, vehicleId: string): Promise<BlockedDaysResponse> {
      await checkCaller(caller, vehicleId);
      return view(db, vehicleId);
    },

    /**
     * Replaces the blocked days from today on with `days` (past blocked days stay as history). A
     * booked day in the list refuses the whole change with 409, naming the booked days.
     */
    async replaceBlockedDays(caller: AvailabilityCaller, vehicleId: string, days: string[]): Promise<BlockedDaysResponse> {
      await checkCaller(caller, vehicleId);
      const day = today(clock, timeZone);
      const check = checkBlockDays(days, day);
      if (!check.ok) throw AppError.validation(`${check.message} (${check.day})`, { days: [check.message] });
      const window = bookingWindow(day);
      return transact(db, async (tx) => {
        if (!(await repo.lockLiveVehicle(tx, vehicleId))) throw AppError.notFound(AvailabilityMessages.vehicleNotFound);
        const taken = await repo.takenDays(tx, vehicleId, window.firstDay, window.lastDay);
        const booked = new Set(taken.filter((d) => !d.blocked).map((d) => d.day));
        const clashes = check.days.filter((d) => booked.has(d));
        if (clashes.length) {
          throw AppError.conflict(`${AvailabilityMessages.bookedDays}: ${clashes.join(', ')}.`, ErrorCode.DatesUnavailable);
        }
        const wasBlocked = new Set(taken.filter((d) => d.blocked).map((d) => d.day));
        const wanted = new Set(check.days);
        const toBlock = check.days.filter((d) => !wasBlocked.has(d));
        const toUnblock = [...wasBlocked].filter((d) => !wanted.has(d));
        await repo.unblockExcept(tx, vehicleId, window.firstDay, check.days);
        try {
          await repo.block(tx, vehicleId, toBlock, caller.id);
        } catch (error) {
          // A rent that committed between the read and the insert (the lock makes it unlikely).
          if (isUniqueViolation(error, 'rental_days_vehicle_id_day_pk')) {
            throw AppError.conflict(`${AvailabilityMessages.bookedDays}.`, ErrorCode.DatesUnavailable);
          }
          throw error;
        }
        if (onBlockedDaysChanged && (toBlock.length || toUnblock.length)) {
          await onBlockedDaysChanged(tx, { vehicleId, changedBy: caller.id, blocked: toBlock, unblocked: toUnblock });
        }
        return view(tx, vehicleId);
      });
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
