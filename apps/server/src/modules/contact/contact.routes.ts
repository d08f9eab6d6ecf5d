import type { FastifyInstance } from 'fastify';
import { Contact } from '@rentdrive/contracts/contact';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import type { ContactService } from './contact.service';

/** Messages per client IP per minute: enough for a person, too few to flood the table. */
export const CONTACT_RATE_LIMIT_PER_MINUTE = 5;

export function registerContactRoutes(app: FastifyInstance, { service }: { service: ContactService }): void {
  const { route } = endpointRoutes(app, { tags: ['contact'] });
  route(
    Contact.send,
    { access: 'public', config: { rateLimit: { max: CONTACT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await service.submit(request.body);
      return reply.status(201).send({ succeeded: true });
    },
  );
}
