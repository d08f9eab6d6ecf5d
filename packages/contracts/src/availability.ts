import { z } from 'zod';
import { endpoint } from './endpoint';
import { VehiclePaths } from './paths/vehicles';

/** An owner's blocked days (a service, a holiday): days renters cannot book. */
export const AvailabilityMessages = {
  daysRequired: 'Send the days to block as a list, like {"days": ["2026-06-01"]} (an empty list unblocks all).',
  dayFormat: 'Days must be written YYYY-MM-DD.',
  tooManyDays: 'At most 190 days can be blocked.',
  bookedDays: 'Booked days cannot be blocked',
  vehicleNotFound: 'Vehicle not found.',
  notAllowed: 'Only the owner (or a company employee, for company vehicles) can change the availability of this vehicle.',
} as const;

/** The 6-month window never holds more days than this; longer lists are refused before any work. */
export const MAX_BLOCKED_DAYS = 190;

/** PUT /api/vehicle/blocked-days/{vehicleId}: the blocked days from today on, replacing the previous set. */
export const BlockedDaysRequestSchema = z.object({
  days: z
    .array(z.string({ error: AvailabilityMessages.dayFormat }).regex(/^\d{4}-\d{2}-\d{2}$/, AvailabilityMessages.dayFormat), {
      error: AvailabilityMessages.daysRequired,
    })
    .max(MAX_BLOCKED_DAYS, AvailabilityMessages.tooManyDays),
});
export type BlockedDaysRequest = z.infer<typeof BlockedDaysRequestSchema>;

/**
 * GET and PUT answer the owner's view: the window renters can book in (from today to 6 months
 * ahead, in the marketplace's time zone), the blocked days and the booked days in it, sorted.
 */
export const BlockedDaysResponseSchema = z.object({
  vehicleId: z.string().uuid(),
  firstDay: z.string(),
  lastDay: z.string(),
  blockedDays: z.array(z.string()),
  bookedDays: z.array(z.string()),
});
export type BlockedDaysResponse = z.infer<typeof BlockedDaysResponseSchema>;

/** An owner's (or, for company vehicles, an employee's) blocked days of a vehicle. */
export const Availability = {
  blockedDays: endpoint('GET', VehiclePaths.blockedDays, { response: { 200: BlockedDaysResponseSchema } }),
  replaceBlockedDays: endpoint('PUT', VehiclePaths.blockedDays, {
    body: BlockedDaysRequestSchema,
    response: { 200: BlockedDaysResponseSchema },
  }),
};
