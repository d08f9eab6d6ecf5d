import { REVIEW_PUBLISH_DAYS } from '@rentdrive/contracts/owner-bookings';
import type { VehicleBooking } from '@rentdrive/contracts/rentals';
import { centsToEuros } from '@rentdrive/domain/money';
import type { createRentalsRepository } from './rentals.repository';

type BookingRow = Awaited<ReturnType<ReturnType<typeof createRentalsRepository>['bookingsOfVehicle']>>[number];

const REVIEW_PUBLISH_MS = REVIEW_PUBLISH_DAYS * 86_400_000;

/** The day (UTC) the reviews of a rental completed at `completedAt` are published at the latest (issue 27). */
export function reviewsPublishBy(completedAt: Date): string {
  return new Date(completedAt.getTime() + REVIEW_PUBLISH_MS).toISOString().slice(0, 10);
}

/** A booking as the owner's booking history shows it; `day` is today in the marketplace's zone. */
export function toVehicleBooking(row: BookingRow, day: string): VehicleBooking {
  return {
    id: row.id,
    username: row.username,
    bookedOn: row.bookedAt.toISOString(),
    period: `${row.startDate} - ${row.endDate}`,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    pricePerDay: centsToEuros(row.pricePerDayCents),
    totalPrice: centsToEuros(row.totalCents),
    renterEmailVerified: row.renterEmailVerified,
    // Issue 27: the renter's ratings, the owner's cancel and the owner's own rating of the renter.
    renterRating: row.renterCount > 0 ? { average: Math.round(Number(row.renterAverage) * 100) / 100, count: row.renterCount } : null,
    isOwnerCancellable: row.status === 'Active' && day < row.startDate,
    cancelledBy: row.cancelledBy ?? null,
    renterReview:
      row.reviewStars === null
        ? null
        : {
            starRating: row.reviewStars,
            comment: row.reviewComment,
            publishedOn: row.reviewPublishedAt?.toISOString() ?? null,
            publishesBy: reviewsPublishBy(row.completedAt ?? new Date(0)),
          },
    canRateRenter: row.status === 'Completed' && row.reviewStars === null,
  };
}
