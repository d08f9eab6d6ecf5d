import type { FastifyInstance } from 'fastify';
import { MailEndpoints } from '@rentdrive/contracts/mail';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import type { MailService } from './mail.service';

/**
 * The mail routes. POST /api/mail/unsubscribe?token=: the one-click unsubscribe of RFC 8058. Public: the signed token
 * is the permission, and a mail client posts it without cookies ('List-Unsubscribe=One-Click',
 * form-encoded, taken by the app's catch-all body parser and not needed).
 */
export function registerMailUnsubscribeRoutes(app: FastifyInstance, mail: MailService): void {
  const { route } = endpointRoutes(app, { tags: ['mail'] });
  route(MailEndpoints.unsubscribe, { access: 'public' }, async (request, reply) => {
    const { kind } = await mail.unsubscribe(request.query.token);
    reply.header('Cache-Control', 'no-store');
    return { unsubscribed: true as const, kind };
  });

  route(MailEndpoints.preferences, { access: 'user' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return mail.preferences(requireUser(request).id);
  });

  route(MailEndpoints.setPreference, { access: 'user' }, async (request) => mail.setPreference(requireUser(request).id, request.body));

  // The operator's view (company employees): what did not go out, and a failed message sent again.
  route(MailEndpoints.outbox, { access: 'employee' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { items: await mail.undelivered(request.query.status) };
  });
  route(MailEndpoints.retry, { access: 'employee' }, async (request) => mail.retry(request.params.id));
}
