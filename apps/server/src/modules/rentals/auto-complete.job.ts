import type { FastifyBaseLogger } from 'fastify';
import type { ReviewsService } from '../reviews/reviews.service';
import type { RentalsService } from './rentals.service';

/** How often each instance looks for rentals to auto-complete. */
export const AUTO_COMPLETE_INTERVAL_MS = 10 * 60_000;
/** The first run, shortly after start (not at once: the seed may still be running). */
export const AUTO_COMPLETE_FIRST_RUN_MS = 30_000;

/**
 * The scheduled auto-complete. Each instance runs its own timer; correctness does not depend on it
 * (the service locks rows with SKIP LOCKED), the timer only decides when work is looked for.
 * Timers are unref'd so they never keep the process alive; stop() waits for a run in progress.
 */
export function startAutoCompleteJob(rentals: RentalsService, log: FastifyBaseLogger, reviews?: Pick<ReviewsService, 'publishDue'>) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = rentals
      .completeDueRentals()
      .then((count) => {
        if (count > 0) log.info({ count }, 'auto-completed rentals');
      })
      // Booking rules' timed work (issue 27): expired requests, owners' shares of cancellations, deposits.
      .then(() => rentals.runBookingRuleJobs())
      .then((counts) => {
        if (counts.expired + counts.ownerPayouts + counts.depositsReleased > 0) log.info(counts, 'booking rules job');
      })
      // Reviews waiting 14 days after completion for the other side are published (issue 27, double-blind).
      .then(() => reviews?.publishDue())
      .then((published) => {
        if (published) log.info({ published }, 'reviews published');
      })
      .catch((error: unknown) => log.error({ err: error }, 'auto-complete failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, AUTO_COMPLETE_FIRST_RUN_MS);
  const interval = setInterval(run, AUTO_COMPLETE_INTERVAL_MS);
  first.unref();
  interval.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
