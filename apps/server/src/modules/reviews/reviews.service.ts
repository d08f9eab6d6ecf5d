import { ErrorCode } from '@rentdrive/contracts/errors';
import { isUuid } from '@rentdrive/contracts/ids';
import {
  OwnerBookingMessages,
  REVIEW_PUBLISH_DAYS,
  type MyRenterReviews,
  type RenterReviewResponse,
} from '@rentdrive/contracts/owner-bookings';
import { RentalMessages } from '@rentdrive/contracts/rentals';
import { ReviewMessages, type ReviewResponse } from '@rentdrive/contracts/reviews';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { NotificationsService } from '../notifications/notifications.service';
import { createReviewsRepository } from './reviews.repository';

export interface NewReview {
  rentalId: string;
  starRating: number;
  comment: string | null;
}

export interface NewRenterReview {
  starRating: number;
  comment: string | null;
}

/** The caller as the routes know them. */
export interface ReviewCaller {
  id: string;
  isCompanyEmployee: boolean;
}

/**
 * One review per rental by its renter, and (issue 27) one by the vehicle's owner of the renter, once the
 * rental is Completed. Double-blind: both are published when both are written, or REVIEW_PUBLISH_DAYS
 * after completion, whichever comes first; before that a review is visible only to its author, the
 * vehicle's rating leaves it out and the owner is not told its stars.
 */
export interface ReviewsServiceDeps {
  db: Db;
  clock: Clock;
  /** The vehicle's owner hears of each review (when it is published). */
  notifications: Pick<NotificationsService, 'reviewReceived'>;
  /** …and gets a mail, written in the publication's transaction (issue 25). */
  reviewMail?: { reviewed(tx: Tx, rentalId: string, starRating: number): Promise<void> };
}

const PUBLISH_MS = REVIEW_PUBLISH_DAYS * 86_400_000;
const PUBLISH_BATCH = 25;
/** My Rentals lists at most this many of the renter's ratings (the average counts them all). */
const MY_RATINGS_LIMIT = 200;

/** The day (UTC) the reviews of a rental completed at `completedAt` are published at the latest. */
export function publishesBy(completedAt: Date | null): string {
  return new Date((completedAt?.getTime() ?? 0) + PUBLISH_MS).toISOString().slice(0, 10);
}

export function createReviewsService({ db, clock, notifications, reviewMail }: ReviewsServiceDeps) {
  const repo = createReviewsRepository();

  /** Publishes a rental's reviews; the renter's review now counts in the vehicle's rating and the owner hears of it. */
  async function publish(tx: Tx, rentalId: string, at: Date): Promise<void> {
    const published = await repo.publishReviewsOf(tx, rentalId, at);
    if (!published) return;
    await repo.addToVehicleRating(tx, published.vehicleId, published.starRating);
    await notifications.reviewReceived(tx, rentalId, published.starRating);
    await reviewMail?.reviewed(tx, rentalId, published.starRating);
  }

  const isOverdue = (completedAt: Date | null, at: Date) => completedAt !== null && at.getTime() - completedAt.getTime() >= PUBLISH_MS;

  return {
    async add(userId: string, input: NewReview): Promise<ReviewResponse> {
      const review = await transact(db, async (tx) => {
        const rental = await repo.lockRental(tx, input.rentalId);
        if (!rental) throw AppError.notFound(RentalMessages.rentalNotFound);
        if (rental.renterId !== userId) throw AppError.forbidden(ReviewMessages.notYourRental);
        if (await repo.hasReview(tx, rental.id)) throw AppError.conflict(ReviewMessages.alreadyReviewed);
        if (rental.status !== 'Completed') throw AppError.conflict(ReviewMessages.notCompleted, ErrorCode.InvalidState);
        const at = clock.now();
        try {
          const row = await repo.insertReview(tx, {
            rentalId: rental.id,
            vehicleId: rental.vehicleId,
            reviewerId: userId,
            starRating: input.starRating,
            comment: input.comment,
            createdAt: at,
            publishedAt: null,
          });
          if (isOverdue(rental.completedAt, at) || (await repo.hasRenterReview(tx, rental.id))) await publish(tx, rental.id, at);
          return row;
        } catch (error) {
          if (isUniqueViolation(error, 'reviews_rental_uq')) throw AppError.conflict(ReviewMessages.alreadyReviewed);
          throw error;
        }
      });
      return {
        id: review.id,
        rentalId: review.rentalId,
        vehicleId: review.vehicleId,
        username: await repo.usernameOf(db, userId),
        starRating: review.starRating,
        comment: review.comment,
        createdOn: review.createdAt.toISOString(),
      };
    },

    /** The vehicle's owner (or an employee for a company vehicle) rates the renter of a completed rental. */
    async rateRenter(caller: ReviewCaller, rentalId: string, input: NewRenterReview): Promise<RenterReviewResponse> {
      if (!isUuid(rentalId)) throw AppError.notFound(RentalMessages.rentalNotFound);
      return transact(db, async (tx) => {
        const rental = await repo.lockRental(tx, rentalId);
        if (!rental) throw AppError.notFound(RentalMessages.rentalNotFound);
        const allowed = rental.ownerId === caller.id || (rental.isCompanyProperty && caller.isCompanyEmployee);
        if (!allowed) throw AppError.forbidden(OwnerBookingMessages.notYourBooking);
        if (await repo.hasRenterReview(tx, rental.id)) throw AppError.conflict(OwnerBookingMessages.renterAlreadyReviewed);
        if (rental.status !== 'Completed') throw AppError.conflict(OwnerBookingMessages.renterReviewNotCompleted, ErrorCode.InvalidState);
        const at = clock.now();
        let row;
        try {
          row = await repo.insertRenterReview(tx, {
            rentalId: rental.id,
            renterId: rental.renterId,
            reviewerId: caller.id,
            starRating: input.starRating,
            comment: input.comment,
            createdAt: at,
          });
        } catch (error) {
          if (isUniqueViolation(error, 'renter_reviews_rental_uq')) throw AppError.conflict(OwnerBookingMessages.renterAlreadyReviewed);
          throw error;
        }
        const bothWritten = await repo.hasReview(tx, rental.id);
        if (bothWritten || isOverdue(rental.completedAt, at)) await publish(tx, rental.id, at);
        return {
          id: row.id,
          rentalId: row.rentalId,
          starRating: row.starRating,
          comment: row.comment,
          createdOn: row.createdAt.toISOString(),
          publishedOn: bothWritten || isOverdue(rental.completedAt, at) ? at.toISOString() : null,
          publishesBy: publishesBy(rental.completedAt),
        };
      });
    },

    /**
     * The renter's ratings by owners (issue 27), published ones only: before publication the owner's
     * rating stays hidden from the renter as the renter's review does from the owner.
     */
    async renterReviewsOf(renterId: string): Promise<MyRenterReviews> {
      const [rows, rating] = await Promise.all([
        repo.publishedRenterReviewsOf(db, renterId, MY_RATINGS_LIMIT),
        repo.renterRatingOf(db, renterId),
      ]);
      return {
        average: rating.average,
        count: rating.count,
        reviews: rows.map((r) => ({
          rentalId: r.rentalId,
          starRating: r.starRating,
          comment: r.comment,
          publishedOn: r.publishedAt!.toISOString(),
        })),
      };
    },

    /**
     * Publishes the reviews of rentals completed REVIEW_PUBLISH_DAYS ago or more that still wait for
     * the other side: safe on several instances (SKIP LOCKED) and catching up after downtime.
     */
    async publishDue(): Promise<number> {
      let count = 0;
      for (;;) {
        const done = await transact(db, async (tx) => {
          const at = clock.now();
          const due = await repo.lockDueForPublication(tx, new Date(at.getTime() - PUBLISH_MS), PUBLISH_BATCH);
          for (const rentalId of due) await publish(tx, rentalId, at);
          return due.length;
        });
        count += done;
        if (done < PUBLISH_BATCH) return count;
      }
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
