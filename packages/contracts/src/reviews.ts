import { z } from 'zod';
import { endpoint } from './endpoint';
import { ReviewPaths } from './paths/reviews';
import { multiline } from './text';

export const ReviewMessages = {
  rentalRequired: 'Choose the rental to review.',
  starRatingInvalid: 'Choose a rating from 1 to 5 stars.',
  commentMax: 'The comment can be at most 500 characters.',
  notCompleted: 'Only a completed rental can be reviewed.',
  alreadyReviewed: 'You have already reviewed this rental.',
  notYourRental: 'Only the renter can review this rental.',
} as const;

export const REVIEW_COMMENT_MAX = 500;
export const MIN_STARS = 1;
export const MAX_REVIEW_STARS = 5;

/** A review's stars and comment, as a renter rates a vehicle and an owner a renter. An empty comment counts as none. */
export const ReviewScoreSchema = z.object({
  starRating: z
    .number({ error: ReviewMessages.starRatingInvalid })
    .int(ReviewMessages.starRatingInvalid)
    .min(MIN_STARS, ReviewMessages.starRatingInvalid)
    .max(MAX_REVIEW_STARS, ReviewMessages.starRatingInvalid),
  comment: multiline(
    z
      .string()
      .trim()
      .max(REVIEW_COMMENT_MAX, ReviewMessages.commentMax)
      .nullish()
      .transform((v) => (v ? v : null)),
  ),
});

/** POST /api/vehiclereview/add. */
export const AddReviewRequestSchema = z.object({
  rentalId: z.string({ error: ReviewMessages.rentalRequired }).uuid(ReviewMessages.rentalRequired),
  ...ReviewScoreSchema.shape,
});
export type AddReviewRequest = z.input<typeof AddReviewRequestSchema>;

export const ReviewResponseSchema = z.object({
  id: z.string().uuid(),
  rentalId: z.string().uuid(),
  vehicleId: z.string().uuid(),
  username: z.string(),
  starRating: z.number(),
  comment: z.string().nullable(),
  createdOn: z.string(),
});
export type ReviewResponse = z.infer<typeof ReviewResponseSchema>;

export const Reviews = {
  add: endpoint('POST', ReviewPaths.add, { body: AddReviewRequestSchema, response: { 200: ReviewResponseSchema } }),
};
