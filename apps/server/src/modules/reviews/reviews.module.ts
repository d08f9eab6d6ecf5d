import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerReviewsRoutes } from './reviews.routes';
import { createReviewsService } from './reviews.service';

/** Reviews of completed rentals; the vehicle details endpoint (vehicles module) reads them. */
export async function registerReviewsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const reviews = createReviewsService({ db: deps.database.db, clock: deps.clock });
  deps.services.reviews = reviews;
  registerReviewsRoutes(app, reviews);
}
