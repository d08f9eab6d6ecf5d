import { eq } from 'drizzle-orm';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '@rentdrive/domain/booking-rules';
import type { DbOrTx } from '../../db/client';
import { vehicleBookingRules } from '../../db/schema/index';

/** A vehicle's booking rules; a vehicle without a row has the defaults (today's behaviour). */
export async function bookingRulesOf(db: DbOrTx, vehicleId: string): Promise<BookingRules> {
  const [row] = await db.select().from(vehicleBookingRules).where(eq(vehicleBookingRules.vehicleId, vehicleId));
  if (!row) return DEFAULT_BOOKING_RULES;
  return {
    bookingMode: row.bookingMode,
    cancellationPolicy: row.cancellationPolicy,
    weeklyDiscountPercent: row.weeklyDiscountPercent,
    monthlyDiscountPercent: row.monthlyDiscountPercent,
    minDays: row.minDays,
    maxDays: row.maxDays,
    advanceNoticeDays: row.advanceNoticeDays,
    depositCents: row.depositCents,
  };
}

export async function saveBookingRules(db: DbOrTx, vehicleId: string, rules: BookingRules, at: Date): Promise<void> {
  const values = { ...rules, updatedAt: at };
  await db
    .insert(vehicleBookingRules)
    .values({ vehicleId, ...values })
    .onConflictDoUpdate({ target: vehicleBookingRules.vehicleId, set: values });
}
