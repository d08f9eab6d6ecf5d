import type { FastifyInstance } from 'fastify';
import { NotificationClientMethods, type NotificationPush } from '@rentdrive/contracts/notifications';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Hub } from '../../realtime/hub';
import type { Services } from '../../services';
import type { ObjectStore } from '../../storage/object-store';
import { createClaimMail } from '../mail/mail.service';
import type { UploadLimits } from '../vehicles/vehicles.service';
import { registerClaimsRoutes } from './claims.routes';
import { createClaimsService } from './claims.service';

export interface ClaimsModuleDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  services: Services;
  images: ObjectStore;
  uploads: UploadLimits;
  /** The chat hub: notifications are pushed through it. */
  hub: () => Hub;
}

/** Builds the damage claims service and registers its routes (issue 27); one call from buildApp. */
export async function registerClaims(app: FastifyInstance, deps: ClaimsModuleDeps) {
  const claims = createClaimsService({
    db: deps.db,
    clock: deps.clock,
    wallet: deps.services.wallet,
    depositReleaseDays: deps.config.depositReleaseDays,
    push: (userId: string, payload: NotificationPush) =>
      deps.hub().sendToUser(userId, NotificationClientMethods.receiveNotification, [payload]),
    onError: (error: unknown) => app.log.error({ err: error }, 'claims: after commit'),
    // The links' origin as the booking mail has it (services.ts).
    mail: createClaimMail({
      mail: deps.services.mail,
      origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    }),
  });
  await registerClaimsRoutes(app, { service: claims, images: deps.images, uploads: deps.uploads });
  return claims;
}
