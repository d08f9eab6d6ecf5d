import type { FastifyInstance } from 'fastify';
import { Notifications } from '@rentdrive/contracts/notifications';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { NotificationsService } from './notifications.service';

/** The signed-in user's own notifications: listed newest first, marked read. */
export function registerNotificationsRoutes(app: FastifyInstance, service: NotificationsService): void {
  const { route } = endpointRoutes(app, { tags: ['notifications'] });
  route(Notifications.list, { access: 'user' }, async (request) => service.list(requireUser(request).id, request.query));
  route(Notifications.markRead, { access: 'user' }, async (request) => service.markRead(requireUser(request).id, request.body?.ids));
}
