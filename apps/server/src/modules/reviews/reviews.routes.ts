import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AddReviewRequestSchema, ReviewResponseSchema } from '@rentdrive/contracts/reviews';
import { requireUser } from '../../plugins/session';

// Anonymous callers get 401 before their body is validated.
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
const requireSignedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
import type { ReviewsService } from './reviews.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { ReviewPaths } from '@rentdrive/contracts/paths';

export function registerReviewsRoutes(app: FastifyInstance, reviews: ReviewsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    ReviewPaths.add,
    {
      config: { access: 'owner' },
      onRequest: requireSignedIn,
      schema: { tags: ['reviews'], body: AddReviewRequestSchema, response: { 200: ReviewResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      return reviews.add(user.id, request.body);
    },
  );
}
