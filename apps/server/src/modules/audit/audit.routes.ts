import type { FastifyInstance } from 'fastify';
import { Audit } from '@rentdrive/contracts/audit';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import type { AuditService } from './audit.service';

/** GET /api/moderation/audit: company employees read the audit trail (everyone else 401 / 403). */
export function registerAuditRoutes(app: FastifyInstance, service: AuditService): void {
  const { route } = endpointRoutes(app, { tags: ['moderation'] });
  route(Audit.list, { access: 'employee' }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return service.list(request.query);
  });
}
