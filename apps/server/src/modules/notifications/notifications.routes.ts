import type { FastifyInstance } from 'fastify';
import {
  MarkNotificationsReadResponseSchema,
  MarkNotificationsReadSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
} from '@rentdrive/contracts/notifications';
import { NotificationPaths } from '@rentdrive/contracts/paths';
import { requireUser } from '../../plugins/session';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { NotificationsService } from './notifications.service';

/** The signed-in user's own notifications: listed newest first, marked read. */
export function registerNotificationsRoutes(app: FastifyInstance, service: NotificationsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    NotificationPaths.list,
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], querystring: NotificationsQuerySchema, response: { 200: NotificationsResponseSchema } },
    },
    async (request) => service.list(requireUser(request).id, request.query),
  );

  api.post(
    NotificationPaths.markRead,
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], body: MarkNotificationsReadSchema, response: { 200: MarkNotificationsReadResponseSchema } },
    },
    async (request) => service.markRead(requireUser(request).id, request.body?.ids),
  );
}
