import { eq } from 'drizzle-orm';
import { BookingRuleMessages, type BookingRulesDto, type QuoteResponse } from '@rentdrive/contracts/booking-rules';
import { isUuid } from '@rentdrive/contracts/ids';
import { RentalMessages } from '@rentdrive/contracts/rentals';
import { checkBookingDays } from '@rentdrive/domain/booking';
import { checkBookingRules, priceBreakdown, type BookingRules } from '@rentdrive/domain/booking-rules';
import { centsToEuros, eurosToCents } from '@rentdrive/domain/money';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { today, type Clock } from '../../lib/clock';
import { bookingRulesOf, saveBookingRules } from './booking-rules.repository';
import type { Caller } from './rentals.service';

export function toBookingRulesDto(rules: BookingRules): BookingRulesDto {
  const { depositCents, ...rest } = rules;
  return { ...rest, deposit: centsToEuros(depositCents) };
}

/**
 * The rules' refusals with a number in them, in the `api` catalogue (ADR 018): the error handler
 * writes them in the request's language; the domain's English text stays the wire text.
 */
export const BookingRuleRefusals = {
  minDays: /*i18n*/ {
    id: 'bookingRules.rentedAtLeast',
    message: 'This vehicle is rented for at least {days, plural, one {# day} other {# days}}.',
  },
  maxDays: /*i18n*/ {
    id: 'bookingRules.rentedAtMost',
    message: 'This vehicle is rented for at most {days, plural, one {# day} other {# days}}.',
  },
  advanceNotice: /*i18n*/ {
    id: 'bookingRules.advanceNoticeDays',
    message: 'This vehicle must be booked at least {days, plural, one {# day} other {# days}} before the first day.',
  },
} as const;

/**
 * Checks the days a renter asks for against the calendar (consecutive, inside the booking window) and
 * the vehicle's rules (minimum, maximum, advance notice): a 400 naming the rule broken, on the
 * bookedDates field. Answers the sorted days.
 */
export function checkRequestedDays(rules: BookingRules, bookedDates: string[], day: string) {
  const check = checkBookingDays(bookedDates, day);
  if (!check.ok) throw AppError.validation(check.message, { bookedDates: [check.message] });
  const ruleCheck = checkBookingRules(rules, check.days.length, check.startDate, day);
  if (!ruleCheck.ok) {
    const [message, values] =
      ruleCheck.rule === 'min-days'
        ? [BookingRuleRefusals.minDays, { days: rules.minDays }]
        : ruleCheck.rule === 'max-days'
          ? [BookingRuleRefusals.maxDays, { days: rules.maxDays ?? 0 }]
          : [BookingRuleRefusals.advanceNotice, { days: rules.advanceNoticeDays }];
    throw AppError.validation(ruleCheck.message, { bookedDates: [ruleCheck.message] }).withMessage(message.id, values);
  }
  return check;
}

/** A vehicle's booking rules (owner, or an employee for company property) and the public price quote. */
export function createBookingRulesService({ db, clock, timeZone }: { db: Db; clock: Clock; timeZone: string }) {
  async function liveVehicle(vehicleId: string) {
    if (!isUuid(vehicleId)) throw AppError.notFound(RentalMessages.vehicleNotFound);
    const [vehicle] = await db
      .select({
        id: vehicles.id,
        ownerId: vehicles.ownerId,
        isCompanyProperty: vehicles.isCompanyProperty,
        pricePerDayCents: vehicles.pricePerDayCents,
        deletedAt: vehicles.deletedAt,
      })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    if (!vehicle || vehicle.deletedAt) throw AppError.notFound(RentalMessages.vehicleNotFound);
    return vehicle;
  }

  async function editableVehicle(caller: Caller, vehicleId: string) {
    const vehicle = await liveVehicle(vehicleId);
    const allowed = vehicle.ownerId === caller.id || (vehicle.isCompanyProperty && caller.isCompanyEmployee);
    if (!allowed) throw AppError.forbidden(RentalMessages.notYourVehicle);
    return vehicle;
  }

  return {
    async get(caller: Caller, vehicleId: string): Promise<BookingRulesDto> {
      await editableVehicle(caller, vehicleId);
      return toBookingRulesDto(await bookingRulesOf(db, vehicleId));
    },

    async put(caller: Caller, vehicleId: string, input: BookingRulesDto): Promise<BookingRulesDto> {
      await editableVehicle(caller, vehicleId);
      if (input.maxDays !== null && input.maxDays < input.minDays)
        throw AppError.validation(BookingRuleMessages.maxBelowMin, { maxDays: [BookingRuleMessages.maxBelowMin] });
      const { deposit, ...rest } = input;
      const rules: BookingRules = { ...rest, depositCents: eurosToCents(deposit) };
      await saveBookingRules(db, vehicleId, rules, clock.now());
      return toBookingRulesDto(rules);
    },

    /** What renting these days would cost, by the same functions as the rent itself; refuses what the rules do not allow. */
    async quote(vehicleId: string, bookedDates: string[]): Promise<QuoteResponse> {
      const vehicle = await liveVehicle(vehicleId);
      const rules = await bookingRulesOf(db, vehicleId);
      const check = checkRequestedDays(rules, bookedDates, today(clock, timeZone));
      const price = priceBreakdown(vehicle.pricePerDayCents, check.days.length, rules);
      return {
        days: price.days,
        pricePerDay: centsToEuros(price.pricePerDayCents),
        subtotal: centsToEuros(price.subtotalCents),
        discountPercent: price.discountPercent,
        discount: centsToEuros(price.discountCents),
        total: centsToEuros(price.totalCents),
        deposit: centsToEuros(price.depositCents),
        cancellationPolicy: rules.cancellationPolicy,
        bookingMode: rules.bookingMode,
      };
    },
  };
}

export type BookingRulesService = ReturnType<typeof createBookingRulesService>;
