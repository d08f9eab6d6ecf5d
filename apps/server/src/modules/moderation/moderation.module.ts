import type { FastifyInstance } from 'fastify';
import { ModerationMessages } from '@rentdrive/contracts/moderation';
import { NotificationClientMethods, type NotificationPush } from '@rentdrive/contracts/notifications';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit';
import type { Hub } from '../../realtime/hub';
import type { Services } from '../../services';
import { registerModerationRoutes } from './moderation.routes';
import { createModerationService } from './moderation.service';

/** Reports one user may send in an hour. */
export const REPORTS_PER_HOUR = 10;

export interface ModerationModuleDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  services: Services;
  limiter: (rule: RateLimitRule) => RateLimiter;
  /** The chat hub: notifications are pushed through it. */
  hub: () => Hub;
  /** Closes the hub connections of ended sessions on every instance. */
  endSessions: (sessionIds: string[]) => Promise<void>;
}

/** Builds the moderation service and registers its routes (issue 28); one call from buildApp. */
export function registerModeration(app: FastifyInstance, deps: ModerationModuleDeps) {
  const moderation = createModerationService({
    db: deps.db,
    clock: deps.clock,
    mail: deps.services.mail,
    productName: deps.config.productName,
    origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    reportRate: deps.limiter({ name: 'reports', max: REPORTS_PER_HOUR, windowMs: 3_600_000, detail: ModerationMessages.tooManyReports }),
    wallet: deps.services.wallet,
    push: (userId: string, payload: NotificationPush) =>
      deps.hub().sendToUser(userId, NotificationClientMethods.receiveNotification, [payload]),
    onSessionsEnded: deps.endSessions,
    onError: (error: unknown) => app.log.error({ err: error }, 'moderation: after commit'),
  });
  registerModerationRoutes(app, moderation);
  return moderation;
}
