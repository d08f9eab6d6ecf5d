import { ErrorCode } from '@rentdrive/contracts/errors';
import { ReviewMessages, type ReviewResponse } from '@rentdrive/contracts/reviews';
import { RentalMessages } from '@rentdrive/contracts/rentals';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../db/db-errors';
import { transact } from '../../db/transactions';
import type { NotificationsService } from '../notifications/notifications.service';
import { createReviewsRepository } from './reviews.repository';

export interface NewReview {
  rentalId: string;
  starRating: number;
  comment: string | null;
}

/** One review per rental, by its renter, once it is Completed: a review speaks for a rental that happened. */
export interface ReviewsServiceDeps {
  db: Db;
  clock: Clock;
  /** The vehicle's owner hears of each review. */
  notifications: Pick<NotificationsService, 'reviewReceived'>;
  /** …and gets a mail, written in the review's transaction (issue 25). */
  reviewMail?: { reviewed(tx: Tx, rentalId: string, starRating: number): Promise<void> };
}

export function createReviewsService({ db, clock, notifications, reviewMail }: ReviewsServiceDeps) {
  const repo = createReviewsRepository();
  return {
    async add(userId: string, input: NewReview): Promise<ReviewResponse> {
      const review = await transact(db, async (tx) => {
        const rental = await repo.lockRental(tx, input.rentalId);
        if (!rental) throw AppError.notFound(RentalMessages.rentalNotFound);
        if (rental.renterId !== userId) throw AppError.forbidden(ReviewMessages.notYourRental);
        if (await repo.hasReview(tx, rental.id)) throw AppError.conflict(ReviewMessages.alreadyReviewed);
        if (rental.status !== 'Completed') throw AppError.conflict(ReviewMessages.notCompleted, ErrorCode.InvalidState);
        try {
          const row = await repo.insertReview(tx, {
            rentalId: rental.id,
            vehicleId: rental.vehicleId,
            reviewerId: userId,
            starRating: input.starRating,
            comment: input.comment,
            createdAt: clock.now(),
          });
          await repo.addToVehicleRating(tx, rental.vehicleId, input.starRating);
          await notifications.reviewReceived(tx, rental.id, input.starRating);
          await reviewMail?.reviewed(tx, rental.id, input.starRating);
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
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
