import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Dashboards (issue 30): one answer per screen. Money is integer cents; figures come from the ledger
 * (money) and the rentals (days). Dates are calendar days (YYYY-MM-DD) in the marketplace's time zone.
 */
export const DashboardPaths = {
  /** Signed in: the caller's own vehicles only. */
  owner: '/api/dashboard/owner',
  /** Signed in: the caller's wallet postings between from and to as CSV (for an accountant). */
  ownerTransactionsCsv: '/api/dashboard/owner/transactions.csv',
  /** Company employees only: the marketplace's figures. */
  marketplace: '/api/dashboard/marketplace',
} as const;

export const DashboardMessages = {
  badDate: 'Use a date like 2026-01-31.',
  rangeOrder: 'The start must not be after the end.',
  rangeTooLong: 'Choose a period of at most 3 years.',
} as const;

/** At most this many days between from and to. */
export const DASHBOARD_MAX_RANGE_DAYS = 3 * 366;

/**
 * A calendar day from 1970 on: the marketplace has no older history, and year 0 (which JavaScript
 * accepts) is no date to PostgreSQL.
 */
const isoDay = z
  .string()
  .regex(/^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}$/, DashboardMessages.badDate)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    DashboardMessages.badDate,
  );

function checkRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!q.from || !q.to) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: DashboardMessages.rangeOrder });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > DASHBOARD_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['from'], message: DashboardMessages.rangeTooLong });
}

/** `?from=&to=`: the period (default: the last 12 calendar months up to today). */
export const DashboardRangeQuerySchema = z.object({ from: isoDay.optional(), to: isoDay.optional() }).superRefine(checkRange);
export type DashboardRangeQuery = z.infer<typeof DashboardRangeQuerySchema>;

const VehicleMonthSchema = z.object({
  vehicleId: z.string(),
  /** Paid out to the owner (ledger 'Rental Profit') in this month. */
  earnedCents: z.number().int(),
  /** The owner's share of booked days of active rentals in this month, not paid yet. */
  pendingCents: z.number().int(),
  /** Booked days of this vehicle in this month (blocked days are not booked). */
  daysBooked: z.number().int(),
});

const PeriodTotalsSchema = z.object({
  earnedCents: z.number().int(),
  pendingCents: z.number().int(),
  daysBooked: z.number().int(),
});

export const OwnerDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  /** The months of the period, oldest first ('2026-05'), each with a row per vehicle that had something. */
  months: z.array(z.object({ month: z.string(), vehicles: z.array(VehicleMonthSchema) })),
  totals: PeriodTotalsSchema,
  /** The same figures for the period of the same length just before (the change). */
  previous: PeriodTotalsSchema.extend({ from: z.string(), to: z.string() }),
  vehicles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Share of days booked (0..1) in the last 30, 90 and 365 days and the next 30. */
      occupancy: z.object({ last30: z.number(), last90: z.number(), last365: z.number(), next30: z.number() }),
      /** The next 60 days from today, one letter a day: b booked, x blocked, f free. */
      strip: z.string(),
      /** Average stars of reviews written in each month of the period that had any. */
      ratings: z.array(z.object({ month: z.string(), average: z.number(), count: z.number().int() })),
    }),
  ),
  /**
   * Bookings of the owner's vehicles made in the period (booked_at) and what became of them: the
   * cancelled ones by who cancelled (rentals.cancelled_by; none recorded counts as the renter's),
   * the share cancelled, and the requests declined by the owner or expired unanswered.
   */
  cancellations: z.object({
    /** Bookings made in the period (active, completed or cancelled since; requests not accepted are not bookings). */
    bookings: z.number().int(),
    cancelled: z.number().int(),
    byRenter: z.number().int(),
    byOwner: z.number().int(),
    bySystem: z.number().int(),
    /** cancelled / bookings and byOwner / bookings (0..1, three decimals; 0 without bookings). */
    rate: z.number(),
    ownerRate: z.number(),
    /** Refunded to renters' wallets in the period for cancelled bookings of the owner's vehicles (ledger 'Refund'). */
    refundedCents: z.number().int(),
    /** Booking requests made in the period that the owner declined, and that expired unanswered. */
    declined: z.number().int(),
    expired: z.number().int(),
  }),
  /** The next pick-ups and returns of active rentals, soonest first, at most 10. */
  upcoming: z.array(
    z.object({
      kind: z.enum(['pickup', 'return']),
      date: z.string(),
      rentalId: z.string(),
      vehicleId: z.string(),
      vehicleName: z.string(),
      renterName: z.string(),
    }),
  ),
});
export type OwnerDashboard = z.infer<typeof OwnerDashboardSchema>;

/** `?from=&to=&type=`: the period and, optionally, one vehicle type's id. */
export const MarketplaceQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional(), type: z.coerce.number().int().min(1).max(2_147_483_647).optional() })
  .superRefine(checkRange);
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

const MarketplaceFiguresSchema = z.object({
  /** Rentals booked in the period (any later state). */
  bookings: z.number().int(),
  /** What renters paid for them. */
  grossCents: z.number().int(),
  /** The company's fee from completed rentals (ledger 'Company Rental Fee Profit'). */
  takeCents: z.number().int(),
  /** Rentals cancelled in the period. */
  cancellations: z.number().int(),
  /** Money refunded to renters' wallets for cancellations (ledger 'Refund'). */
  refundsCents: z.number().int(),
  newUsers: z.number().int(),
  newListings: z.number().int(),
});

export const MarketplaceDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  type: z.number().int().nullable(),
  /** 'day' for periods up to 92 days, else 'month'. */
  granularity: z.enum(['day', 'month']),
  series: z.array(MarketplaceFiguresSchema.extend({ period: z.string() })),
  totals: MarketplaceFiguresSchema.extend({
    /** Listed vehicles now (not deleted or hidden). */
    activeListings: z.number().int(),
    /** Money in users' wallets now (the ledger's figure; the company's own wallet is not counted). */
    walletHeldCents: z.number().int(),
  }),
  byType: z.array(
    z.object({
      typeId: z.number().int(),
      name: z.string(),
      bookings: z.number().int(),
      grossCents: z.number().int(),
      takeCents: z.number().int(),
    }),
  ),
  types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What visitors searched in the period (search log, kept 90 days): most searched, and those with few or no results. */
  searchDemand: z.object({
    top: z.array(z.object({ term: z.string(), kind: z.enum(['word', 'place']), searches: z.number().int() })),
    unmet: z.array(
      z.object({ term: z.string(), kind: z.enum(['word', 'place']), searches: z.number().int(), fewResults: z.number().int() }),
    ),
  }),
});
export type MarketplaceDashboard = z.infer<typeof MarketplaceDashboardSchema>;

export const Dashboard = {
  owner: endpoint('GET', DashboardPaths.owner, { query: DashboardRangeQuerySchema, response: { 200: OwnerDashboardSchema } }),
  /** text/csv; the columns: date, type, vehicle, rental, gross, fee, net. */
  ownerTransactionsCsv: endpoint('GET', DashboardPaths.ownerTransactionsCsv, { query: DashboardRangeQuerySchema }),
  marketplace: endpoint('GET', DashboardPaths.marketplace, {
    query: MarketplaceQuerySchema,
    response: { 200: MarketplaceDashboardSchema },
  }),
};
